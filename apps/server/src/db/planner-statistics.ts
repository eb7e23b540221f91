import { sql } from 'kysely';
import type { Db } from './database.js';

/** How often a long-running node lets SQLite refresh its statistics (SQLite's advice: hourly or daily). */
export const PLANNER_STATISTICS_EVERY_MS = 60 * 60 * 1000;

export interface PlannerStatistics {
  /** Lets SQLite re-analyze the tables that grew or shrank much since it last did (a few ms). */
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * SQLite chooses an index from the statistics only ANALYZE gathers; without them it guesses, and with
 * `job_runs` it guessed the daily report's covering index for a job's runs, walking its company's
 * whole history for one job (session 15: the monitoring report 160 ms instead of 86, a Run Immediate's
 * queued-run check 0.65 ms instead of 0.015 at 10,000 runs a company, growing with the history). As
 * SQLite advises for long-lived connections: `PRAGMA optimize=0x10002` at start, then `PRAGMA optimize`
 * every hour, each bounded by `analysis_limit` so a large database is sampled, not read. PostgreSQL's
 * autovacuum analyzes on its own: nothing to do there.
 */
export async function keepPlannerStatistics(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = PLANNER_STATISTICS_EVERY_MS,
): Promise<PlannerStatistics> {
  if (db.dialect !== 'sqlite') return { refresh: async () => undefined, stop: () => undefined };
  const refresh = async () => {
    await sql`pragma optimize`.execute(db.kysely);
  };
  // Best effort: a database busy past its timeout starts without fresh statistics, not at all.
  await (async () => {
    await sql`pragma analysis_limit = 1000`.execute(db.kysely);
    await sql`pragma optimize = 0x10002`.execute(db.kysely);
  })().catch(onError);
  const timer = setInterval(() => void refresh().catch(onError), everyMs);
  timer.unref();
  return { refresh, stop: () => clearInterval(timer) };
}
