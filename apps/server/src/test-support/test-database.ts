import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db, type DialectName } from '../db/database.js';
import { MIGRATION_LOCK_KEY, migrateToLatest } from '../db/migrate.js';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  db: Db;
  /** Opens another pool on the same database (a second "node"). */
  reopen(): Db;
  drop(): Promise<void>;
}

/** A fresh, empty database: SQLite in memory, or its own PostgreSQL schema. */
export async function createEmptyDatabase(kind: DialectName): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const db = openDatabase({ sqliteFile: ':memory:' });
    return { db, reopen: () => db, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const opened: Db[] = [];
  const reopen = () => {
    const db = openDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: 4 });
    opened.push(db);
    return db;
  };
  const db = reopen();
  return {
    db,
    reopen,
    drop: async () => {
      await Promise.all(opened.map((d) => d.close()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      // A migration elsewhere reads the catalog of every schema (Kysely's introspection asks
      // has_schema_privilege of each): a schema dropped under it fails that migration with "schema … does
      // not exist". Migrations hold this lock throughout, so a drop under it never lands mid-migration.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await client.query(`drop schema ${schema} cascade`);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        await client.end();
      }
    },
  };
}

export async function createTestDatabase(kind: DialectName): Promise<TestDatabase> {
  const test = await createEmptyDatabase(kind);
  await migrateToLatest(test.db);
  return test;
}
