import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StepUpTaken {
  /** Attempts in the window, this one included. */
  attempts: number;
  windowStart: number;
}

/**
 * The step-up attempts of each user, in one row per user shared by every node. An attempt is counted
 * by one atomic upsert before the password is verified: parallel requests (on any node) each get their
 * own count, so at most the budget of them is ever verified.
 */
export class StepUpBudgetRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts an attempt: a new window when the last one is over, else one more in it. */
  async take(username: string, now: number, windowMs: number): Promise<StepUpTaken> {
    const expired = sql<boolean>`step_up_budget.window_start <= ${now - windowMs}`;
    const row = await this.db
      .insertInto('step_up_budget')
      .values({ username, window_start: now, attempts: 1 })
      .onConflict((oc) =>
        oc.column('username').doUpdateSet({
          attempts: sql<number>`case when ${expired} then 1 else step_up_budget.attempts + 1 end`,
          window_start: sql<number>`case when ${expired} then ${now} else step_up_budget.window_start end`,
        }),
      )
      .returning(['attempts', 'window_start'])
      .executeTakeFirstOrThrow();
    return { attempts: Number(row.attempts), windowStart: Number(row.window_start) };
  }

  /** A right password does not use up the budget: its attempt is given back. */
  async giveBack(username: string, windowStart: number): Promise<void> {
    await this.db
      .updateTable('step_up_budget')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('username', '=', username)
      .where('window_start', '=', windowStart)
      .where('attempts', '>', 0)
      .execute();
  }
}
