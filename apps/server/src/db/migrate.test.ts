import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES, migrateToLatest } from './migrate.js';
import { createEmptyDatabase, DATABASE_KINDS, type TestDatabase } from '../test-support/test-database.js';

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('creates the foundation tables once and is a no-op the second time', async () => {
    test = await createEmptyDatabase(kind);
    expect(await migrateToLatest(test.db)).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(test.db)).toEqual([]);
    const roles = await test.db.kysely
      .selectFrom('roles')
      .select('role_access_code')
      .orderBy('rank')
      .execute();
    expect(roles.map((r) => r.role_access_code)).toEqual(['user', 'admin', 'super_admin']);
  });

  it('is safe when two nodes start at once', async () => {
    test = await createEmptyDatabase(kind);
    const other = test.reopen();
    const results = await Promise.all([migrateToLatest(test.db), migrateToLatest(other)]);
    expect(results.flat()).toEqual(MIGRATION_NAMES);
    const tables = await test.db.kysely
      .selectFrom('lis_migration' as never)
      .selectAll()
      .execute();
    expect(tables).toHaveLength(MIGRATION_NAMES.length);
  });
});
