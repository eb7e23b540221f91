import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/** Companies, users and their company roles, the role list, token revocations, settings, audit log. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const time = 'bigint';
  await db.schema
    .createTable('companies')
    .addColumn('company_code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('company_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('username', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('citizen_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_citizen_id_idx').on('users').column('citizen_id').execute();

  await db.schema
    .createTable('user_companies')
    .addColumn('username', 'varchar(64)', (c) => c.notNull().references('users.username').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('sid', 'varchar(16)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('role_access', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_companies_pk', ['username', 'company_code'])
    .execute();
  await db.schema
    .createIndex('user_companies_company_idx')
    .on('user_companies')
    .column('company_code')
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('role_access_code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('role_access_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('roles' as never)
    .values([
      { role_access_code: 'user', role_access_name: 'User', rank: 1 },
      { role_access_code: 'admin', role_access_name: 'Admin', rank: 2 },
      { role_access_code: 'super_admin', role_access_name: 'Super Admin', rank: 3 },
    ] as never)
    .execute();

  await db.schema
    .createTable('token_revocations')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('seq', dialect === 'postgres' ? sql`bigserial` : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('at', time, (c) => c.notNull())
    .addColumn('username', 'varchar(64)')
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('route', 'varchar(200)', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)')
    .addColumn('target', 'varchar(200)')
    .addColumn('details', 'text')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
}
