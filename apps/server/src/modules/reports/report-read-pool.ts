import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { domainErrorFrom } from '../../platform/domain-error.js';
import {
  AS_OF_ARGUMENT,
  SAME_ANSWER_AS_OF,
  type ReportTaskArgs,
  type ReportTaskError,
  type ReportTaskName,
  type ReportTaskReply,
  type ReportTaskRequest,
  type ReportTaskResult,
} from './report-tasks.js';

/**
 * How long after its start a running read may still be joined (when nothing was committed since it
 * started): its answer is then as of at most this much before the joining request.
 */
export const RUNNING_READ_JOIN_MS = 1_000;

/** Reader threads by default: one per CPU, at most 4 (a report read is CPU-bound once its pages are cached). */
export const DEFAULT_REPORT_READERS = Math.max(1, Math.min(4, os.availableParallelism()));

interface Waiter {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Pending extends Waiter {
  request: ReportTaskRequest;
  /** The task and its arguments as text: a request for the same read joins it while it waits. */
  key: string;
  /** The requests that joined it: they get its answer. */
  joined: Waiter[];
  /** Once running: when it started, and the database's commit count then (none: unknown). */
  started?: { at: number; commits: number | undefined };
}

interface Reader {
  worker: Worker;
  /** The task it runs now (one at a time). */
  current: Pending | undefined;
}

// The thread's entry: the compiled .js next to this file, or — when the server runs from its
// TypeScript sources (tsx, vitest) — the .ts file, loaded through tsx's module hooks.
const entry = new URL(
  import.meta.url.endsWith('.ts') ? './report-read-worker.ts' : './report-read-worker.js',
  import.meta.url,
);
const tsxHooks = import.meta.url.endsWith('.ts') ? tsxEsmApi() : null;
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsxHooks) (await import(workerData.tsxHooks)).register();
  await import(workerData.entry);
})().catch((error) => { setImmediate(() => { throw error; }); });
`;

/**
 * A small pool of report reader threads over one SQLite file (issue 19): each thread holds a
 * read-only connection and runs one REPORT_TASKS read at a time, so concurrent report requests are
 * read in parallel and none holds the server's event loop for the length of its query. Threads start
 * on first use (or all at once by `start()`); a thread that dies fails its task with an error (a 500 `{message}`), and the next task
 * starts a new one. `close()` ends every thread (the server's close awaits it).
 */
export class ReportReadPool {
  private readonly readers: Reader[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private joinedCount = 0;
  private commitProbe: SqliteDatabase.Database | null | undefined;

  constructor(
    private readonly sqliteFile: string,
    private readonly size = DEFAULT_REPORT_READERS,
  ) {}

  /** Starts every thread now, so the first requests do not wait for threads to load. */
  start(): this {
    while (!this.closed && this.readers.length < this.size) this.spawn();
    return this;
  }

  /**
   * Runs a report read in a reader thread; its DomainError comes back as a DomainError. A request for
   * the same read (task and arguments) joins one already asked for and gets its answer, when that
   * answer still reflects every write committed before the request (read-your-writes):
   * - a read still waiting in the queue starts after the request arrived: always joined;
   * - a read running for at most RUNNING_READ_JOIN_MS, when no write was committed since it started
   *   (SQLite's `data_version`, which counts the commits of every connection and process): it reads
   *   what a read of the request's own would read. Otherwise the request waits for it to end, and a
   *   second copy never runs beside it (dispatch).
   * Issue 19: 20 operators asking for the same report at once cost one read, not 20 — nor two, as
   * when the requests that came during a read all waited for the next one. A task's "as of" argument
   * (AS_OF_ARGUMENT) is left out of the comparison: a waiting read takes the latest; a running one
   * keeps its own, at most RUNNING_READ_JOIN_MS earlier than the joiner's, and is joined only when
   * SAME_ANSWER_AS_OF says both times give the same report (the same day).
   */
  run<K extends ReportTaskName>(task: K, ...args: ReportTaskArgs<K>): Promise<ReportTaskResult<K>> {
    if (this.closed) return Promise.reject(new Error('the report readers are closed'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve: resolve as (value: unknown) => void, reject };
      const asOf = AS_OF_ARGUMENT[task];
      const key = JSON.stringify([
        task,
        asOf === undefined ? args : args.map((arg, i) => (i === asOf ? null : arg)),
      ]);
      const waiting = this.queue.find((pending) => pending.key === key);
      if (waiting) {
        // A later "as of" moves the waiting read's to it: it then reads as of the latest joiner.
        if (asOf !== undefined && Number(args[asOf]) > Number(waiting.request.args[asOf]))
          waiting.request.args[asOf] = args[asOf];
        waiting.joined.push(waiter);
        this.joinedCount += 1;
        return;
      }
      const running = this.readers.find((reader) => reader.current?.key === key)?.current;
      if (running && this.answersToo(running, args)) {
        running.joined.push(waiter);
        this.joinedCount += 1;
        return;
      }
      this.queue.push({ request: { id: this.nextId++, task, args }, key, joined: [], ...waiter });
      this.dispatch();
    });
  }

  /** Requests answered by joining a waiting read, since the pool started (for tests and diagnostics). */
  get joinedRequests(): number {
    return this.joinedCount;
  }

  /** Threads running now (for tests and diagnostics). */
  get threadCount(): number {
    return this.readers.length;
  }

  /**
   * Whether a running read (of the same task and arguments, "as of" aside) answers a newcomer with
   * `args` too: it started recently, its "as of" gives the same answer, and nothing was committed since.
   */
  private answersToo(running: Pending, args: unknown[]): boolean {
    const { started, request } = running;
    if (!started || started.commits === undefined) return false;
    if (Date.now() - started.at > RUNNING_READ_JOIN_MS) return false;
    const sameAsOf = SAME_ANSWER_AS_OF[request.task];
    if (AS_OF_ARGUMENT[request.task] !== undefined && !sameAsOf?.(request.args, args)) return false;
    return this.commits() === started.commits;
  }

  /**
   * The database's commit count as this process sees it (`PRAGMA data_version` on a read-only
   * connection of its own, ~µs; it changes with every commit of any other connection). Undefined when
   * the file cannot be opened: then no running read is joined.
   */
  private commits(): number | undefined {
    if (this.commitProbe === undefined) {
      try {
        this.commitProbe = new SqliteDatabase(this.sqliteFile, { readonly: true, fileMustExist: true });
      } catch {
        this.commitProbe = null;
      }
    }
    if (this.commitProbe === null) return undefined;
    try {
      return Number(this.commitProbe.pragma('data_version', { simple: true }));
    } catch {
      return undefined;
    }
  }

  /** Fails what is queued, lets each thread close its connection, and waits for every thread to end. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0))
      settle(pending, { error: new Error('the report readers are closed') });
    await Promise.all(this.readers.map((reader) => this.stop(reader)));
    this.commitProbe?.close();
    this.commitProbe = null;
  }

  /**
   * Starts the oldest waiting reads on free threads, but never a second copy of a read that is
   * running: that one waits, and requests for the same read that come meanwhile join it. Two copies
   * side by side would share the cores for one answer's worth of work each; one after the other, the
   * second starts later but runs alone and answers everyone who joined it (issue 19).
   */
  private dispatch(): void {
    for (;;) {
      const running = new Set(this.readers.map((reader) => reader.current?.key));
      const index = this.queue.findIndex((pending) => !running.has(pending.key));
      if (index < 0) return;
      let reader = this.readers.find((candidate) => candidate.current === undefined);
      if (!reader && this.readers.length < this.size) reader = this.spawn();
      if (!reader) return;
      const [pending] = this.queue.splice(index, 1) as [Pending];
      // Counted before the thread starts reading: a commit in between only makes the read newer.
      pending.started = { at: Date.now(), commits: this.commits() };
      reader.current = pending;
      reader.worker.postMessage(pending.request);
    }
  }

  private spawn(): Reader {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { sqliteFile: this.sqliteFile, entry: entry.href, tsxHooks },
    });
    const reader: Reader = { worker, current: undefined };
    worker.on('message', (reply: ReportTaskReply) => {
      const pending = reader.current;
      if (!pending || pending.request.id !== reply.id) return;
      reader.current = undefined;
      settle(pending, 'error' in reply ? { error: taskError(reply.error) } : { result: reply.result });
      this.dispatch();
    });
    const lost = (error: Error) => {
      const index = this.readers.indexOf(reader);
      if (index >= 0) this.readers.splice(index, 1);
      const pending = reader.current;
      reader.current = undefined;
      if (pending) settle(pending, { error });
      if (!this.closed) this.dispatch();
    };
    worker.on('error', (error: unknown) => lost(new Error(`a report reader failed: ${describe(error)}`)));
    worker.on('exit', (code) => lost(new Error(`a report reader ended (exit code ${code})`)));
    this.readers.push(reader);
    return reader;
  }

  private async stop(reader: Reader): Promise<void> {
    const exited = new Promise<void>((resolve) => reader.worker.once('exit', () => resolve()));
    reader.worker.postMessage('close');
    // A thread busy in a long read is ended without waiting for it.
    const timer = setTimeout(() => void reader.worker.terminate(), 2_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Answers a read's request and every request that joined it. */
function settle(pending: Pending, outcome: { result: unknown } | { error: Error }): void {
  for (const waiter of [pending, ...pending.joined]) {
    if ('error' in outcome) waiter.reject(outcome.error);
    else waiter.resolve(outcome.result);
  }
}

/** tsx's ESM `register()` module (its `import` export: a worker thread has none of the parent's hooks). */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']?.import.default ?? '')).href;
}

/** An error thrown in a thread arrives cloned (a SqliteError as a plain object with its code). */
function describe(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { message, code } = error as { message?: unknown; code?: unknown };
  return [code, message].filter((part) => typeof part === 'string' && part).join(': ') || String(error);
}

function taskError(error: ReportTaskError): Error {
  if (error.domain !== undefined) return domainErrorFrom(error.domain);
  return new Error(`report reader: ${error.message}`);
}
