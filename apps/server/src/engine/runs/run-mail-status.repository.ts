import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import { summariseMailStatus } from './run-mail-status.js';

/** Recomputes `job_runs.send_email_status` of a run from its mails. */
export async function refreshRunMailStatus(db: Kysely<Database> | WriteScope, runId: string): Promise<void> {
  const rows = await db.selectFrom('mail_outbox').select('status').where('run_id', '=', runId).execute();
  await db
    .updateTable('job_runs')
    .set({ send_email_status: summariseMailStatus(rows.map((row) => row.status)) })
    .where('id', '=', runId)
    .execute();
}
