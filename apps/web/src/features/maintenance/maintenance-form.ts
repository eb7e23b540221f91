import {
  MAINTENANCE_MAX_DURATION_MINUTES,
  MAINTENANCE_ONCE_MAX_DAYS,
  type MaintenanceWindow,
  type MaintenanceWrite,
} from '@lis/contracts';
import type { Dayjs } from 'dayjs';
import { instantOfWallPick, wallPickOf } from '../../ui/zone-wall-time';

/** The editor's fields: both kinds' own (only the chosen kind's are shown and sent). */
export interface MaintenanceFormValues {
  company_code: string;
  name: string;
  description: string;
  enabled: boolean;
  kind: 'once' | 'recurring';
  /** once: wall times of the console's zone (the server's). */
  from: Dayjs | null;
  to: Dayjs | null;
  /** recurring: each fire time of the Quartz expression starts a window of `duration_minutes`. */
  cron: string;
  duration_minutes: number | null;
  /** The expression's IANA zone; '' = the server's (LIS_TIMEZONE). */
  tz: string;
}

export const emptyMaintenanceForm = (companyCode: string): MaintenanceFormValues => ({
  company_code: companyCode,
  name: '',
  description: '',
  enabled: true,
  kind: 'once',
  from: null,
  to: null,
  cron: '',
  duration_minutes: 60,
  tz: '',
});

/** The form of a saved window (the other kind's fields at their defaults). */
export function formFromWindow(saved: MaintenanceWindow): MaintenanceFormValues {
  const values: MaintenanceFormValues = {
    ...emptyMaintenanceForm(saved.company_code),
    name: saved.name,
    description: saved.description,
    enabled: saved.enabled,
    kind: saved.schedule.kind,
  };
  const { schedule } = saved;
  if (schedule.kind === 'once')
    return { ...values, from: wallPickOf(schedule.from), to: wallPickOf(schedule.to) };
  return {
    ...values,
    cron: schedule.cron,
    duration_minutes: schedule.duration_minutes,
    tz: schedule.tz ?? '',
  };
}

/** The body of POST / PUT: the chosen kind's schedule only; one-off times as instants of the console's zone. */
export function toWrite(values: MaintenanceFormValues): MaintenanceWrite {
  const common = {
    company_code: values.company_code,
    name: values.name.trim(),
    description: values.description.trim(),
    enabled: values.enabled,
  };
  if (values.kind === 'once')
    return {
      ...common,
      schedule: {
        kind: 'once',
        from: values.from ? instantOfWallPick(values.from) : '',
        to: values.to ? instantOfWallPick(values.to) : '',
      },
    };
  return {
    ...common,
    schedule: {
      kind: 'recurring',
      cron: values.cron.trim(),
      duration_minutes: values.duration_minutes ?? 0,
      ...(values.tz ? { tz: values.tz } : {}),
    },
  };
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export type MaintenanceCheck =
  | 'nameRequired'
  | 'nameInvalid'
  | 'fromRequired'
  | 'toRequired'
  | 'toBeforeFrom'
  | 'tooLong'
  | 'cronRequired'
  | 'durationRequired';

export function checkName(value: string | undefined): MaintenanceCheck | undefined {
  const name = (value ?? '').trim();
  if (!name) return 'nameRequired';
  return name.length <= 64 && NAME.test(name) ? undefined : 'nameInvalid';
}

/** The end of a one-off window: after its start, at most MAINTENANCE_ONCE_MAX_DAYS later. */
export function checkSpan(from: Dayjs | null, to: Dayjs | null): MaintenanceCheck | undefined {
  if (!to) return 'toRequired';
  if (!from) return undefined;
  if (!to.isAfter(from)) return 'toBeforeFrom';
  return to.diff(from, 'minute') > MAINTENANCE_ONCE_MAX_DAYS * 24 * 60 ? 'tooLong' : undefined;
}

export const checkCron = (value: string | undefined): MaintenanceCheck | undefined =>
  (value ?? '').trim() ? undefined : 'cronRequired';

export const checkDuration = (value: number | null | undefined): MaintenanceCheck | undefined =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= MAINTENANCE_MAX_DURATION_MINUTES
    ? undefined
    : 'durationRequired';
