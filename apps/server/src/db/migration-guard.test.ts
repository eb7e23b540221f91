import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES, migrateToLatest } from './migrate.js';
import { DatabaseNewerThanCodeError } from './migration-guard.js';
import { createEmptyDatabase, DATABASE_KINDS, type TestDatabase } from '../test-support/test-database.js';

describe.each(DATABASE_KINDS)('a database newer than the code (%s)', (kind) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('is refused with a message naming the unknown migrations, and nothing is migrated', async () => {
    test = await createEmptyDatabase(kind);
    expect(await migrateToLatest(test.db)).toEqual(MIGRATION_NAMES);
    // What a later release leaves behind: a migration this code has never heard of.
    const future = '9999-from-a-newer-release';
    await sql`insert into lis_migration (name, timestamp) values (${future}, ${new Date().toISOString()})`.execute(
      test.db.kysely,
    );
    const refusal = await migrateToLatest(test.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DatabaseNewerThanCodeError);
    expect((refusal as Error).message).toContain(future);
    expect((refusal as Error).message).toMatch(/newer version of LIS/);
    const names = await sql<{ name: string }>`select name from lis_migration order by name`.execute(
      test.db.kysely,
    );
    expect(names.rows.map((row) => row.name)).toEqual([...MIGRATION_NAMES, future].sort());
  });

  it('is not what an empty or an up-to-date database is', async () => {
    test = await createEmptyDatabase(kind);
    expect(await migrateToLatest(test.db)).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(test.db)).toEqual([]);
  });
});
