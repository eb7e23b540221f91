import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import {
  DAY_TIMELINE_MAX_LANES,
  DAY_TIMELINE_MAX_MISSING_PER_LANE,
  DAY_TIMELINE_MAX_RUNS_PER_LANE,
  DAY_TIMELINE_MAX_EXPECTED_PER_LANE,
  type DayTimelineLane,
  type DayTimelineResponse,
} from '@lis/contracts';
import type { JobRunTable } from '../src/db/schema.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/** Bangkok wall time (UTC+7) → epoch ms. The test clock stands at 10:00 on 21-11-2026 in Bangkok. */
const bkk = (wall: string) => Date.parse(`${wall}+07:00`);
const isoBkk = (wall: string) => new Date(bkk(wall)).toISOString();

let seq = 0;
const run = (
  over: Partial<Insertable<JobRunTable>> & Pick<Insertable<JobRunTable>, 'company_code' | 'legacy_id'>,
): Insertable<JobRunTable> => {
  seq += 1;
  return {
    id: `run-${seq}`,
    job_instance_no: `${over.legacy_id}_${seq}`,
    owner_kind: 'job',
    kind: 'manual',
    state: 'FINISHED',
    queued_at: bkk('2026-11-21T08:00:00'),
    started_at: bkk('2026-11-21T08:00:01'),
    finished_at: bkk('2026-11-21T08:00:09'),
    attempt: 1,
    ...over,
  };
};
const fired = (company: string, legacyId: string, wall: string, over: Partial<Insertable<JobRunTable>>) =>
  run({
    company_code: company,
    legacy_id: legacyId,
    kind: 'scheduled',
    trigger_id: `job|${company}|${legacyId}|0`,
    scheduled_at: bkk(wall),
    queued_at: bkk(wall),
    ...over,
  });

const RUNS: Insertable<JobRunTable>[] = [
  // A-1 (08:00, 12:00, 16:00): today's 08:00 fire finished; a manual run at 09:00 failed.
  fired('A', 'A-1', '2026-11-21T08:00:00', { job_instance_no: 'A-1_0800' }),
  run({
    company_code: 'A',
    legacy_id: 'A-1',
    job_instance_no: 'A-1_0900',
    state: 'ERROR',
    queued_at: bkk('2026-11-21T09:00:00'),
    started_at: bkk('2026-11-21T09:00:02'),
    finished_at: bkk('2026-11-21T09:00:05'),
  }),
  // Yesterday A-1's 16:00 fire ended in a warning; its 08:00 and 12:00 fires never came.
  fired('A', 'A-1', '2026-11-20T16:00:00', {
    job_instance_no: 'A-1_y1600',
    state: 'WARNING',
    started_at: bkk('2026-11-20T16:00:01'),
    finished_at: bkk('2026-11-20T16:00:30'),
  }),
  // A-2 (09:00, 09:30): the 09:00 fire was skipped (overlap): fired, not missing; 09:30 still runs.
  fired('A', 'A-2', '2026-11-21T09:00:00', {
    job_instance_no: 'A-2_0900',
    state: 'SKIPPED',
    started_at: null,
    finished_at: bkk('2026-11-21T09:00:00'),
  }),
  fired('A', 'A-2', '2026-11-21T09:30:00', {
    job_instance_no: 'A-2_0930',
    state: 'RUNNING',
    started_at: bkk('2026-11-21T09:30:01'),
    finished_at: null,
  }),
  // one run across midnight (shown on both days), one that ended the evening before (not today).
  run({
    company_code: 'A',
    legacy_id: 'A-6',
    job_instance_no: 'A-6_night',
    queued_at: bkk('2026-11-20T23:50:00'),
    started_at: bkk('2026-11-20T23:50:00'),
    finished_at: bkk('2026-11-21T00:10:00'),
  }),
  run({
    company_code: 'A',
    legacy_id: 'A-6',
    job_instance_no: 'A-6_evening',
    queued_at: bkk('2026-11-20T20:00:00'),
    started_at: bkk('2026-11-20T20:00:00'),
    finished_at: bkk('2026-11-20T20:05:00'),
  }),
  // A job deleted since it ran.
  run({ company_code: 'A', legacy_id: 'A-GONE', job_instance_no: 'A-GONE_1' }),
  // Company B.
  fired('B', 'B-1', '2026-11-21T08:00:00', { job_instance_no: 'B-1_0800' }),
];

const laneIds = (body: DayTimelineResponse) => body.lanes.map((lane) => lane.legacyid);
const laneOf = (body: DayTimelineResponse, legacyId: string): DayTimelineLane => {
  const lane = body.lanes.find((candidate) => candidate.legacyid === legacyId);
  if (!lane) throw new Error(`no lane ${legacyId} in ${laneIds(body).join(', ')}`);
  return lane;
};

describe.each(DATABASE_KINDS)('GET /v1/reports/day-timeline (%s)', (kind) => {
  let t: TestApp;
  const timeline = (who: string, query: string, language = 'en') =>
    t.as(who, { url: `/v1/reports/day-timeline?sid=555&${query}`, headers: { 'accept-language': language } });
  const ok = async (who: string, query: string) => {
    const r = await timeline(who, query);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as DayTimelineResponse;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.database.db.kysely
      .insertInto('job_configs')
      .values([
        buildJobConfig({
          company_code: 'A',
          legacy_id: 'A-1',
          legacy_name: 'Invoices',
          cron_trigger: '0 0 8,12,16 * * ?',
        }),
        buildJobConfig({
          company_code: 'A',
          legacy_id: 'A-2',
          legacy_name: 'Payments',
          legacy_type: 'IN_WAIT',
          cron_trigger: '0 0,30 9 * * ?|bad cron',
        }),
        // Never ran: its 06:00 and 07:00 fires are missing.
        buildJobConfig({
          company_code: 'A',
          legacy_id: 'A-3',
          legacy_name: 'Early',
          cron_trigger: '0 0 6,7 * * ?',
        }),
        // The same schedule, created at 06:30 today: only 07:00 was due since.
        buildJobConfig({
          company_code: 'A',
          legacy_id: 'A-4',
          legacy_name: 'New',
          cron_trigger: '0 0 6,7 * * ?',
          created_at: bkk('2026-11-21T06:30:00'),
        }),
        buildJobConfig({
          company_code: 'A',
          legacy_id: 'A-5',
          legacy_name: 'Off',
          is_active: 'N',
          cron_trigger: '0 0 6 * * ?',
        }),
        buildJobConfig({ company_code: 'A', legacy_id: 'A-6', legacy_name: 'Night', cron_trigger: '' }),
        buildJobConfig({
          company_code: 'B',
          legacy_id: 'B-1',
          legacy_name: 'Other company',
          cron_trigger: '0 0 8 * * ?',
        }),
      ])
      .execute();
    await t.database.db.kysely.insertInto('job_runs').values(RUNS).execute();
  });
  afterAll(() => t.close());

  it('draws each job of the day: its runs as bars, running ones to now, and the fires no run answered', async () => {
    const body = await ok('user-a', 'date=20261121');
    expect(body).toMatchObject({
      date: '2026-11-21',
      time_zone: 'Asia/Bangkok',
      day_start: isoBkk('2026-11-21T00:00:00'),
      day_end: isoBkk('2026-11-22T00:00:00'),
      now: isoBkk('2026-11-21T10:00:00'),
      total_lanes: 6,
    });
    // A-5 is off and did not run; B-1 is another company's.
    expect(laneIds(body)).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'A-6', 'A-GONE']);
    expect(laneOf(body, 'A-1')).toEqual({
      companycode: 'A',
      legacyid: 'A-1',
      legacyname: 'Invoices',
      legacytype: 'OUTBOUND',
      run_count: 2,
      runs: [
        {
          job_instance_no: 'A-1_0800',
          state: 'FINISHED',
          kind: 'scheduled',
          start: isoBkk('2026-11-21T08:00:01'),
          end: isoBkk('2026-11-21T08:00:09'),
          active: false,
        },
        {
          job_instance_no: 'A-1_0900',
          state: 'ERROR',
          kind: 'manual',
          start: isoBkk('2026-11-21T09:00:02'),
          end: isoBkk('2026-11-21T09:00:05'),
          active: false,
        },
      ],
      missing_count: 0,
      missing_fires: [],
      // Every fire of the day, before and after now (issue 31): the times Expected Run Job knows.
      expected_fires: ['08:00:00', '12:00:00', '16:00:00'].map((time) => isoBkk(`2026-11-21T${time}`)),
      invalid_triggers: [],
    });
    expect(laneOf(body, 'A-2')).toMatchObject({
      legacytype: 'IN_WAIT',
      runs: [
        {
          job_instance_no: 'A-2_0900',
          state: 'SKIPPED',
          start: isoBkk('2026-11-21T09:00:00'),
          active: false,
        },
        {
          job_instance_no: 'A-2_0930',
          state: 'RUNNING',
          start: isoBkk('2026-11-21T09:30:01'),
          end: isoBkk('2026-11-21T10:00:00'),
          active: true,
        },
      ],
      missing_count: 0,
      invalid_triggers: ['bad cron'],
    });
    expect(laneOf(body, 'A-3')).toMatchObject({
      run_count: 0,
      runs: [],
      missing_count: 2,
      missing_fires: [isoBkk('2026-11-21T06:00:00'), isoBkk('2026-11-21T07:00:00')],
    });
    // Counted from its creation, as Expected Run Job counts it.
    expect(laneOf(body, 'A-4').missing_fires).toEqual([isoBkk('2026-11-21T07:00:00')]);
    expect(laneOf(body, 'A-4').expected_fires).toEqual([isoBkk('2026-11-21T07:00:00')]);
    // Two triggers: their fires in one order; an invalid one has none.
    expect(laneOf(body, 'A-2').expected_fires).toEqual([
      isoBkk('2026-11-21T09:00:00'),
      isoBkk('2026-11-21T09:30:00'),
    ]);
    expect(laneOf(body, 'A-6').runs.map((bar) => bar.job_instance_no)).toEqual(['A-6_night']);
    expect(laneOf(body, 'A-GONE')).toMatchObject({ legacyname: '', legacytype: '', run_count: 1 });
  });

  it('takes today when no date is given, and yyyy-mm-dd as well as yyyymmdd', async () => {
    const byCompact = await ok('user-a', 'date=20261121');
    expect(await ok('user-a', '')).toEqual(byCompact);
    expect(await ok('user-a', 'date=2026-11-21')).toEqual(byCompact);
  });

  it('shows a past day in full: every fire of it was due', async () => {
    const body = await ok('user-a', 'date=20261120');
    expect(body.day_start).toBe(isoBkk('2026-11-20T00:00:00'));
    // A-4 did not exist yet; A-6's night run and its evening run both touch the 20th.
    expect(laneIds(body)).toEqual(['A-1', 'A-2', 'A-3', 'A-6']);
    expect(laneOf(body, 'A-1')).toMatchObject({
      runs: [{ job_instance_no: 'A-1_y1600', state: 'WARNING' }],
      missing_fires: [isoBkk('2026-11-20T08:00:00'), isoBkk('2026-11-20T12:00:00')],
    });
    expect(laneOf(body, 'A-2').missing_fires).toEqual([
      isoBkk('2026-11-20T09:00:00'),
      isoBkk('2026-11-20T09:30:00'),
    ]);
    expect(laneOf(body, 'A-6').runs.map((bar) => bar.job_instance_no)).toEqual(['A-6_evening', 'A-6_night']);
  });

  it("never shows another company's runs; a named company must be the caller's", async () => {
    const own = await ok('user-b', 'date=20261121');
    expect(laneIds(own)).toEqual(['B-1']);
    expect(JSON.stringify(own)).not.toContain('A-1');
    const foreign = await timeline('user-a', 'date=20261121&company_code=B');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: expect.stringContaining('B'), code: 'COMPANY_FORBIDDEN' });
    expect(foreign.body).not.toContain('B-1_0800');
    const both = await ok('root', 'date=20261121&company_code=A&company_code=B');
    expect(laneIds(both)).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'A-6', 'A-GONE', 'B-1']);
    expect(laneIds(await ok('root', 'date=20261121&company_code=B'))).toEqual(['B-1']);
  });

  it.each(['2026-13-01', '20261131', 'tomorrow', '2026112', '21/11/2026'])(
    'refuses date=%s with 400 and a message in the caller’s language',
    async (date) => {
      const r = await timeline('user-a', `date=${encodeURIComponent(date)}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        message: 'date must be a day as yyyymmdd or yyyy-mm-dd (for example 20261121)',
        code: 'DATE_INVALID',
      });
      const thai = await timeline('user-a', `date=${encodeURIComponent(date)}`, 'th');
      expect(thai.json().message).toContain('ต้องเป็นวันที่');
    },
  );

  it('refuses a company code that is not one, and an unknown parameter', async () => {
    expect((await timeline('root', "date=20261121&company_code=A'--")).statusCode).toBe(400);
    expect((await timeline('root', 'date=20261121&legacy_id=A-1')).statusCode).toBe(400);
  });

  it('is bounded: at most so many lanes, runs and missing fires, with the full counts', async () => {
    const db = t.database.db.kysely;
    const extra = DAY_TIMELINE_MAX_LANES + 4;
    await db
      .insertInto('job_configs')
      .values([
        ...Array.from({ length: extra }, (_, i) =>
          buildJobConfig({
            company_code: 'C',
            legacy_id: `C-${String(i).padStart(3, '0')}`,
            cron_trigger: '0 0 6 * * ?',
          }),
        ),
        buildJobConfig({ company_code: 'C', legacy_id: 'C-SEC', cron_trigger: '* * * * * ?' }),
      ])
      .execute();
    // Every 30 s from 01:00: more than a per-minute job's day of runs.
    const busy = Array.from({ length: DAY_TIMELINE_MAX_RUNS_PER_LANE + 5 }, (_, i) =>
      run({
        company_code: 'C',
        legacy_id: 'C-000',
        queued_at: bkk('2026-11-21T01:00:00') + i * 30_000,
        started_at: bkk('2026-11-21T01:00:00') + i * 30_000,
        finished_at: bkk('2026-11-21T01:00:20') + i * 30_000,
      }),
    );
    for (let at = 0; at < busy.length; at += 500)
      await db
        .insertInto('job_runs')
        .values(busy.slice(at, at + 500))
        .execute();

    const body = await ok('root', 'date=20261121&company_code=C');
    expect(body.total_lanes).toBe(extra + 1);
    expect(body.lanes).toHaveLength(DAY_TIMELINE_MAX_LANES);
    const first = laneOf(body, 'C-000');
    expect(first.run_count).toBe(DAY_TIMELINE_MAX_RUNS_PER_LANE + 5);
    expect(first.runs).toHaveLength(DAY_TIMELINE_MAX_RUNS_PER_LANE);
    expect(first.runs[0]?.start).toBe(isoBkk('2026-11-21T01:00:00'));

    expect(laneIds(body)).not.toContain('C-SEC'); // sorted after C-000 … C-063, beyond the limit
    await db
      .deleteFrom('job_configs')
      .where('company_code', '=', 'C')
      .where('legacy_id', '!=', 'C-SEC')
      .execute();
    const sec = laneOf(await ok('root', 'date=20261121&company_code=C'), 'C-SEC');
    expect(sec.missing_count).toBe(10 * 3600 + 1);
    expect(sec.missing_fires).toHaveLength(DAY_TIMELINE_MAX_MISSING_PER_LANE);
    expect(sec.missing_fires[0]).toBe(isoBkk('2026-11-21T00:00:00'));
    expect(sec.expected_fires).toHaveLength(DAY_TIMELINE_MAX_EXPECTED_PER_LANE);
    expect(sec.expected_fires?.[1]).toBe(isoBkk('2026-11-21T00:00:01'));
  });
});
