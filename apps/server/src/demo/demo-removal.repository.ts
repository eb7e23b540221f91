import type { Kysely, Transaction } from 'kysely';
import { bumpJobListVersion } from '../db/job-list-version.js';
import type { Database } from '../db/schema.js';
import { endActiveRunsOfCompany } from '../engine/runs/run-cancel.repository.js';
import { deleteRunsOfCompany, deleteStepsOfCompanyRuns } from '../engine/runs/run-deletion.repository.js';
import { SHARED_CALENDAR_COMPANY } from '@lis/contracts';
import { splitTriggerCalendars } from '../modules/calendars/trigger-calendars.js';
import { DEMO_COMPANY, DEMO_WRITER } from './demo-layout.js';
import { TH_BANK_HOLIDAYS_NAME } from './th-bank-holidays-ics.js';

/** The SQL of removing the demo company: every row that is the demo's, in dependency order. */
export class DemoRemovalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async companyExists(): Promise<boolean> {
    const company = await this.db
      .selectFrom('companies')
      .select('company_code')
      .where('company_code', '=', DEMO_COMPANY)
      .executeTakeFirst();
    return company !== undefined;
  }

  /** No new fires: the demo's jobs, chains, triggers and their missed fires go. Answers the jobs deleted. */
  async stopFiring(now: number): Promise<number> {
    return this.db.transaction().execute(async (k) => {
      const jobs = await k
        .deleteFrom('job_configs')
        .where('company_code', '=', DEMO_COMPANY)
        .executeTakeFirst();
      await bumpJobListVersion(k, now);
      await k.deleteFrom('chain_jobs').where('company_code', '=', DEMO_COMPANY).execute();
      const triggerIds = k.selectFrom('triggers').select('id').where('company_code', '=', DEMO_COMPANY);
      await k.deleteFrom('missed_fires').where('trigger_id', 'in', triggerIds).execute();
      await k.deleteFrom('triggers').where('company_code', '=', DEMO_COMPANY).execute();
      return Number(jobs.numDeletedRows);
    });
  }

  /** Queued and waiting demo runs end STOPPED at once; running ones are asked to stop. */
  endActiveRuns(now: number, message: string, by: string): Promise<void> {
    return endActiveRunsOfCompany(this.db, DEMO_COMPANY, now, message, by);
  }

  async hasActiveRuns(): Promise<boolean> {
    const active = await this.db
      .selectFrom('job_runs')
      .select('id')
      .where('company_code', '=', DEMO_COMPANY)
      .where('state', 'in', ['QUEUED', 'WAITING', 'RUNNING'])
      .executeTakeFirst();
    return active !== undefined;
  }

  /** The file-store keys of the demo runs' kept files. */
  async keptFileKeys(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('run_files')
      .select('blob_key')
      .where('company_code', '=', DEMO_COMPANY)
      .execute();
    return rows.map((row) => row.blob_key);
  }

  /**
   * Deletes, in one transaction, every remaining row of the demo company (runs and all they own, logs,
   * outbox, configuration, servers, e-mail content, memberships, the company) and the users whose only
   * company it was. The audit log is kept. Answers the runs deleted and the users removed.
   */
  async deleteEverything(now: number): Promise<{ runs: number; users: string[] }> {
    const members = await this.db
      .selectFrom('user_companies')
      .select('username')
      .where('company_code', '=', DEMO_COMPANY)
      .execute();
    return this.db.transaction().execute(async (trx) => {
      const runIds = trx.selectFrom('job_runs').select('id').where('company_code', '=', DEMO_COMPANY);
      const fileSeqs = trx.selectFrom('run_files').select('seq').where('run_id', 'in', runIds);
      await trx.deleteFrom('file_deliveries').where('file_seq', 'in', fileSeqs).execute();
      await trx.deleteFrom('run_files').where('company_code', '=', DEMO_COMPANY).execute();
      await deleteStepsOfCompanyRuns(trx, DEMO_COMPANY);
      await trx.deleteFrom('application_log').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('mail_outbox').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('system_log').where('company_code', '=', DEMO_COMPANY).execute();
      const deletedRuns = await deleteRunsOfCompany(trx, DEMO_COMPANY);
      await trx.deleteFrom('job_configs').where('company_code', '=', DEMO_COMPANY).execute();
      await bumpJobListVersion(trx, now);
      await trx.deleteFrom('chain_jobs').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('triggers').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('sftp_servers').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('api_servers').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('dms_servers').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('email_contents').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('calendars').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('job_expectations').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('expectation_days').where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('server_checks').where('company_code', '=', DEMO_COMPANY).execute();
      await deleteDemoCalendar(trx);
      // Its alerts (issue 35): attempts, deliveries, alerts, rules, channels.
      await trx
        .deleteFrom('alert_delivery_attempts')
        .where('event_id', 'in', (eb) =>
          eb.selectFrom('alerts').select('event_id').where('company_code', '=', DEMO_COMPANY),
        )
        .execute();
      for (const table of ['alert_deliveries', 'alerts', 'alert_rules', 'alert_channels'] as const)
        await trx.deleteFrom(table).where('company_code', '=', DEMO_COMPANY).execute();
      await trx.deleteFrom('user_companies').where('company_code', '=', DEMO_COMPANY).execute();
      const users: string[] = [];
      for (const { username } of members) {
        const other = await trx
          .selectFrom('user_companies')
          .select('username')
          .where('username', '=', username)
          .executeTakeFirst();
        if (other) continue;
        await trx.deleteFrom('token_revocations').where('username', '=', username).execute();
        await trx.deleteFrom('users').where('username', '=', username).execute();
        users.push(username);
      }
      await trx.deleteFrom('companies').where('company_code', '=', DEMO_COMPANY).execute();
      return { runs: deletedRuns, users };
    });
  }
}

/**
 * The shared calendar the demo imported (TH-BANK-HOLIDAYS), with its system-log line, once the demo's
 * jobs are gone — unless someone else made it theirs: it was changed since (updated_by is no longer
 * the demo's) or a trigger of another company names it. Then it stays.
 */
async function deleteDemoCalendar(trx: Transaction<Database>): Promise<void> {
  const name = TH_BANK_HOLIDAYS_NAME;
  const calendar = await trx
    .selectFrom('calendars')
    .select('updated_by')
    .where('company_code', '=', SHARED_CALENDAR_COMPANY)
    .where('name', '=', name)
    .executeTakeFirst();
  if (calendar?.updated_by !== DEMO_WRITER) return;
  const naming = [
    ...(await trx
      .selectFrom('job_configs')
      .select('trigger_calendars')
      .where('trigger_calendars', 'like', `%${name}%`)
      .execute()),
    ...(await trx
      .selectFrom('chain_jobs')
      .select('trigger_calendars')
      .where('trigger_calendars', 'like', `%${name}%`)
      .execute()),
  ];
  if (naming.some((row) => splitTriggerCalendars(row.trigger_calendars).includes(name))) return;
  await trx
    .deleteFrom('calendars')
    .where('company_code', '=', SHARED_CALENDAR_COMPANY)
    .where('name', '=', name)
    .execute();
  await trx
    .deleteFrom('system_log')
    .where('company_code', '=', SHARED_CALENDAR_COMPANY)
    .where('msg_source', '=', 'calendars')
    .where('message', 'in', [`Calendar ${name} created by ${DEMO_WRITER}`])
    .execute();
}
