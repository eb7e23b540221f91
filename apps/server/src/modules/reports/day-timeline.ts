import type { Kysely } from 'kysely';
import {
  DAY_TIMELINE_MAX_EXPECTED_PER_LANE,
  DAY_TIMELINE_MAX_LANES,
  DAY_TIMELINE_MAX_MISSING_PER_LANE,
  DAY_TIMELINE_MAX_RUNS_PER_LANE,
  type DayTimelineLane,
  type DayTimelineResponse,
  type DayTimelineRun,
} from '@lis/contracts';
import type { Database } from '../../db/schema.js';
import type { ExpectedFires } from './expected-fires.js';
import { activatedToday, countingSince, expectedFiresSince } from './expected-run-report.js';
import { jobKey } from './expected-run-report.repository.js';
import { firedTimes, timelineJobs, timelineRuns, type TimelineRunRow } from './day-timeline.repository.js';
import { dayBoundaries, dayOf, isoDay, parseReportDate } from './report-days.js';
import { invalid } from '../../platform/domain-error.js';
import type { TriggerCalendar } from '../../engine/scheduler/trigger-calendar.repository.js';
import { calendarsKey, jobCalendarsOf } from './report-calendars.js';

const ACTIVE_STATES = new Set(['QUEUED', 'WAITING', 'RUNNING']);
const iso = (at: number) => new Date(at).toISOString();
/** `yyyymmdd` or `yyyy-mm-dd` → the day; none → today; anything else → 400 in the caller's language. */
function chosenDay(text: string | undefined, now: number, timeZone: string) {
  if (!text) return dayOf(now, timeZone);
  const day = parseReportDate(/^\d{4}-\d{2}-\d{2}$/.test(text) ? text.replaceAll('-', '') : text);
  if (!day) throw invalid('DATE_INVALID', 'dayTimelineDateInvalid');
  return day;
}

/** A run as a bar: from its start (or queue time) to its end, or to now while it is not over. */
function bar(run: TimelineRunRow, now: number): DayTimelineRun {
  const start = run.started_at ?? run.queued_at;
  const active = run.finished_at === null && ACTIVE_STATES.has(run.state);
  const end = run.finished_at ?? (active ? Math.max(now, start) : start);
  return {
    job_instance_no: run.job_instance_no,
    state: run.state,
    kind: run.kind,
    start: iso(start),
    end: iso(end),
    active,
  };
}

/** The due fires that no scheduled run was fired for (two fires at one second need two runs). */
function missingFires(due: readonly number[], fired: readonly number[]): number[] {
  const left = new Map<number, number>();
  for (const at of fired) left.set(at, (left.get(at) ?? 0) + 1);
  return due.filter((at) => {
    const runs = left.get(at) ?? 0;
    if (runs > 0) left.set(at, runs - 1);
    return runs === 0;
  });
}

/**
 * The day timeline (issue 17): per job of the companies that ran or was due to fire that day (in
 * LIS_TIMEZONE) a lane with its runs and its missing fires. The expected fires are those Expected Run
 * Job counts (the same functions): an active job's triggers from its creation or switch-on that day,
 * up to now. A constant number of queries, whatever the number of jobs; bounded by
 * DAY_TIMELINE_MAX_LANES lanes and the per-lane limits (the counts say what was left out).
 */
export async function dayTimeline(
  db: Kysely<Database>,
  companies: string[] | null,
  date: string | undefined,
  now: number,
  timeZone: string,
): Promise<DayTimelineResponse> {
  const day = chosenDay(date, now, timeZone);
  const [dayStart, dayEnd] = dayBoundaries(day, 1, timeZone) as [number, number];
  const [jobs, runs, fired, activated, calendarsOf] = await Promise.all([
    timelineJobs(db, companies),
    timelineRuns(db, { companies, dayStart, dayEnd, perJob: DAY_TIMELINE_MAX_RUNS_PER_LANE }),
    firedTimes(db, companies, { dayStart, dayEnd }),
    activatedToday(db, companies, dayStart),
    jobCalendarsOf(db, companies),
  ]);

  const runsOf = new Map<string, TimelineRunRow[]>();
  for (const run of runs) {
    const key = jobKey(run.company_code, run.legacy_id);
    const jobRuns = runsOf.get(key);
    if (jobRuns) jobRuns.push(run);
    else runsOf.set(key, [run]);
  }
  // Jobs often share a schedule: each distinct (trigger, start) is computed once.
  const firesByTrigger = new Map<string, ExpectedFires>();
  // A time a trigger's calendar excludes is not expected (issue 34).
  const expectedOf = (cronTrigger: string, since: number, calendars: readonly TriggerCalendar[]) => {
    const cacheKey = `${since}\u0000${cronTrigger}\u0000${calendarsKey(calendars)}`;
    let fires = firesByTrigger.get(cacheKey);
    if (!fires) {
      fires = expectedFiresSince(
        cronTrigger,
        since,
        { dayStart, dayEnd, now },
        timeZone,
        DAY_TIMELINE_MAX_EXPECTED_PER_LANE,
        calendars,
      );
      firesByTrigger.set(cacheKey, fires);
    }
    return fires;
  };

  const lanes: DayTimelineLane[] = [];
  const known = new Set<string>();
  for (const job of jobs) {
    const key = jobKey(job.company_code, job.legacy_id);
    known.add(key);
    const since = countingSince(Number(job.created_at), activated.get(key), dayStart);
    const expected =
      job.is_active === 'Y' && since < dayEnd
        ? expectedOf(job.cron_trigger, since, calendarsOf(job))
        : undefined;
    const jobRuns = runsOf.get(key) ?? [];
    if (jobRuns.length === 0 && !expected?.dayCount && !expected?.invalid.length) continue;
    const missing = missingFires(expected?.due ?? [], fired.get(key) ?? []);
    lanes.push({
      companycode: job.company_code,
      legacyid: job.legacy_id,
      legacyname: job.legacy_name,
      legacytype: job.legacy_type,
      run_count: jobRuns[0]?.job_run_count ?? 0,
      runs: jobRuns.map((run) => bar(run, now)),
      missing_count: missing.length,
      missing_fires: missing.slice(0, DAY_TIMELINE_MAX_MISSING_PER_LANE).map(iso),
      expected_fires: (expected?.day ?? []).map(iso),
      invalid_triggers: [...(expected?.invalid ?? [])],
    });
  }
  // Runs of a job deleted since: their lane still shows what happened.
  for (const [key, jobRuns] of runsOf) {
    if (known.has(key) || !jobRuns[0]) continue;
    const { company_code, legacy_id, job_run_count } = jobRuns[0];
    lanes.push({
      companycode: company_code,
      legacyid: legacy_id,
      legacyname: '',
      legacytype: '',
      run_count: job_run_count,
      runs: jobRuns.map((run) => bar(run, now)),
      missing_count: 0,
      missing_fires: [],
      expected_fires: [],
      invalid_triggers: [],
    });
  }
  lanes.sort((a, b) => a.companycode.localeCompare(b.companycode) || a.legacyid.localeCompare(b.legacyid));

  return {
    date: isoDay(day, 0),
    time_zone: timeZone,
    day_start: iso(dayStart),
    day_end: iso(dayEnd),
    now: iso(now),
    lanes: lanes.slice(0, DAY_TIMELINE_MAX_LANES),
    total_lanes: lanes.length,
  };
}
