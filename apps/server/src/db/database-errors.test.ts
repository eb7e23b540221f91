import { describe, expect, it } from 'vitest';
import { describeDatabaseFailure, isDatabaseUnavailable } from './database-errors.js';
import { reconnectDelay } from './reconnect-delay.js';

/** What `pg` rejects with for a PostgreSQL error response: a `code` (SQLSTATE) and a `severity`. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('a database that went away', () => {
  it('is told from a statement that is wrong', () => {
    expect(
      isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })),
    ).toBe(true);
    // A wrong statement, a constraint, a full disk: not "away".
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation does not exist'))).toBe(false);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })),
    ).toBe(false);
  });

  it('counts a socket error only when the failed work was a database statement (an sFTP server fails the same way)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(false);
    expect(isDatabaseUnavailable(refused, { fromDatabase: true })).toBe(true);
  });

  it('is found behind the errors that wrap it', () => {
    const wrapped = new Error('its backup could not be written', {
      cause: pgError('57P01', 'terminating connection due to administrator command'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(describeDatabaseFailure(wrapped)).toMatch(/^the database is unavailable \(/);
    expect(describeDatabaseFailure(new Error('syntax error'))).toBeUndefined();
  });
});

describe('reconnectDelay', () => {
  it('doubles from about 0.5 s up to 15 s, with jitter between half and all of it', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(4_000);
    expect(reconnectDelay(50, () => 1)).toBe(15_000);
    expect(reconnectDelay(50, () => 0)).toBe(7_500);
  });
});
