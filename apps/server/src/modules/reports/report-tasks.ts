import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DomainErrorData } from '../../platform/domain-error.js';
import { dailyReport } from './daily-report.js';
import { expectedRunReport } from './expected-run-report.js';
import { dayOf, isoDay } from './report-days.js';

/**
 * The read-only report reads that may run off the event loop (issue 19): each takes the database and
 * plain, structured-cloneable arguments and returns a plain answer. The same functions run on the
 * main connection or in a report reader thread (report-read-pool.ts), so both answer alike.
 */
export const REPORT_TASKS = {
  dailyReport: (db: Kysely<Database>, ...args: DropFirst<Parameters<typeof dailyReport>>) =>
    dailyReport(db, ...args),
  expectedRunReport: (db: Kysely<Database>, ...args: DropFirst<Parameters<typeof expectedRunReport>>) =>
    expectedRunReport(db, ...args),
  // The same answers as JSON in UTF-8 bytes, made where they are read (issue 19): a reader thread hands
  // back one buffer — moved to the server's thread, not copied (report-read-worker.ts) — instead of
  // thousands of objects to clone, and the server sends those bytes as they are.
  dailyReportJson: async (db: Kysely<Database>, ...args: DropFirst<Parameters<typeof dailyReport>>) =>
    jsonBytes(await dailyReport(db, ...args)),
  expectedRunReportJson: async (
    db: Kysely<Database>,
    ...args: DropFirst<Parameters<typeof expectedRunReport>>
  ) => jsonBytes(await expectedRunReport(db, ...args)),
};

/**
 * An answer as JSON in UTF-8, in a buffer of its own (never a slice of a shared pool, so it can be
 * transferred). A string of 600 KiB cost the server's thread ~3 ms to receive from a reader thread
 * and encode for the socket; the moved buffer ~0.3 ms (docs/performance.md, session 9).
 */
function jsonBytes(answer: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(answer));
}

/**
 * The argument of a task that says "as of when" (epoch ms): a request for the same read with a later
 * one may still join a read that waits (report-read-pool.ts), which then reads as of the latest
 * joiner's time — not before any joiner arrived, as a read of its own would be.
 */
export const AS_OF_ARGUMENT: Partial<Record<keyof typeof REPORT_TASKS, number>> = {
  expectedRunReport: 1,
  expectedRunReportJson: 1,
};

/**
 * `expectedRunReport(db, companies, now, timeZone)`: whether two "as of" times are the same report day
 * (the pool compares the other arguments, the zone among them).
 */
function sameReportDay(running: unknown[], joiner: unknown[]): boolean {
  const day = (args: unknown[]) => isoDay(dayOf(Number(args[1]), String(args[2])), 0);
  return day(running) === day(joiner);
}

/**
 * For a task with an "as of" argument: whether a read running as of one time may answer a request as
 * of a later one (report-read-pool.ts joins a running read, which keeps its own time). Only within the
 * same report day: just after midnight, a read begun before it would answer with yesterday's report.
 * A task with an "as of" argument and no entry here is never joined while it runs.
 */
export const SAME_ANSWER_AS_OF: Partial<
  Record<keyof typeof REPORT_TASKS, (running: unknown[], joiner: unknown[]) => boolean>
> = {
  expectedRunReport: sameReportDay,
  expectedRunReportJson: sameReportDay,
};

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type ReportTasks = typeof REPORT_TASKS;
export type ReportTaskName = keyof ReportTasks;
export type ReportTaskArgs<K extends ReportTaskName> = DropFirst<Parameters<ReportTasks[K]>>;
export type ReportTaskResult<K extends ReportTaskName> = Awaited<ReturnType<ReportTasks[K]>>;

/** A task's error as it crosses from a reader thread: a DomainError keeps its kind, key, parameters and code. */
export interface ReportTaskError {
  message: string;
  domain?: DomainErrorData;
}

/** A message to a reader thread. */
export interface ReportTaskRequest {
  id: number;
  task: ReportTaskName;
  args: unknown[];
}

/** A reader thread's answer to one request. */
export type ReportTaskReply = { id: number; result: unknown } | { id: number; error: ReportTaskError };
