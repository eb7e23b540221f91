import { Type, type Static } from '@sinclair/typebox';
import { ISO_DATE_TIME } from './common.js';

/*
 * Retention (docs/decisions/0022-retention.md): how many days ended runs, logs, kept files (backups) and
 * outbox mails are kept before a worker node's sweep deletes them. 0 keeps them for ever. A super_admin
 * reads and changes them.
 */

/** At most ten years. */
export const RETENTION_MAX_DAYS = 3650;
const Days = Type.Integer({ minimum: 0, maximum: RETENTION_MAX_DAYS });

export const RetentionSettings = Type.Object(
  {
    /**
     * Ended runs with their steps, ledger rows and system-log lines (and system-log lines of no run);
     * also alerts no longer open with their deliveries, and the days of file deadlines (issue 35).
     */
    runs_days: Days,
    /** Application-log rows (the function's per-document results). */
    logs_days: Days,
    /** Kept files of ended runs; a run's kept files go with it at the latest (runs_days). */
    backups_days: Days,
    /** Outbox mails that are no longer waiting to be sent. */
    mails_days: Days,
    /**
     * The DEMO company's window for all of the above (each the shorter of the two), and the age after
     * which the demo prunes its sFTP return folders. 0: the demo follows the other settings.
     */
    demo_days: Days,
  },
  { additionalProperties: false },
);
export type RetentionSettings = Static<typeof RetentionSettings>;

export const DEFAULT_RETENTION: RetentionSettings = {
  runs_days: 90,
  logs_days: 90,
  backups_days: 30,
  mails_days: 30,
  demo_days: 2,
};

/** What one sweep deleted. */
export const RetentionCounts = Type.Object({
  runs: Type.Integer({ minimum: 0 }),
  run_steps: Type.Integer({ minimum: 0 }),
  ledger_rows: Type.Integer({ minimum: 0 }),
  system_log: Type.Integer({ minimum: 0 }),
  application_log: Type.Integer({ minimum: 0 }),
  mails: Type.Integer({ minimum: 0 }),
  missed_fires: Type.Integer({ minimum: 0 }),
  /** Alerts no longer open (acknowledged or resolved) past `runs_days`, with their deliveries and attempts. */
  alerts: Type.Integer({ minimum: 0 }),
  alert_deliveries: Type.Integer({ minimum: 0 }),
  alert_attempts: Type.Integer({ minimum: 0 }),
  /** Days of file deadlines (expectations) past `runs_days`, and at least 32 days old. */
  expectation_days: Type.Integer({ minimum: 0 }),
  /** Ledger rows whose kept copy expired while their run is kept. */
  backups_expired: Type.Integer({ minimum: 0 }),
  /** Files deleted from the file store. */
  files_deleted: Type.Integer({ minimum: 0 }),
  /** Files the file store could not delete (retried by the next sweep). */
  files_failed: Type.Integer({ minimum: 0 }),
});
export type RetentionCounts = Static<typeof RetentionCounts>;

export const RetentionLastSweep = Type.Object({
  started_at: ISO_DATE_TIME,
  finished_at: ISO_DATE_TIME,
  counts: RetentionCounts,
});
export type RetentionLastSweep = Static<typeof RetentionLastSweep>;

/** `GET /v1/settings/retention` and the answer of `PUT`. */
export const RetentionSettingsResponse = Type.Object({
  settings: RetentionSettings,
  defaults: RetentionSettings,
  /** The last sweep that completed, on any node; null before the first. */
  last_sweep: Type.Union([RetentionLastSweep, Type.Null()]),
});
export type RetentionSettingsResponse = Static<typeof RetentionSettingsResponse>;

/** `POST /v1/settings/retention/sweep`: runs a sweep now, unless another node is sweeping. */
export const RetentionSweepResponse = Type.Object({
  message: Type.String(),
  ran: Type.Boolean(),
  counts: Type.Union([RetentionCounts, Type.Null()]),
});
export type RetentionSweepResponse = Static<typeof RetentionSweepResponse>;
