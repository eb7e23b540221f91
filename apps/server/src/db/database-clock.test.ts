import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test-support/eventually.js';
import { databaseNow } from './database-clock.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test-support/test-database.js';

describe.each(DATABASE_KINDS)('databaseNow on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(() => test.drop());

  it('reads epoch milliseconds close to this machine and moving forward', async () => {
    const first = await databaseNow(test.db.kysely, test.db.dialect);
    const machineFirst = Date.now();
    expect(Math.abs(first - machineFirst)).toBeLessThan(2000);
    const second = await eventually(
      async () => {
        const now = await databaseNow(test.db.kysely, test.db.dialect);
        return now >= first + 10 ? now : undefined;
      },
      { message: 'the database clock to move 10 ms on' },
    );
    expect(second).toBeGreaterThanOrEqual(first + 10);
    // It moves at the machine's pace: no further than the machine's clock moved meanwhile.
    expect(second - first).toBeLessThan(Date.now() - machineFirst + 1000);
  });
});
