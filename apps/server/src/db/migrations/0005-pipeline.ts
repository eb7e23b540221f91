import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * The file pipeline (DESIGN §4): each run's steps, the file ledger and its deliveries, the
 * application log, and the mail outbox.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const time = 'bigint';
  const serial = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('seq', dialect === 'postgres' ? sql`bigserial` : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );

  // One row per run and step (1 load, 5 conversion, 2 call, 3 return, 4 function status, 6 e-mail).
  await db.schema
    .createTable('run_steps')
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('started_at', time)
    .addColumn('finished_at', time)
    .addColumn('message', 'text')
    .addPrimaryKeyConstraint('run_steps_pk', ['run_id', 'step'])
    .execute();

  // Every file a run touches: where it came from, its content's hash and where its copy is kept.
  await serial('run_files')
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('legacy_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('job_instance_no', 'varchar(160)', (c) => c.notNull())
    /** source, return_success, return_error, api_request, api_response, step4_error. */
    .addColumn('list_type', 'varchar(24)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    /** Where it came from, e.g. `sftp:{server}:{path}` or `function:{class}.{function}`. */
    .addColumn('origin', 'varchar(1200)', (c) => c.notNull())
    .addColumn('blob_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('run_files_unique_idx')
    .on('run_files')
    .columns(['run_id', 'list_type', 'file_name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('run_files_job_idx')
    .on('run_files')
    .columns(['company_code', 'legacy_id', 'job_instance_no'])
    .execute();

  // Each place a file was delivered: unique, so that no re-run delivers it there twice.
  await db.schema
    .createTable('file_deliveries')
    .addColumn('file_seq', 'bigint', (c) => c.notNull())
    /** e.g. `sftp:{server}:{path}/{name}` or `dms:{server}:{bucket}/{box}`. */
    .addColumn('destination', 'varchar(1400)', (c) => c.notNull())
    .addColumn('delivered_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('file_deliveries_pk', ['file_seq', 'destination'])
    .execute();

  // Spec 000 §3 "Application log row": the function's per-document results.
  await serial('application_log')
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('legacy_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('job_instance_no', 'varchar(160)', (c) => c.notNull())
    .addColumn('transaction_id', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('transaction_date', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_id1', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_id2', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_id3', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('doc_type', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('doc_year', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('item_no', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('doc_date', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('post_date', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    /** E error, S success. */
    .addColumn('status', 'varchar(1)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo(''))
    /** The source file the document came from (its step-4 error file when status is E). */
    .addColumn('source_file', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_log_job_idx')
    .on('application_log')
    .columns(['company_code', 'legacy_id', 'transaction_date'])
    .execute();
  await db.schema.createIndex('application_log_run_idx').on('application_log').column('run_id').execute();

  // E-mails: sent over SMTP when configured (retried), otherwise kept here for the console.
  await serial('mail_outbox')
    .addColumn('run_id', 'varchar(36)')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('legacy_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('job_instance_no', 'varchar(160)', (c) => c.notNull())
    /** FINISHED, WARNING, ERROR, FUNCTION_ERROR. */
    .addColumn('condition', 'varchar(20)', (c) => c.notNull())
    .addColumn('mail_to', 'text', (c) => c.notNull())
    .addColumn('mail_cc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mail_bcc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    /** PENDING (to send), SENT, FAILED (gave up), KEPT (no SMTP: stays in the outbox). */
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', time)
    .addColumn('last_error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema.alterTable('job_runs').addColumn('send_email_status', 'varchar(12)').execute();
}
