import { sql, Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import { refuseNewerDatabase } from './migration-guard.js';
import type { MigrationContext } from './migration-context.js';
import * as m0001 from './migrations/0001-foundation.js';
import * as m0002 from './migrations/0002-scheduler.js';
import * as m0003 from './migrations/0003-server-config.js';
import * as m0004 from './migrations/0004-job-config.js';
import * as m0005 from './migrations/0005-pipeline.js';
import * as m0006 from './migrations/0006-report-indexes.js';
import * as m0007 from './migrations/0007-mail-outcome.js';
import * as m0008 from './migrations/0008-api-server-timeout.js';
import * as m0009 from './migrations/0009-source-stability.js';
import * as m0010 from './migrations/0010-blob-store.js';
import * as m0011 from './migrations/0011-password-change-and-step-up.js';
import * as m0012 from './migrations/0012-retention.js';
import * as m0013 from './migrations/0013-source-ownership.js';
import * as m0014 from './migrations/0014-token-generation.js';
import * as m0015 from './migrations/0015-message-keys.js';
import * as m0017 from './migrations/0017-chain-important-job.js';
import * as m0018 from './migrations/0018-report-indexes.js';
import * as m0019 from './migrations/0019-job-list-version.js';
import * as m0020 from './migrations/0020-scheduled-runs-covering-index.js';
import * as m0021overlap from './migrations/0021-overlap-step-attempts.js';
import * as m0022 from './migrations/0022-calendars.js';
import * as m0023 from './migrations/0023-trigger-calendars.js';
import * as m0024 from './migrations/0024-trigger-calendar-rules.js';
import * as m0025 from './migrations/0025-maintenance-windows.js';
import * as m0026 from './migrations/0026-alerts.js';
import * as m0027 from './migrations/0027-job-expectations.js';
import * as m0028 from './migrations/0028-server-checks.js';
import * as m0029 from './migrations/0029-step-retries.js';

export type { MigrationContext } from './migration-context.js';

interface MigrationModule {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

/** Numbered, forward-only. Never edit a landed migration: add the next number. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-foundation': m0001,
  '0002-scheduler': m0002,
  '0003-server-config': m0003,
  '0004-job-config': m0004,
  '0005-pipeline': m0005,
  '0006-report-indexes': m0006,
  '0007-mail-outcome': m0007,
  '0008-api-server-timeout': m0008,
  '0009-source-stability': m0009,
  '0010-blob-store': m0010,
  '0011-password-change-and-step-up': m0011,
  '0012-retention': m0012,
  '0013-source-ownership': m0013,
  '0014-token-generation': m0014,
  '0015-message-keys': m0015,
  '0017-chain-important-job': m0017,
  '0018-report-indexes': m0018,
  '0019-job-list-version': m0019,
  '0020-scheduled-runs-covering-index': m0020,
  '0021-overlap-step-attempts': m0021overlap,
  '0022-calendars': m0022,
  '0023-trigger-calendars': m0023,
  '0024-trigger-calendar-rules': m0024,
  '0025-maintenance-windows': m0025,
  '0026-alerts': m0026,
  '0027-job-expectations': m0027,
  '0028-server-checks': m0028,
  '0029-step-retries': m0029,
};

export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly context: MigrationContext) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, module]) => [
        name,
        { up: (db: Kysely<unknown>) => module.up(db, this.context) },
      ]),
    );
  }
}

/** An arbitrary constant: the PostgreSQL advisory lock that serialises migrations across nodes. */
export const MIGRATION_LOCK_KEY = 7_351_001;

/**
 * Applies every pending migration. On PostgreSQL two nodes starting at once are serialised by an
 * advisory lock held on one connection, so the second finds nothing left to do.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const run = async (kysely: Kysely<unknown>, schema?: string) => {
    // A database migrated by a newer LIS is refused with a clear message, never run backwards.
    await refuseNewerDatabase(kysely, db.dialect, 'lis_migration', MIGRATION_NAMES);
    const migrator = new Migrator({
      ...(schema ? { migrationTableSchema: schema } : {}),
      db: kysely,
      provider: new StaticMigrationProvider({ dialect: db.dialect }),
      migrationTableName: 'lis_migration',
      migrationLockTableName: 'lis_migration_lock',
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw new Error('Database migration failed', { cause: error });
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  if (db.dialect === 'sqlite') return run(db.kysely as unknown as Kysely<unknown>);
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection);
      return await run(connection as unknown as Kysely<unknown>, rows[0]?.schema);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}
