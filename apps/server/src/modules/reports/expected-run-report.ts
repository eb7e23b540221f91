import type { Kysely } from 'kysely';
import type { ExpectedRunJobResponse, ExpectedRunJobRow } from '@lis/contracts';
import type { Database } from '../../db/schema.js';
import { expectedFires, timesOfDay, type ExpectedFires } from './expected-fires.js';
import { dayBoundaries, dayOf, isoDay } from './report-days.js';

const jobKey = (company: string, legacyId: string) => `${company}\u0000${legacyId}`;

/** Scheduled runs of today so far (skipped fires left out), with when each started (or was queued). */
async function scheduledRunsToday(
  db: Kysely<Database>,
  companies: string[] | null,
  window: { dayStart: number; dayEnd: number },
): Promise<Map<string, number[]>> {
  let query = db
    .selectFrom('job_runs')
    .select(['company_code', 'legacy_id', 'started_at', 'queued_at'])
    .where('owner_kind', '=', 'job')
    .where('kind', '=', 'scheduled')
    .where('state', '!=', 'SKIPPED')
    .where('scheduled_at', '>=', window.dayStart)
    .where('scheduled_at', '<', window.dayEnd);
  if (companies !== null) query = query.where('company_code', 'in', companies);
  const runs = new Map<string, number[]>();
  for (const run of await query.execute()) {
    const key = jobKey(run.company_code, run.legacy_id);
    const times = runs.get(key) ?? [];
    times.push(Number(run.started_at ?? run.queued_at));
    runs.set(key, times);
  }
  for (const times of runs.values()) times.sort((a, b) => a - b);
  return runs;
}

/**
 * Expected Run Job (spec 000 §2): for each active job of the companies, the fires its cron triggers
 * were due to make today up to now (LIS_TIMEZONE) against the scheduled runs it really had. Jobs with
 * neither (no trigger, no run) are left out; an inactive job that ran today is kept.
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

  let jobs = db
    .selectFrom('job_configs')
    .select(['company_code', 'legacy_id', 'legacy_name', 'is_active', 'cron_trigger'])
    .orderBy('company_code')
    .orderBy('legacy_id');
  if (companies !== null) jobs = jobs.where('company_code', 'in', companies);
  const runs = await scheduledRunsToday(db, companies, { dayStart, dayEnd });

  // Jobs often share a schedule: each distinct `cron_trigger` is computed and formatted once.
  const byTrigger = new Map<string, ExpectedFires & { text: string }>();
  const expectedOf = (cronTrigger: string) => {
    let found = byTrigger.get(cronTrigger);
    if (!found) {
      const fires = expectedFires(cronTrigger, { dayStart, dayEnd, now }, timeZone);
      found = { ...fires, text: timesOfDay(fires.due, timeZone) };
      byTrigger.set(cronTrigger, found);
    }
    return found;
  };
  const none = { due: [], dayCount: 0, invalid: [], text: '' };

  const rows: ExpectedRunJobRow[] = [];
  for (const job of await jobs.execute()) {
    const actual = runs.get(jobKey(job.company_code, job.legacy_id)) ?? [];
    if (job.is_active !== 'Y' && actual.length === 0) continue;
    const expected = job.is_active === 'Y' ? expectedOf(job.cron_trigger) : none;
    if (expected.dayCount === 0 && actual.length === 0 && expected.invalid.length === 0) continue;
    rows.push({
      companycode: job.company_code,
      legacyid: job.legacy_id,
      legacyname: job.legacy_name,
      expected_time: expected.text,
      expected_count: expected.due.length,
      expected_count_day: expected.dayCount,
      actual_time: timesOfDay(actual, timeZone),
      actual_count: actual.length,
      invalid_triggers: [...expected.invalid],
    });
  }
  return { ...base, result_list: rows, total_count: rows.length };
}
