import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { buildApp } from '../src/composition/build-app.js';
import { installErrorHandler } from '../src/http/plugins/error-handler.js';
import { renderMessage } from '../src/i18n/messages.js';
import { DomainError } from '../src/platform/domain-error.js';
import { ReportReadPool, RUNNING_READ_JOIN_MS } from '../src/modules/reports/report-read-pool.js';
import { openReportReader, type ReportReader } from '../src/modules/reports/report-reader.js';

/** Bangkok wall time (UTC+7) → epoch ms. */
const bkk = (wall: string) => Date.parse(`${wall}+07:00`);
const NOW = bkk('2026-11-21T10:00:00');
const ZONE = 'Asia/Bangkok';
const STATES = ['FINISHED', 'WARNING', 'ERROR', 'RUNNING', 'SKIPPED'] as const;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-report-readers-'));
let db: Db;
let main: ReportReader;
let threads: ReportReader;

beforeAll(async () => {
  db = openDatabase({ sqliteFile: path.join(dir, 'lis.sqlite') });
  await migrateToLatest(db);
  await db.kysely
    .insertInto('job_configs')
    .values(
      Array.from({ length: 30 }, (_, i) =>
        buildJobConfig({
          company_code: `C${i % 3}`,
          legacy_id: `JOB${i}`,
          legacy_name: `Job ${i}`,
          is_active: i % 4 === 0 ? 'N' : 'Y',
          cron_trigger: i % 5 === 0 ? '0 0/30 * * * ?|bad cron' : `0 ${i} 8,9,12 * * ?`,
        }),
      ),
    )
    .execute();
  await db.kysely
    .insertInto('job_runs')
    .values(
      Array.from({ length: 120 }, (_, r) => {
        const job = r % 30;
        const scheduled = bkk('2026-11-21T08:00:00') + job * 60_000 + Math.floor(r / 30) * 3_600_000;
        return {
          id: crypto.randomUUID(),
          job_instance_no: `JOB${job}_${r}`,
          owner_kind: 'job' as const,
          company_code: `C${job % 3}`,
          legacy_id: `JOB${job}`,
          kind: r % 7 === 0 ? ('manual' as const) : ('scheduled' as const),
          trigger_id: `job|C${job % 3}|JOB${job}|0`,
          scheduled_at: r % 7 === 0 ? null : scheduled - 86_400_000 * (r % 2),
          state: STATES[r % STATES.length] ?? 'FINISHED',
          queued_at: scheduled - 86_400_000 * (r % 2),
          started_at: scheduled + 1_000,
          finished_at: r % 5 === 3 ? null : scheduled + 9_000,
          attempt: 1,
        };
      }),
    )
    .execute();
  main = openReportReader(db, { threads: 0 });
  threads = openReportReader(db, { threads: 2 });
});

afterAll(async () => {
  await threads.close();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('report reader threads (SQLite file)', () => {
  it('answer the Daily Report exactly as the server connection does', async () => {
    for (const companies of [null, ['C1'], ['C0', 'C2'], []]) {
      const query = { date_from: '20261120', date_to: '20261121' };
      const expected = await main.run('dailyReport', companies, query, ZONE);
      expect(expected.total_count).toBeGreaterThan(companies?.length === 0 ? -1 : 0);
      expect(await threads.run('dailyReport', companies, query, ZONE)).toEqual(expected);
    }
  });

  it('answer Expected Run Job exactly as the server connection does', async () => {
    for (const companies of [null, ['C2']]) {
      const expected = await main.run('expectedRunReport', companies, NOW, ZONE);
      expect(expected.result_list.length).toBeGreaterThan(0);
      expect(await threads.run('expectedRunReport', companies, NOW, ZONE)).toEqual(expected);
    }
  });

  it('hand back the JSON answers as UTF-8 bytes of the same answers, moved out of the thread', async () => {
    const query = { date_from: '20261120', date_to: '20261121' };
    const parsed = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    const daily = await threads.run('dailyReportJson', null, query, ZONE);
    expect(daily).toBeInstanceOf(Uint8Array);
    expect(parsed(daily)).toEqual(await main.run('dailyReport', null, query, ZONE));
    const expected = await threads.run('expectedRunReportJson', null, NOW, ZONE);
    expect(parsed(expected)).toEqual(await main.run('expectedRunReport', null, NOW, ZONE));
    expect(parsed(await main.run('expectedRunReportJson', null, NOW, ZONE))).toEqual(parsed(expected));
  });

  it('read in parallel: many requests at once all answer', async () => {
    const query = { date_from: '20261121', date_to: '20261121' };
    const expected = await main.run('dailyReport', null, query, ZONE);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => threads.run('dailyReport', null, query, ZONE)),
    );
    for (const answer of answers) expect(answer).toEqual(expected);
  });

  it("return a report's refusal as the same DomainError, alike in the reader's language", async () => {
    const query = { date_from: '20261121', date_to: '20261120' };
    const refusal = await main.run('dailyReport', null, query, ZONE).catch((error: unknown) => error);
    const fromThread = await threads.run('dailyReport', null, query, ZONE).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(fromThread).toBeInstanceOf(DomainError);
    expect((fromThread as DomainError).kind).toBe('invalid');
    expect(renderMessage('th', fromThread as DomainError)).toBe(renderMessage('th', refusal as DomainError));
  });
});

describe('requests for the same report at once (issue 19)', () => {
  const query = { date_from: '20261120', date_to: '20261121' };

  it('join a read that waits, and get an answer that reflects every write committed before them', async () => {
    const pool = new ReportReadPool(db.sqliteFile as string, 1).start();
    // A second connection that writes synchronously: nothing else runs between the calls below. (The
    // write stays: the tests after this one compare no counts.)
    const writer = new SqliteDatabase(db.sqliteFile as string);
    try {
      const before = await pool.run('dailyReport', ['C1'], query, ZONE);
      const busy = pool.run('expectedRunReport', null, NOW, ZONE); // the one thread reads this
      const first = pool.run('dailyReport', ['C1'], query, ZONE); // waits in the queue
      const changed = writer
        .prepare(`update job_runs set state = 'SKIPPED' where company_code = 'C1' and state <> 'SKIPPED'`)
        .run().changes;
      expect(changed).toBeGreaterThan(0);
      const second = pool.run('dailyReport', ['C1'], query, ZONE); // the same read: joins the first
      const other = pool.run('dailyReport', ['C2'], query, ZONE); // another read: its own
      expect(pool.joinedRequests).toBe(1);
      const [, a, b, c] = await Promise.all([busy, first, second, other]);
      const afterWrite = await main.run('dailyReport', ['C1'], query, ZONE);
      expect(afterWrite).not.toEqual(before);
      expect(a).toEqual(afterWrite);
      expect(b).toEqual(afterWrite);
      expect(c).toEqual(await main.run('dailyReport', ['C2'], query, ZONE));
      // A running read is joined while nothing was committed since it started: the same answer.
      const running = pool.run('dailyReport', ['C1'], query, ZONE);
      const joining = pool.run('dailyReport', ['C1'], query, ZONE);
      expect(pool.joinedRequests).toBe(2);
      const [ran, joined] = await Promise.all([running, joining]);
      expect(joined).toEqual(ran);
      // After a commit it is not: the request waits for it and reads afresh, with the write.
      const runningBeforeWrite = pool.run('dailyReport', ['C1'], query, ZONE);
      expect(
        writer.prepare(`update job_runs set state = 'ERROR' where company_code = 'C1'`).run().changes,
      ).toBeGreaterThan(0);
      const afterCommit = pool.run('dailyReport', ['C1'], query, ZONE);
      expect(pool.joinedRequests).toBe(2);
      // (The running read's thread may or may not have begun before the write: its answer is not checked.)
      const [, fresh] = await Promise.all([runningBeforeWrite, afterCommit]);
      expect(fresh).toEqual(await main.run('dailyReport', ['C1'], query, ZONE));
    } finally {
      writer.close();
      await pool.close();
    }
  });

  it('wait for a running copy of their read instead of running a second copy beside it', async () => {
    const pool = new ReportReadPool(db.sqliteFile as string, 2).start();
    const writer = new SqliteDatabase(db.sqliteFile as string);
    try {
      const running = pool.run('dailyReport', ['C0'], query, ZONE); // thread 1 reads this
      writer
        .prepare(`update job_runs set state = 'ERROR' where company_code = 'C0' and state = 'FINISHED'`)
        .run();
      // The same read while it runs: not started on the free thread, but kept waiting, so the next
      // request for it joins it (with a copy running beside it, nothing would be waiting to join).
      const second = pool.run('dailyReport', ['C0'], query, ZONE);
      const third = pool.run('dailyReport', ['C0'], query, ZONE);
      expect(pool.joinedRequests).toBe(1);
      // Another read takes the free thread meanwhile (it is not held behind the waiting one).
      const other = pool.run('dailyReport', ['C2'], query, ZONE);
      const [, b, c, d] = await Promise.all([running, second, third, other]);
      const afterWrite = await main.run('dailyReport', ['C0'], query, ZONE);
      expect(b).toEqual(afterWrite);
      expect(c).toEqual(afterWrite);
      expect(d).toEqual(await main.run('dailyReport', ['C2'], query, ZONE));
    } finally {
      writer.close();
      await pool.close();
    }
  });

  it('do not join a read that has run longer than RUNNING_READ_JOIN_MS, even with nothing committed', async () => {
    const pool = new ReportReadPool(db.sqliteFile as string, 1).start();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const running = pool.run('dailyReport', ['C2'], query, ZONE);
      vi.setSystemTime(Date.now() + RUNNING_READ_JOIN_MS + 1);
      const late = pool.run('dailyReport', ['C2'], query, ZONE);
      expect(pool.joinedRequests).toBe(0);
      const [a, b] = await Promise.all([running, late]);
      expect(b).toEqual(a);
    } finally {
      vi.useRealTimers();
      await pool.close();
    }
  });

  it('join a running Expected Run Job of the same day, not one begun before midnight', async () => {
    const pool = new ReportReadPool(db.sqliteFile as string, 1).start();
    const beforeMidnight = bkk('2026-11-21T23:59:59.900');
    try {
      const sameDay = pool.run('expectedRunReport', null, NOW, ZONE);
      const later = pool.run('expectedRunReport', null, NOW + 500, ZONE);
      expect(pool.joinedRequests).toBe(1);
      const [a, b] = await Promise.all([sameDay, later]);
      expect(b).toEqual(a);

      const yesterday = pool.run('expectedRunReport', null, beforeMidnight, ZONE);
      const today = pool.run('expectedRunReport', null, beforeMidnight + 200, ZONE);
      expect(pool.joinedRequests).toBe(1);
      const [old, fresh] = await Promise.all([yesterday, today]);
      expect(old.report_date).toBe('2026-11-21');
      expect(fresh.report_date).toBe('2026-11-22');
    } finally {
      await pool.close();
    }
  });

  it('join a waiting read of another "as of" time, which then reads as of the latest', async () => {
    const pool = new ReportReadPool(db.sqliteFile as string, 1).start();
    const later = NOW + 3 * 3_600_000; // 13:00: the 12:00 fires are due
    try {
      const busy = pool.run('dailyReport', null, query, ZONE);
      const first = pool.run('expectedRunReport', null, NOW, ZONE);
      const second = pool.run('expectedRunReport', null, later, ZONE);
      const other = pool.run('expectedRunReport', ['C2'], NOW, ZONE);
      expect(pool.joinedRequests).toBe(1);
      const [, a, b, c] = await Promise.all([busy, first, second, other]);
      const asOfLater = await main.run('expectedRunReport', null, later, ZONE);
      expect(asOfLater).not.toEqual(await main.run('expectedRunReport', null, NOW, ZONE));
      expect(a).toEqual(asOfLater);
      expect(b).toEqual(asOfLater);
      expect(c).toEqual(await main.run('expectedRunReport', ['C2'], NOW, ZONE));
    } finally {
      await pool.close();
    }
  });

  it('share a refusal too', async () => {
    const pool = new ReportReadPool(db.sqliteFile as string, 1).start();
    try {
      const reversed = { date_from: '20261121', date_to: '20261120' };
      const busy = pool.run('expectedRunReport', null, NOW, ZONE);
      const refusals = [1, 2, 3].map(() =>
        pool.run('dailyReport', null, reversed, ZONE).catch((error: unknown) => error),
      );
      expect(pool.joinedRequests).toBe(2);
      await busy;
      for (const refusal of await Promise.all(refusals)) expect(refusal).toBeInstanceOf(DomainError);
    } finally {
      await pool.close();
    }
  });
});

describe('a report reader that fails', () => {
  it('answers a clean 500 {message}, and the pool goes on', async () => {
    // A database file without the report's tables: the read throws inside the thread.
    const emptyFile = path.join(dir, 'empty.sqlite');
    const empty = openDatabase({ sqliteFile: emptyFile });
    await empty.close();
    const pool = new ReportReadPool(emptyFile, 1);
    const app = Fastify();
    app.decorateRequest('language', 'en');
    installErrorHandler(app);
    app.get('/report', () => pool.run('expectedRunReport', null, NOW, ZONE));
    try {
      const first = await app.inject({ method: 'GET', url: '/report' });
      expect(first.statusCode).toBe(500);
      expect(first.json()).toEqual({ message: expect.any(String) as string, code: 'INTERNAL_ERROR' });
      expect((first.json() as { message: string }).message).not.toMatch(/no such table|sqlite/i);
      const again = await app.inject({ method: 'GET', url: '/report' });
      expect(again.statusCode).toBe(500);
    } finally {
      await app.close();
      await pool.close();
    }
  });

  it('a thread that cannot open its database fails its task instead of hanging', async () => {
    const pool = new ReportReadPool(path.join(dir, 'missing', 'none.sqlite'), 1);
    try {
      await expect(pool.run('expectedRunReport', null, NOW, ZONE)).rejects.toThrow(/report reader/);
    } finally {
      await pool.close();
    }
    expect(pool.threadCount).toBe(0);
  });
});

describe('closing the report readers', () => {
  it('ends every thread, and refuses reads afterwards', async () => {
    const pool = new ReportReadPool(db.sqliteFile as string, 2).start();
    expect(pool.threadCount).toBe(2);
    await pool.run('expectedRunReport', null, NOW, ZONE);
    await pool.close();
    expect(pool.threadCount).toBe(0);
    await expect(pool.run('expectedRunReport', null, NOW, ZONE)).rejects.toThrow(/closed/);
  });

  it("the server's close closes them (a file database)", async () => {
    const started: ReportReadPool[] = [];
    const original = ReportReadPool.prototype.start;
    ReportReadPool.prototype.start = function (this: ReportReadPool) {
      started.push(this);
      return original.call(this);
    };
    const own = openDatabase({ sqliteFile: path.join(dir, 'app.sqlite') });
    try {
      await migrateToLatest(own);
      const { app } = await buildApp({
        config: loadConfig({ LIS_DATA_DIR: path.join(dir, 'app-data'), LIS_TIMEZONE: ZONE }),
        db: own,
        masterKey: crypto.randomBytes(32),
        version: 'test',
      });
      await app.ready();
      expect(started).toHaveLength(1);
      expect(started[0]?.threadCount).toBeGreaterThan(0);
      await app.close();
      expect(started[0]?.threadCount).toBe(0);
    } finally {
      ReportReadPool.prototype.start = original;
      await own.close();
    }
  });
});
