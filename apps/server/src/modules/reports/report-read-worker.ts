// A report reader thread (issue 19): a read-only connection to the SQLite file (WAL lets it read while
// the server's connection writes) that runs REPORT_TASKS one at a time, off the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DomainError, domainErrorData } from '../../platform/domain-error.js';
import { REPORT_TASKS, type ReportTaskReply, type ReportTaskRequest } from './report-tasks.js';

const { sqliteFile } = workerData as { sqliteFile: string };
const port = parentPort;
if (!port) throw new Error('report-read-worker runs only as a worker thread');

const sqlite = new SqliteDatabase(sqliteFile, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });

async function answer(request: ReportTaskRequest): Promise<ReportTaskReply> {
  try {
    const run = REPORT_TASKS[request.task] as (db: Kysely<Database>, ...args: unknown[]) => Promise<unknown>;
    return { id: request.id, result: await run(db, ...request.args) };
  } catch (error) {
    if (error instanceof DomainError)
      return { id: request.id, error: { message: error.message, domain: domainErrorData(error) } };
    return { id: request.id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

port.on('message', (message: ReportTaskRequest | 'close') => {
  if (message === 'close') {
    // Closing the connection and the port ends the thread.
    void db.destroy().finally(() => port.close());
    return;
  }
  // A buffer answer (the JSON tasks) is moved to the server's thread, not copied.
  void answer(message).then((reply) =>
    'result' in reply && reply.result instanceof Uint8Array
      ? port.postMessage(reply, [reply.result.buffer as ArrayBuffer])
      : port.postMessage(reply),
  );
});
