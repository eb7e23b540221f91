import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Spec 001 §3: API (function) servers, sFTP servers, DMS servers and e-mail content, per company.
 * Secret columns hold ciphertext only (`v1:` + base64 of iv|tag|ciphertext, see secret-box.ts).
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  const time = 'bigint';

  await db.schema
    .createTable('api_servers')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('api_server_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('api_url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('api_username', 'varchar(128)', (c) => c.notNull())
    .addColumn('api_password_enc', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addPrimaryKeyConstraint('api_servers_pk', ['company_code', 'api_server_id'])
    .execute();

  await db.schema
    .createTable('sftp_servers')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('sftp_server_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('host', 'varchar(253)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(22))
    .addColumn('username', 'varchar(128)', (c) => c.notNull())
    .addColumn('password_enc', 'text')
    .addColumn('private_key_enc', 'text')
    .addColumn('privatekey_path', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addPrimaryKeyConstraint('sftp_servers_pk', ['company_code', 'sftp_server_id'])
    .execute();

  await db.schema
    .createTable('dms_servers')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('dms_server_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('dms_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('dms_token_enc', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addPrimaryKeyConstraint('dms_servers_pk', ['company_code', 'dms_server_id'])
    .execute();

  await db.schema
    .createTable('email_contents')
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('condition', 'varchar(20)', (c) => c.notNull())
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('content_subject', 'text', (c) => c.notNull())
    .addColumn('content_body', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addPrimaryKeyConstraint('email_contents_pk', ['company_code', 'condition'])
    .execute();
}
