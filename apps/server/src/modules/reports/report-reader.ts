import type { Db } from '../../db/database.js';
import { ReportReadPool } from './report-read-pool.js';
import {
  REPORT_TASKS,
  type ReportTaskArgs,
  type ReportTaskName,
  type ReportTaskResult,
} from './report-tasks.js';

/** Runs the read-heavy report reads: in reader threads on a SQLite file, on the server's connection otherwise. */
export interface ReportReader {
  run<K extends ReportTaskName>(task: K, ...args: ReportTaskArgs<K>): Promise<ReportTaskResult<K>>;
  close(): Promise<void>;
}

/**
 * Reader threads when the database is a SQLite file (its one connection is synchronous: a long read
 * on it holds every other request, issue 19); the server's own connection for PostgreSQL (a pool of
 * asynchronous connections already) and in-memory SQLite (no other connection can open it).
 */
export function openReportReader(db: Db, options: { threads?: number } = {}): ReportReader {
  if (db.dialect === 'sqlite' && db.sqliteFile && db.sqliteFile !== ':memory:' && options.threads !== 0) {
    const pool = new ReportReadPool(db.sqliteFile, options.threads).start();
    return { run: (task, ...args) => pool.run(task, ...args), close: () => pool.close() };
  }
  return {
    run: <K extends ReportTaskName>(task: K, ...args: ReportTaskArgs<K>) =>
      (REPORT_TASKS[task] as (...all: unknown[]) => Promise<ReportTaskResult<K>>)(db.kysely, ...args),
    close: async () => undefined,
  };
}
