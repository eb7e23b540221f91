import type { Kysely } from 'kysely';

/**
 * Issue 35: the periodic connection check of every configured function (API) server and sFTP server
 * (decision 0049, docs/alerts.md "Connection checks"). One row per server (`kind` api or sftp, its
 * company and id): `state` REACHABLE or UNREACHABLE (null: not decided yet — fewer failed checks than
 * the threshold since the first), `since` when it became so (for UNREACHABLE the first failed check
 * of the outage), `failures` the failed checks in a row, `failing_since` the first of them (the
 * outage's start, part of its alert's subject), `checked_at` the last check, `last_error` the last
 * failure as a message key and its values (JSON; never a secret). `version` grows with every
 * check: each write is conditional on the version read, so two nodes never both record one check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_checks')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('server_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)')
    .addColumn('since', 'bigint')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'bigint')
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('server_checks_pk', ['kind', 'company_code', 'server_id'])
    .execute();
}
