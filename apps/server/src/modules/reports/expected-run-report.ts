import type { Kysely } from 'kysely';
import type { ExpectedRunJobResponse, ExpectedRunJobRow } from '@lis/contracts';
import type { Database } from '../../db/schema.js';
import { expectedFires, timesOfDay, type ExpectedFires } from './expected-fires.js';
import { ExpectedFiresCache, type ExpectedFiresText } from './expected-fires-cache.js';
import { dayBoundaries, dayOf, isoDay } from './report-days.js';
import { jobConfigSavesSince, scheduledRunsBetween } from './expected-run-report.repository.js';
import { reportJobsKept } from './report-jobs-kept.js';

const jobKey = (company: string, legacyId: string) => `${company}\u0000${legacyId}`;

/** The day's expected fires per (trigger, start), kept across requests (one per process or reader thread). */
const firesCache = new ExpectedFiresCache();

interface ScheduledRun {
  scheduledAt: number;
  /** When it started (or was queued). */
  at: number;
}

/** Scheduled runs of today so far (skipped fires left out), in the order they started. */
async function scheduledRunsToday(
  db: Kysely<Database>,
  companies: string[] | null,
  window: { dayStart: number; dayEnd: number },
): Promise<Map<string, ScheduledRun[]>> {
  const runs = new Map<string, ScheduledRun[]>();
  for (const run of await scheduledRunsBetween(db, companies, window)) {
    const key = jobKey(run.company_code, run.legacy_id);
    const times = runs.get(key) ?? [];
    times.push({ scheduledAt: Number(run.scheduled_at), at: Number(run.started_at ?? run.queued_at) });
    runs.set(key, times);
  }
  for (const times of runs.values()) times.sort((a, b) => a.at - b.at);
  return runs;
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
): ExpectedFires {
  const from = since > window.dayStart ? since + 1 : window.dayStart;
  return expectedFires(cronTrigger, { dayStart: from, dayEnd: window.dayEnd, now: window.now }, timeZone);
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

  const runs = await scheduledRunsToday(db, companies, { dayStart, dayEnd });
  const activated = await activatedToday(db, companies, dayStart);

  // Jobs often share a schedule: each distinct (`cron_trigger`, start) of the day is computed once
  // and kept across requests (expected-fires-cache.ts); a request takes the fires due by its `now`.
  const expectedOf = (cronTrigger: string, since: number) =>
    firesCache.get(cronTrigger, { from: since > dayStart ? since + 1 : dayStart, dayEnd, now }, timeZone);
  const none: ExpectedFiresText = { dueCount: 0, dayCount: 0, invalid: [], text: '' };

  const rows: ExpectedRunJobRow[] = [];
  for (const job of await reportJobsKept(db, companies)) {
    const key = jobKey(job.company_code, job.legacy_id);
    const since = countingSince(Number(job.created_at), activated.get(key), dayStart);
    // A run fired ahead (decision 0032) counts once its time has come, as its expected fire does.
    const actual = (runs.get(key) ?? [])
      .filter((run) => run.scheduledAt <= now && (since === dayStart || run.scheduledAt > since))
      .map((run) => run.at);
    if (job.is_active !== 'Y' && actual.length === 0) continue;
    const expected = job.is_active === 'Y' ? expectedOf(job.cron_trigger, since) : none;
    if (expected.dayCount === 0 && actual.length === 0 && expected.invalid.length === 0) continue;
    rows.push({
      companycode: job.company_code,
      legacyid: job.legacy_id,
      legacyname: job.legacy_name,
      expected_time: expected.text,
      expected_count: expected.dueCount,
      expected_count_day: expected.dayCount,
      actual_time: timesOfDay(actual, timeZone),
      actual_count: actual.length,
      invalid_triggers: [...expected.invalid],
    });
  }
  return { ...base, result_list: rows, total_count: rows.length };
}
