import type { Kysely } from 'kysely';
import type { ExpectedRunJobResponse, ExpectedRunJobRow } from '@lis/contracts';
import type { Database } from '../../db/schema.js';
import { expectedFires, timeSpanOfDay, timesOfDay, type ExpectedFires } from './expected-fires.js';
import { ExpectedFiresCache, type ExpectedFiresText } from './expected-fires-cache.js';
import { dayBoundaries, dayOf, isoDay } from './report-days.js';
import {
  jobConfigSavesSince,
  jobKey,
  scheduledRunTallies,
  type ScheduledRunTally,
} from './expected-run-report.repository.js';
import { reportJobsKept } from './report-jobs-kept.js';
import { expectationDaysOn } from '../expectations/expectation.repository.js';
import { jobCalendarsOf } from './report-calendars.js';
import type { TriggerCalendar } from '../../engine/scheduler/trigger-calendar.repository.js';

/** The day's expected fires per (trigger, start), kept across requests (one per process or reader thread). */
const firesCache = new ExpectedFiresCache();

/** A job's scheduled runs due so far: how many, and their times as the report shows them. */
interface ActualRuns {
  count: number;
  text: string;
}

const NO_RUNS: ActualRuns = { count: 0, text: '' };

/**
 * Each job's scheduled runs of today due by `now` (skipped fires left out), counted from `since`
 * (countingSince): from the day's start, or only runs scheduled strictly after a later `since`. Counted
 * in SQL per job (issue 19); a job created or switched on today whose runs are too many to have come
 * back one by one has them read afresh from its `since` (few jobs a day; every job on an install's
 * first day).
 */
async function actualRunsOf(
  db: Kysely<Database>,
  companies: string[] | null,
  sinceOf: (key: string) => number,
  window: { dayStart: number; now: number },
  timeZone: string,
): Promise<(key: string) => ActualRuns> {
  const actual = new Map<string, ActualRuns>();
  for (const tally of await scheduledRunTallies(db, companies, { from: window.dayStart, now: window.now })) {
    const key = jobKey(tally.company_code, tally.legacy_id);
    const since = sinceOf(key);
    actual.set(
      key,
      since === window.dayStart
        ? shown(tally, timeZone)
        : await ownRuns(db, tally, since, window.now, timeZone),
    );
  }
  return (key) => actual.get(key) ?? NO_RUNS;
}

/** A tally as the report shows it. */
function shown(tally: ScheduledRunTally, timeZone: string): ActualRuns {
  if (tally.listed)
    return {
      count: tally.runs,
      text: timesOfDay(
        tally.listed.map((run) => run.at),
        timeZone,
      ),
    };
  return { count: tally.runs, text: timeSpanOfDay(tally.firstAt, tally.lastAt, tally.withSeconds, timeZone) };
}

/** One job's runs scheduled strictly after `since`, counted afresh for it alone. */
async function ownRuns(
  db: Kysely<Database>,
  tally: ScheduledRunTally,
  since: number,
  now: number,
  timeZone: string,
): Promise<ActualRuns> {
  if (tally.listed) {
    const times = tally.listed.filter((run) => run.scheduledAt > since).map((run) => run.at);
    return { count: times.length, text: timesOfDay(times, timeZone) };
  }
  const own = await scheduledRunTallies(db, [tally.company_code], { from: since + 1, now }, tally.legacy_id);
  return own[0] ? shown(own[0], timeZone) : NO_RUNS;
}

const isActiveFlag = (side: unknown): unknown =>
  typeof side === 'object' && side !== null ? (side as { isactive?: unknown }).isactive : undefined;

/**
 * When each job was last switched on today (Is Active N → Y), read from the audit trail of its saves
 * (`details` holds the configuration before and after); jobs not switched on today are absent.
 * (Given another day's start: the last switch-on since then.)
 */
export async function activatedToday(
  db: Kysely<Database>,
  companies: string[] | null,
  dayStart: number,
): Promise<Map<string, number>> {
  const activated = new Map<string, number>();
  for (const entry of await jobConfigSavesSince(db, companies, dayStart)) {
    let details: { before?: unknown; after?: unknown };
    try {
      details = JSON.parse(entry.details ?? '') as typeof details;
    } catch {
      continue;
    }
    if (isActiveFlag(details.before) !== 'N' || isActiveFlag(details.after) !== 'Y') continue;
    const [company, legacyId] = (entry.target ?? '').split('|');
    if (!company || !legacyId) continue;
    const key = jobKey(company, legacyId);
    const at = Number(entry.at);
    if (at > (activated.get(key) ?? 0)) activated.set(key, at);
  }
  return activated;
}

/** Where a job's fires start counting on a day: its creation or switch-on that day, else the day's start. */
export function countingSince(createdAt: number, activatedAt: number | undefined, dayStart: number): number {
  return Math.max(dayStart, createdAt, activatedAt ?? 0);
}

/**
 * A job's fires on a day counted from `since` (countingSince): from the day's start, or strictly after
 * a later `since` (a new trigger's first fire is the first strictly after its save).
 */
export function expectedFiresSince(
  cronTrigger: string,
  since: number,
  window: { dayStart: number; dayEnd: number; now: number },
  timeZone: string,
  listMax = 0,
  calendars: readonly TriggerCalendar[] = [],
): ExpectedFires {
  const from = since > window.dayStart ? since + 1 : window.dayStart;
  return expectedFires(
    cronTrigger,
    { dayStart: from, dayEnd: window.dayEnd, now: window.now },
    timeZone,
    listMax,
    calendars,
  );
}

/**
 * Expected Run Job (spec 000 §2): for each active job of the companies, the fires its cron triggers
 * were due to make today up to now (LIS_TIMEZONE) against the scheduled runs it really had. Jobs with
 * neither (no trigger, no run) are left out; an inactive job that ran today is kept.
 *
 * A job created or switched on today is counted from that moment, not from midnight (issue 17: a
 * fresh install must not show every job as having missed its morning): fires strictly after it are
 * expected (a new trigger's first fire is the first strictly after its save), and only runs scheduled
 * after it are set against them.
 */
export async function expectedRunReport(
  db: Kysely<Database>,
  companies: string[] | null,
  now: number,
  timeZone: string,
): Promise<ExpectedRunJobResponse> {
  const today = dayOf(now, timeZone);
  const [dayStart, dayEnd] = dayBoundaries(today, 1, timeZone) as [number, number];
  const base = { report_date: isoDay(today, 0), time_zone: timeZone };
  if (companies !== null && companies.length === 0) return { ...base, result_list: [], total_count: 0 };

  const activated = await activatedToday(db, companies, dayStart);
  const jobs = await reportJobsKept(db, companies);
  const createdAt = new Map(
    jobs.map((job) => [jobKey(job.company_code, job.legacy_id), Number(job.created_at)]),
  );
  // A run of a job no longer in the job list is never shown: its since does not matter.
  const sinceOf = (key: string) => countingSince(createdAt.get(key) ?? 0, activated.get(key), dayStart);
  const actualRuns = await actualRunsOf(db, companies, sinceOf, { dayStart, now }, timeZone);
  const calendarsOf = await jobCalendarsOf(db, companies);
  // Issue 35: the day's file deadline of each expecting job (optional columns).
  const expectations = new Map(
    (await expectationDaysOn(db, companies, base.report_date)).map((day) => [
      jobKey(day.company_code, day.legacy_id),
      { expectation_state: day.state, deadline_at: new Date(Number(day.deadline_at)).toISOString() },
    ]),
  );

  // Jobs often share a schedule: each distinct (`cron_trigger`, start) of the day is computed once
  // and kept across requests (expected-fires-cache.ts); a request takes the fires due by its `now`.
  // A time a trigger's calendar excludes is not expected (issue 34).
  const expectedOf = (cronTrigger: string, since: number, calendars: readonly TriggerCalendar[]) =>
    firesCache.get(
      cronTrigger,
      { from: since > dayStart ? since + 1 : dayStart, dayEnd, now },
      timeZone,
      calendars,
    );
  const none: ExpectedFiresText = { dueCount: 0, dayCount: 0, invalid: [], text: '' };

  const rows: ExpectedRunJobRow[] = [];
  for (const job of jobs) {
    const key = jobKey(job.company_code, job.legacy_id);
    const since = sinceOf(key);
    // A run fired ahead (decision 0032) counts once its time has come (scheduled by `now`), as its
    // expected fire does.
    const actual = actualRuns(key);
    if (job.is_active !== 'Y' && actual.count === 0) continue;
    const expected = job.is_active === 'Y' ? expectedOf(job.cron_trigger, since, calendarsOf(job)) : none;
    if (expected.dayCount === 0 && actual.count === 0 && expected.invalid.length === 0) continue;
    rows.push({
      companycode: job.company_code,
      legacyid: job.legacy_id,
      legacyname: job.legacy_name,
      expected_time: expected.text,
      expected_count: expected.dueCount,
      expected_count_day: expected.dayCount,
      actual_time: actual.text,
      actual_count: actual.count,
      invalid_triggers: [...expected.invalid],
      ...expectations.get(key),
    });
  }
  return { ...base, result_list: rows, total_count: rows.length };
}
