import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The SQL of the Expected Run Job report (expected-run-report.ts). */

/** Scheduled job runs (skipped fires left out) scheduled within the window, of the companies (null: all). */
export function scheduledRunsBetween(
  db: Kysely<Database>,
  companies: string[] | null,
  window: { dayStart: number; dayEnd: number },
) {
  let query = db
    .selectFrom('job_runs')
    .select(['company_code', 'legacy_id', 'scheduled_at', 'started_at', 'queued_at'])
    .where('owner_kind', '=', 'job')
    .where('kind', '=', 'scheduled')
    .where('state', '!=', 'SKIPPED')
    .where('scheduled_at', '>=', window.dayStart)
    .where('scheduled_at', '<', window.dayEnd);
  if (companies !== null) query = query.where('company_code', 'in', companies);
  return query.execute();
}

/** Successful saves of a job configuration since `dayStart` that recorded their details. */
export function jobConfigSavesSince(db: Kysely<Database>, companies: string[] | null, dayStart: number) {
  let query = db
    .selectFrom('audit_log')
    .select(['target', 'at', 'details'])
    .where('at', '>=', dayStart)
    .where('status_code', '<', 300)
    .where('route', 'like', '%job-config%')
    .where('details', 'is not', null);
  if (companies !== null) query = query.where('company_code', 'in', companies);
  return query.execute();
}

/** The jobs of the companies (null: all), by company and id. */
export function reportJobs(db: Kysely<Database>, companies: string[] | null) {
  let jobs = db
    .selectFrom('job_configs')
    .select([
      'company_code',
      'legacy_id',
      'legacy_name',
      'legacy_type',
      'is_active',
      'cron_trigger',
      'created_at',
    ])
    .orderBy('company_code')
    .orderBy('legacy_id');
  if (companies !== null) jobs = jobs.where('company_code', 'in', companies);
  return jobs.execute();
}
