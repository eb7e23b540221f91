import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/** Text columns of a job config (spec 001 §3), with the spec's default where it gives one. */
export const JOB_CONFIG_TEXT_COLUMNS: Record<string, string | null> = {
  sftp_source_server_id: null,
  sftp_source_path: null,
  sftp_source_formatfilename: null,
  sftp_source_filetype: null,
  sftp_source_dest_localpath: 'path_getsftp',
  sftp_return_server_id: null,
  sftp_return_path: null,
  sftp_return_formatfilename: null,
  sftp_return_success_path: 'return_success',
  sftp_return_error_path: 'return_error',
  edi_source_job_version: null,
  edi_source_result_path: null,
  edi_source_success_path: null,
  edi_source_error_path: null,
  api_serverid: null,
  api_classname: null,
  api_function_name: null,
  api_success_path: 'api_source_success',
  api_error_path: 'api_source_error',
  api_result_path: 'api_result',
  dms_serverid: null,
  dms_bucket: null,
  dms_boxid: null,
  dms_roleaccess: null,
  dms_group: null,
  dms_groupid: null,
};

const EMAIL_KINDS = ['email_finished', 'email_warning', 'email_error', 'f1_function_error_email'] as const;

/**
 * Spec 001 §3 "Job config": the source and return sFTP, EDI, API, DMS and e-mail columns that the
 * scheduler's migration (0002) left for the configuration screens. All nullable text except the
 * Y/N flags, which default to N.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  const columns: Array<[string, string | null]> = [
    ...Object.entries(JOB_CONFIG_TEXT_COLUMNS),
    ...EMAIL_KINDS.flatMap((kind) => ['to', 'cc', 'bcc'].map((p): [string, null] => [`${kind}_${p}`, null])),
  ];
  // One ALTER per column: SQLite accepts a single ADD COLUMN per statement.
  for (const [name, fallback] of columns)
    await db.schema
      .alterTable('job_configs')
      .addColumn(name, 'text', (c) => (fallback === null ? c : c.defaultTo(fallback)))
      .execute();
  for (const flag of ['sftp_source_isdeletesource', ...EMAIL_KINDS.map((kind) => `${kind}_is_active`)])
    await db.schema
      .alterTable('job_configs')
      .addColumn(flag, 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .execute();
}
