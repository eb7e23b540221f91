import { sql, type Kysely } from 'kysely';

/**
 * At most one status e-mail per (run, condition) (DESIGN §5 "E-mail", decision 0016):
 * - `message_id`: the mail's Message-ID, fixed when it is queued and the same on every attempt;
 * - a unique index on (run_id, condition), so a re-run of the e-mail step or a takeover updates the
 *   run's mail instead of queuing a second one. Mails of the same run and condition queued before
 *   (a re-run used to add one) keep their history but no longer count for the run: all but the newest
 *   lose their run id.
 * The outbox's states grow SENDING (a node is in the SMTP conversation) and UNKNOWN (the relay may
 * have it); `status` is varchar(10), wide enough.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('message_id', 'varchar(255)').execute();
  await sql`
    update mail_outbox set run_id = null
    where run_id is not null
      and seq < (
        select max(newer.seq) from mail_outbox newer
        where newer.run_id = mail_outbox.run_id and newer.condition = mail_outbox.condition
      )
  `.execute(db);
  await db.schema
    .createIndex('mail_outbox_run_condition_uq')
    .on('mail_outbox')
    .columns(['run_id', 'condition'])
    .unique()
    .execute();
}
