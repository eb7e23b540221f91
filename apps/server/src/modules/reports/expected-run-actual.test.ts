import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { buildJobConfig } from '../../engine/scheduler/scheduler-test-support.js';
import type { RunState } from '../../db/schema.js';
import { bumpJobListVersion } from '../../db/job-list-version.js';
import { timesOfDay } from './expected-fires.js';
import { expectedRunReport } from './expected-run-report.js';
import { dayBoundaries, dayOf } from './report-days.js';

/** Bangkok wall time (UTC+7) → epoch ms. */
const bkk = (wall: string) => Date.parse(`${wall}+07:00`);
const ZONE = 'Asia/Bangkok';
const NOW = bkk('2026-11-21T15:00:00');
const [DAY_START] = dayBoundaries(dayOf(NOW, ZONE), 1, ZONE) as [number, number];

interface SeededRun {
  company_code: string;
  legacy_id: string;
  kind: 'scheduled' | 'manual';
  state: RunState;
  scheduled_at: number | null;
  queued_at: number;
  started_at: number | null;
}

/** A small random generator of its own, so a failing seed can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

/**
 * Jobs with few runs (listed one by one) and many (first - last), with and without seconds, created
 * before today or mid-day, with skipped, manual, fired-ahead, not-yet-started and yesterday's runs.
 */
function seed(random: (n: number) => number) {
  const jobs = Array.from({ length: 12 }, (_, i) => ({
    company_code: i % 3 === 0 ? 'B' : 'A',
    legacy_id: `J${i}`,
    created_at: i % 4 === 1 ? bkk('2026-11-21T09:17:00') + random(3_600_000) : bkk('2026-11-01T00:00:00'),
  }));
  const runs: SeededRun[] = [];
  for (const [i, job] of jobs.entries()) {
    const count = [0, 3, 12, 13, 30][i % 5] as number;
    const whole = i % 2 === 0; // every time a whole minute: no seconds shown
    for (let r = 0; r < count; r++) {
      const instant = bkk('2026-11-20T22:00:00') + random(20 * 3_600_000);
      const scheduled = whole ? Math.floor(instant / 60_000) * 60_000 : instant;
      const start = whole ? Math.floor(scheduled / 60_000) * 60_000 + 60_000 : scheduled + 1 + random(5_000);
      runs.push({
        company_code: job.company_code,
        legacy_id: job.legacy_id,
        kind: random(9) === 0 ? 'manual' : 'scheduled',
        state: (['FINISHED', 'ERROR', 'SKIPPED', 'RUNNING', 'QUEUED'] as const)[random(5)] ?? 'FINISHED',
        scheduled_at: scheduled,
        queued_at: scheduled,
        started_at: random(6) === 0 ? null : start,
      });
    }
  }
  return { jobs, runs };
}

/** The report's actual runs as the pre-session-11 code made them: every run read, filtered, listed. */
function byHand(data: ReturnType<typeof seed>, companies: string[] | null) {
  return data.jobs
    .filter((job) => companies === null || companies.includes(job.company_code))
    .map((job) => {
      const since = Math.max(DAY_START, job.created_at);
      const times = data.runs
        .filter(
          (run) =>
            run.company_code === job.company_code &&
            run.legacy_id === job.legacy_id &&
            run.kind === 'scheduled' &&
            run.state !== 'SKIPPED' &&
            run.scheduled_at !== null &&
            run.scheduled_at >= DAY_START &&
            run.scheduled_at <= NOW &&
            (since === DAY_START || run.scheduled_at > since),
        )
        .map((run) => run.started_at ?? run.queued_at)
        .sort((a, b) => a - b);
      return { legacyid: job.legacy_id, actual_count: times.length, actual_time: timesOfDay(times, ZONE) };
    });
}

describe.each(DATABASE_KINDS)("Expected Run Job's actual runs counted in SQL (%s, issue 19)", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(() => test.drop());

  for (const seedValue of [1, 2, 3, 4])
    it(`equal every run read and listed by hand (seed ${seedValue})`, async () => {
      const db = test.db.kysely;
      await db.deleteFrom('job_runs').execute();
      await db.deleteFrom('job_configs').execute();
      await bumpJobListVersion(db, NOW);
      const data = seed(generator(seedValue));
      await db
        .insertInto('job_configs')
        .values(data.jobs.map((job) => buildJobConfig({ ...job, cron_trigger: '0 0 * * * ?' })))
        .execute();
      await bumpJobListVersion(db, NOW);
      if (data.runs.length > 0)
        await db
          .insertInto('job_runs')
          .values(
            data.runs.map((run, i) => ({
              ...run,
              id: crypto.randomUUID(),
              job_instance_no: `${run.legacy_id}_${i}`,
              owner_kind: 'job' as const,
              trigger_id: `job|${run.company_code}|${run.legacy_id}|${i}`,
              finished_at: null,
              attempt: 1,
            })),
          )
          .execute();
      for (const companies of [null, ['A'], ['B']]) {
        const report = await expectedRunReport(db, companies, NOW, ZONE);
        const shown = new Map(report.result_list.map((row) => [row.legacyid, row]));
        for (const want of byHand(data, companies)) {
          const row = shown.get(want.legacyid);
          expect(row, want.legacyid).toBeDefined();
          expect({
            legacyid: row?.legacyid,
            actual_count: row?.actual_count,
            actual_time: row?.actual_time,
          }).toEqual(want);
        }
        // Both kinds of text occur: listed times and a first - last span, with and without seconds.
        if (companies === null) {
          const texts = report.result_list.map((row) => row.actual_time);
          expect(texts.some((text) => text.includes(' - '))).toBe(true);
          expect(texts.some((text) => text.includes(', '))).toBe(true);
          expect(texts.some((text) => /\d\d:\d\d:\d\d/.test(text))).toBe(true);
          expect(texts.some((text) => /^\d\d:\d\d( - \d\d:\d\d)?$/.test(text))).toBe(true);
        }
      }
    });
});
