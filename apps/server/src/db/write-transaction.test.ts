import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test-support/test-database.js';
import { buildJobConfig } from '../engine/scheduler/scheduler-test-support.js';
import { inWriteTransaction } from './write-transaction.js';

describe.each(DATABASE_KINDS)('inWriteTransaction on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await test.drop();
  });

  const ids = async () =>
    (await test.db.kysely.selectFrom('job_configs').select('legacy_id').orderBy('legacy_id').execute()).map(
      (row) => row.legacy_id,
    );

  it('units started together each commit or fail alone (SQLite: one group commit, a savepoint each)', async () => {
    const { db } = test;
    const units = Array.from({ length: 20 }, (_, i) =>
      inWriteTransaction(db, async (scope) => {
        const id = `J${String(i).padStart(2, '0')}`;
        await scope
          .insertInto('job_configs')
          .values(buildJobConfig({ legacy_id: id }))
          .execute();
        if (i % 5 === 3) throw new Error(`unit ${i} fails after its write`);
        return id;
      }),
    );
    const results = await Promise.allSettled(units);
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
    expect(failed).toEqual([3, 8, 13, 18]);
    const committed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(await ids()).toEqual(committed);
    expect(committed).toHaveLength(16);
  });

  it('a unit sees the writes of the units committed before it, and a lone failing unit writes nothing', async () => {
    const { db } = test;
    const first = inWriteTransaction(db, (scope) =>
      scope
        .insertInto('job_configs')
        .values(buildJobConfig({ legacy_id: 'A' }))
        .execute(),
    );
    // SQLite runs the two in order on its one connection (one group); PostgreSQL in parallel, so
    // there the second starts after the first committed.
    if (kind === 'postgres') await first;
    const second = inWriteTransaction(db, async (scope) =>
      (await scope.selectFrom('job_configs').select('legacy_id').execute()).map((row) => row.legacy_id),
    );
    await first;
    expect(await second).toEqual(['A']);
    await expect(
      inWriteTransaction(db, async (scope) => {
        await scope
          .insertInto('job_configs')
          .values(buildJobConfig({ legacy_id: 'B' }))
          .execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await ids()).toEqual(['A']);
  });
});
