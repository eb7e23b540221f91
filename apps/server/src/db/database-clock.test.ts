import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(Math.abs(first - Date.now())).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 15));
    const second = await databaseNow(test.db.kysely, test.db.dialect);
    expect(second).toBeGreaterThanOrEqual(first + 10);
  });
});
