import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { FileListType, JobRunTable, RunFileTable, RunState } from '../src/db/schema.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { dailyJobCounts, type DailyJobCounts } from '../src/modules/reports/daily-report.repository.js';
import { jobNames } from '../src/modules/reports/daily-report.js';
import { dayBoundaries } from '../src/modules/reports/report-days.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../src/test-support/test-database.js';

// Issue 19: a one-day Daily Report counts without the per-run day CASE. Its counts must be those the
// several-day query gives that day, and both those of a count made by hand from the runs themselves,
// over runs in every state, re-runs, several days and companies, and the zone's midnight.
const ZONE = 'Asia/Bangkok';
const bkk = (wall: string) => Date.parse(`${wall}+07:00`);
const FIRST = { year: 2026, month: 11, day: 19, hour: 0, minute: 0, second: 0 };
const DAYS = 3;
const STATES: RunState[] = [
  'QUEUED',
  'WAITING',
  'RUNNING',
  'FINISHED',
  'WARNING',
  'ERROR',
  'SKIPPED',
  'STOPPED',
];
const LISTS: FileListType[] = ['source', 'return_success', 'return_error', 'api_request', 'step4_error'];

/** Queue times: each day's midnight on both sides, mid-day, and the days around the report. */
const QUEUED = [
  bkk('2026-11-18T23:59:59.999'),
  bkk('2026-11-19T00:00:00.000'),
  bkk('2026-11-19T13:15:00'),
  bkk('2026-11-19T23:59:59.999'),
  bkk('2026-11-20T00:00:00.000'),
  bkk('2026-11-20T09:00:00'),
  bkk('2026-11-21T07:00:00'),
  bkk('2026-11-21T23:59:59.999'),
  bkk('2026-11-22T00:00:00.000'),
];

function seed(): { runs: Insertable<JobRunTable>[]; files: Insertable<RunFileTable>[] } {
  const runs: Insertable<JobRunTable>[] = [];
  const files: Insertable<RunFileTable>[] = [];
  let n = 0;
  for (const company of ['A', 'B', 'C'])
    for (const legacyId of ['J1', 'J2', 'GONE'])
      // GONE: runs of a job since deleted
      for (const queued of QUEUED) {
        n += 1;
        const state = STATES[n % STATES.length] as RunState;
        const started =
          state === 'QUEUED' || state === 'WAITING' || state === 'SKIPPED' ? null : queued + (n % 5) * 1000;
        const ended = ['FINISHED', 'WARNING', 'ERROR', 'STOPPED'].includes(state)
          ? (started ?? queued) + 60_000
          : null;
        const id = `r${n}`;
        runs.push({
          id,
          job_instance_no: `${legacyId}_${n}`,
          owner_kind: n % 11 === 0 ? 'chain' : 'job',
          company_code: company,
          legacy_id: legacyId,
          // Every third a re-run by hand (kept with its new queue time) or a chain member.
          kind: n % 3 === 0 ? 'manual' : n % 3 === 1 ? 'scheduled' : 'chain_member',
          state,
          queued_at: queued,
          started_at: started,
          finished_at: ended,
          attempt: 1 + (n % 2),
        });
        for (let f = 0; f < n % 4; f += 1)
          files.push({
            run_id: id,
            company_code: company,
            legacy_id: legacyId,
            job_instance_no: `${legacyId}_${n}`,
            list_type: LISTS[(n + f) % LISTS.length] as FileListType,
            file_name: `f${n}_${f}.txt`,
            size: 1,
            sha256: '0'.repeat(64),
            origin: 'test',
            blob_key: `${id}/${f}`,
            created_at: queued,
          });
      }
  return { runs, files };
}

/** The counts made by hand: day `i` is `[boundaries[i], boundaries[i + 1])` (names left out). */
function byHand(data: ReturnType<typeof seed>, boundaries: number[]) {
  const rows = new Map<string, Omit<DailyJobCounts, 'legacy_name' | 'legacy_type'>>();
  for (const r of data.runs) {
    if (r.owner_kind !== 'job') continue;
    const day = boundaries.findIndex(
      (start, i) =>
        i + 1 < boundaries.length && r.queued_at >= start && r.queued_at < (boundaries[i + 1] as number),
    );
    if (day < 0) continue;
    const key = `${day}|${r.company_code}|${r.legacy_id}`;
    const row = rows.get(key) ?? {
      day,
      company_code: r.company_code,
      legacy_id: r.legacy_id,
      run_count: 0,
      finished_count: 0,
      warning_count: 0,
      error_count: 0,
      running_count: 0,
      skipped_count: 0,
      stopped_count: 0,
      files_loaded: 0,
      files_returned: 0,
      first_started_at: null,
      last_finished_at: null,
    };
    row.run_count += 1;
    if (r.state === 'FINISHED') row.finished_count += 1;
    if (r.state === 'WARNING') row.warning_count += 1;
    if (r.state === 'ERROR') row.error_count += 1;
    if (r.state === 'QUEUED' || r.state === 'WAITING' || r.state === 'RUNNING') row.running_count += 1;
    if (r.state === 'SKIPPED') row.skipped_count += 1;
    if (r.state === 'STOPPED') row.stopped_count += 1;
    for (const f of data.files.filter((file) => file.run_id === r.id)) {
      if (f.list_type === 'source') row.files_loaded += 1;
      if (f.list_type === 'return_success' || f.list_type === 'return_error') row.files_returned += 1;
    }
    if (r.started_at != null) row.first_started_at = Math.min(row.first_started_at ?? Infinity, r.started_at);
    if (r.finished_at != null)
      row.last_finished_at = Math.max(row.last_finished_at ?? -Infinity, r.finished_at);
    rows.set(key, row);
  }
  return [...rows.values()];
}

const order = (a: { day: number; company_code: string; legacy_id: string }, b: typeof a) =>
  a.day - b.day || a.company_code.localeCompare(b.company_code) || a.legacy_id.localeCompare(b.legacy_id);
const sorted = <T extends { day: number; company_code: string; legacy_id: string }>(rows: T[]) =>
  [...rows].sort(order);
const withoutNames = (rows: DailyJobCounts[]) =>
  rows.map(({ legacy_name: _n, legacy_type: _t, ...row }) => row);

describe.each(DATABASE_KINDS)('Daily Report counts, one day and several (%s)', (kind) => {
  let test: TestDatabase;
  const data = seed();

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const db = test.db.kysely;
    await db
      .insertInto('job_configs')
      .values(
        ['A', 'B', 'C'].flatMap((company) =>
          ['J1', 'J2'].map((legacyId) =>
            buildJobConfig({
              company_code: company,
              legacy_id: legacyId,
              legacy_name: `${company} ${legacyId}`,
            }),
          ),
        ),
      )
      .execute();
    await db.insertInto('job_runs').values(data.runs).execute();
    await db.insertInto('run_files').values(data.files).execute();
  });
  afterAll(() => test.drop());

  const several = dayBoundaries(FIRST, DAYS, ZONE);
  for (const companies of [null, ['A'], ['B', 'C']])
    it(`one day's report is that day of the ${DAYS}-day report, and both are the hand count (${companies?.join(',') ?? 'all'})`, async () => {
      const db = test.db.kysely;
      const all = await dailyJobCounts(db, { companies, boundaries: several }, await jobNames(db));
      const inScope = (row: { company_code: string }) =>
        companies === null || companies.includes(row.company_code);
      expect(sorted(withoutNames(all))).toEqual(sorted(byHand(data, several).filter(inScope)));
      expect(all.filter((row) => row.legacy_id === 'GONE').every((row) => row.legacy_name === '')).toBe(true);
      expect(
        all.filter((row) => row.legacy_id === 'J1').every((row) => row.legacy_name.endsWith(' J1')),
      ).toBe(true);
      for (let day = 0; day < DAYS; day += 1) {
        const one = await dailyJobCounts(
          db,
          { companies, boundaries: several.slice(day, day + 2) },
          await jobNames(db),
        );
        expect(one.length).toBeGreaterThan(0);
        expect(sorted(one)).toEqual(
          sorted(all.filter((row) => row.day === day).map((row) => ({ ...row, day: 0 }))),
        );
      }
    });
});
