import { jobOptionLabel } from '../../ui/company-jobs';
import { alignTriggerCalendars } from '../calendars';
import {
  DEFAULT_SID,
  parseChainMembers,
  type ChainJob,
  type ChainJobWrite,
  type TrueFalse,
} from '@lis/contracts';

/** One member row of the form: the chosen job and its name (read-only, filled from the choice). */
export interface ChainMemberRow {
  legacyId?: string | undefined;
  legacyName: string;
}

export type ChainJobFormMode = 'add' | 'edit';

/** The chain job dialog's fields (spec 001 §2 "Chain Job Config screen"). */
export interface ChainJobFormValues {
  Sid: string;
  CompanyCode?: string | undefined;
  ChainId: string;
  ChainName: string;
  IsActive: TrueFalse;
  /** The ImportantJob box (ours: the spec shows it unwired). */
  ImportantJob: TrueFalse;
  /** Expressions joined by `|`. */
  CronTrigger: string;
  /** The calendar of each trigger (issue 34), `|`-joined and aligned with CronTrigger; '' = none. */
  TriggerCalendars: string;
  members: ChainMemberRow[];
}

/** The rows with a chosen job → `legacyId,legacyName|…` (the server names each member from its job). */
export function joinLegacyList(rows: readonly ChainMemberRow[]): string {
  return rows
    .filter((row): row is ChainMemberRow & { legacyId: string } => Boolean(row.legacyId))
    .map((row) => `${row.legacyId},${row.legacyName.replace(/[|,]/g, ' ')}`)
    .join('|');
}

/** "J1: Job one", as the Legacy ID dropdown shows a job. */
export const memberLabel = jobOptionLabel;

export function emptyChainJobForm(): ChainJobFormValues {
  return {
    Sid: DEFAULT_SID,
    CompanyCode: undefined,
    ChainId: '',
    ChainName: '',
    IsActive: 'false',
    ImportantJob: 'false',
    CronTrigger: '',
    TriggerCalendars: '',
    members: [{ legacyId: undefined, legacyName: '' }],
  };
}

/** A chain as the form shows it; from a template (`asTemplate`), the chain id is left for the user. */
export function chainJobFormValues(chain: ChainJob, asTemplate = false): ChainJobFormValues {
  const members = parseChainMembers(chain.legacyList);
  return {
    Sid: DEFAULT_SID,
    CompanyCode: chain.companyCode,
    ChainId: asTemplate ? '' : chain.chainId,
    ChainName: chain.chainName,
    IsActive: chain.isActive,
    ImportantJob: chain.importantJob,
    CronTrigger: chain.cronTrigger,
    TriggerCalendars: chain.triggerCalendars ?? '',
    members: members.length > 0 ? members : emptyChainJobForm().members,
  };
}

/** The body of POST …/insert and PUT …/update, the triggers' calendars aligned with the triggers. */
export function toChainJobWrite(values: ChainJobFormValues): ChainJobWrite {
  const triggers = values.CronTrigger.split('|').filter((expression) => expression.trim() !== '');
  return {
    Sid: values.Sid || DEFAULT_SID,
    CompanyCode: values.CompanyCode ?? '',
    ChainId: values.ChainId.trim(),
    ChainName: values.ChainName.trim(),
    IsActive: values.IsActive,
    ImportantJob: values.ImportantJob,
    LegacyList: joinLegacyList(values.members),
    CronTrigger: values.CronTrigger,
    TriggerCalendars: alignTriggerCalendars(values.TriggerCalendars, triggers.length),
  };
}
