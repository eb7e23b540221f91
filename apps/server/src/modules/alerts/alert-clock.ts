import type { DialectName } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { WriteScope } from '../../db/write-transaction.js';

/**
 * The time alerts go by: the database's clock (DESIGN §3 — nodes whose own clocks disagree still agree
 * on when a delivery is due, a lease ran out or an escalation fell due). Injected, so a test moves it.
 */
export interface AlertClock {
  now(scope: WriteScope): Promise<number>;
}

export function databaseAlertClock(dialect: DialectName): AlertClock {
  return { now: (scope) => databaseNow(scope, dialect) };
}
