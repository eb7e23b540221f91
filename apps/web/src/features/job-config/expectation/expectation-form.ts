import type { JobExpectation, JobExpectationKey } from '@lis/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The job form's "File deadline" section (issue 35), under the form's `expectation` name. */
export interface ExpectationFormValues {
  enabled: boolean;
  /** HH:mm in the server's zone (LIS_TIMEZONE), as the TimePicker holds it. */
  deadline: Dayjs | null;
  warn_before_minutes: number | null;
  min_files: number | null;
  /** null: no upper bound. */
  max_files: number | null;
  min_size_bytes: number | null;
  /** What the server holds for the job (null: none): switched off, it is deleted; unchanged, not sent. */
  stored: JobExpectation | null;
}

export const TIME_FORMAT = 'HH:mm';
export const WARN_MAX_MINUTES = 720;
export const FILES_MAX = 100_000;

export const emptyExpectationForm = (): ExpectationFormValues => ({
  enabled: false,
  deadline: null,
  warn_before_minutes: 30,
  min_files: 1,
  max_files: null,
  min_size_bytes: 0,
  stored: null,
});

/** `HH:MM` as a picker's value (any date: only its time is read). */
const pickOf = (deadline: string): Dayjs | null => {
  const pick = dayjs(`2000-01-01T${deadline}:00`);
  return pick.isValid() ? pick : null;
};

/**
 * The section's values from the job's stored expectation (`stored`: whether saving replaces it or
 * makes a new one — a template's expectation is copied into a new job, not stored for it yet).
 */
export function expectationToForm(
  expectation: JobExpectation | null,
  stored: boolean = true,
): ExpectationFormValues {
  if (!expectation) return emptyExpectationForm();
  return {
    enabled: expectation.enabled,
    deadline: pickOf(expectation.deadline),
    warn_before_minutes: expectation.warn_before_minutes,
    min_files: expectation.min_files,
    max_files: expectation.max_files,
    min_size_bytes: expectation.min_size_bytes,
    stored: stored ? expectation : null,
  };
}

/** The body of PUT /v1/job-expectations for the job `key`. */
export function toExpectationWrite(values: ExpectationFormValues, key: JobExpectationKey): JobExpectation {
  return {
    company_code: key.company_code,
    legacy_id: key.legacy_id,
    enabled: true,
    deadline: values.deadline ? values.deadline.format(TIME_FORMAT) : '',
    warn_before_minutes: values.warn_before_minutes ?? 0,
    min_files: values.min_files ?? 1,
    max_files: values.max_files ?? null,
    min_size_bytes: values.min_size_bytes ?? 0,
  };
}

/** What saving the job does to its expectation: replace it (PUT), delete it, or nothing. */
export type ExpectationChange =
  { kind: 'put'; body: JobExpectation } | { kind: 'delete'; key: JobExpectationKey } | { kind: 'none' };

const sameExpectation = (a: JobExpectation, b: JobExpectation) =>
  (Object.keys(a) as (keyof JobExpectation)[]).every((key) => a[key] === b[key]);

/**
 * Switched on: PUT unless the server holds the same already (each write is logged and makes the
 * undecided days again). Switched off: DELETE when the job had one, else nothing.
 */
export function expectationChange(
  values: ExpectationFormValues | undefined,
  key: JobExpectationKey,
): ExpectationChange {
  if (!values) return { kind: 'none' };
  if (values.enabled) {
    const body = toExpectationWrite(values, key);
    return values.stored && sameExpectation(values.stored, body) ? { kind: 'none' } : { kind: 'put', body };
  }
  return values.stored ? { kind: 'delete', key } : { kind: 'none' };
}

/* Checks: each answers the key of a message in expectation.i18n.ts, or undefined when valid. */

export type ExpectationCheck =
  | 'deadlineRequired'
  | 'warnInvalid'
  | 'warnBeforeDay'
  | 'minFilesInvalid'
  | 'maxFilesInvalid'
  | 'maxBelowMin'
  | 'minSizeInvalid';

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export const checkDeadline = (value: Dayjs | null | undefined): ExpectationCheck | undefined =>
  value ? undefined : 'deadlineRequired';

/** 0..720 minutes, and not before the day starts (the server's rule: a warning on the same day). */
export function checkWarn(value: unknown, deadline: Dayjs | null | undefined): ExpectationCheck | undefined {
  if (!isWhole(value, 0, WARN_MAX_MINUTES)) return 'warnInvalid';
  if (deadline && value > deadline.hour() * 60 + deadline.minute()) return 'warnBeforeDay';
  return undefined;
}

export const checkMinFiles = (value: unknown): ExpectationCheck | undefined =>
  isWhole(value, 1, FILES_MAX) ? undefined : 'minFilesInvalid';

export function checkMaxFiles(value: unknown, min: unknown): ExpectationCheck | undefined {
  if (value === null || value === undefined) return undefined;
  if (!isWhole(value, 1, FILES_MAX)) return 'maxFilesInvalid';
  return typeof min === 'number' && value < min ? 'maxBelowMin' : undefined;
}

export const checkMinSize = (value: unknown): ExpectationCheck | undefined =>
  isWhole(value, 0, Number.MAX_SAFE_INTEGER) ? undefined : 'minSizeInvalid';

/** `1.5 MB`, `200 KB`, `512 bytes`: a size in bytes as a reader takes it in (1 KB = 1024 bytes). */
export function sizeText(bytes: number, bytesWord: string): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  if (bytes < 1024) return `${bytes} ${bytesWord}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}
