import type { Kysely } from 'kysely';
import type { Database, ExpectationDayState } from '../../db/schema.js';
import type { WriteScope } from '../../db/write-transaction.js';
import { calendarsOfTriggers } from '../scheduler/trigger-calendar.repository.js';
import type { PlannedTrigger } from './business-days.js';
import type { Arrival } from './expectation-state.js';

/** The SQL of the expectation evaluator (issue 35): `job_expectations` and `expectation_days`. */

export interface JobKey {
  companyCode: string;
  legacyId: string;
}

/** What counts as the day's files (the expectation's numbers). */
export interface FileCriteria {
  minFiles: number;
  maxFiles: number | null;
  minSizeBytes: number;
}

/** How long before its day a run of the day may have been queued (fire ahead queues it early). */
const QUEUED_EARLY_MS = 60_000;

/** The enabled expectations of jobs that exist, with what the evaluator needs of each job. */
export async function enabledExpectations(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('job_expectations as e')
    .innerJoin('job_configs as j', (join) =>
      join.onRef('j.company_code', '=', 'e.company_code').onRef('j.legacy_id', '=', 'e.legacy_id'),
    )
    .select([
      'e.company_code',
      'e.legacy_id',
      'e.deadline',
      'e.warn_before_minutes',
      'e.version',
      'e.days_through',
      'e.created_at',
      'j.is_active',
    ])
    .where('e.enabled', '=', 1)
    .orderBy('e.company_code')
    .orderBy('e.legacy_id')
    .execute();
  return rows.map((row) => ({
    ...row,
    warn_before_minutes: Number(row.warn_before_minutes),
    version: Number(row.version),
    created_at: Number(row.created_at),
  }));
}
export type EnabledExpectation = Awaited<ReturnType<typeof enabledExpectations>>[number];

/** The job's triggers the scheduler has planned and will fire (WAITING), with their calendars and rules. */
export async function plannedTriggers(scope: WriteScope, job: JobKey): Promise<PlannedTrigger[]> {
  const rows = await scope
    .selectFrom('triggers')
    .select(['expression', 'time_zone', 'calendar_company', 'calendar_name', 'calendar_rule'])
    .where('owner_kind', '=', 'job')
    .where('company_code', '=', job.companyCode)
    .where('owner_id', '=', job.legacyId)
    .where('state', '=', 'WAITING')
    .orderBy('position')
    .execute();
  const calendarOf = await calendarsOfTriggers(scope, rows);
  return rows.map((row) => ({
    expression: row.expression,
    timeZone: row.time_zone,
    calendar: calendarOf(row),
  }));
}

export interface NewDay {
  businessDay: string;
  deadlineAt: number;
  warnAt: number;
}

/** Creates the days' rows PENDING; a day that has its row already (another node made it) is left. */
export async function insertDays(scope: WriteScope, job: JobKey, days: readonly NewDay[], now: number) {
  if (days.length === 0) return;
  await scope
    .insertInto('expectation_days')
    .values(
      days.map((day) => ({
        company_code: job.companyCode,
        legacy_id: job.legacyId,
        business_day: day.businessDay,
        state: 'PENDING' as const,
        deadline_at: day.deadlineAt,
        warn_at: day.warnAt,
        arrived_at: null,
        job_instance_no: null,
        files: 0,
        created_at: now,
        evaluated_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['company_code', 'legacy_id', 'business_day']).doNothing())
    .execute();
}

/**
 * Marks the days up to `through` as made, if the expectation is still the version read and nobody
 * moved its mark meanwhile; answers whether it did (else the caller rolls its rows back).
 */
export async function advanceDaysThrough(
  scope: WriteScope,
  job: JobKey,
  read: { version: number; daysThrough: string | null },
  through: string,
): Promise<boolean> {
  let query = scope
    .updateTable('job_expectations')
    .set({ days_through: through })
    .where('company_code', '=', job.companyCode)
    .where('legacy_id', '=', job.legacyId)
    .where('version', '=', read.version);
  query =
    read.daysThrough === null
      ? query.where('days_through', 'is', null)
      : query.where('days_through', '=', read.daysThrough);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The days still open of enabled expectations: PENDING and LATE ones, and MISSING ones whose deadline
 * is after `missingSince` (older ones are no longer looked at), with the numbers that count as their
 * files and their job's SID.
 */
export async function openDays(db: Kysely<Database>, missingSince: number) {
  const rows = await db
    .selectFrom('expectation_days as d')
    .innerJoin('job_expectations as e', (join) =>
      join.onRef('e.company_code', '=', 'd.company_code').onRef('e.legacy_id', '=', 'd.legacy_id'),
    )
    .leftJoin('job_configs as j', (join) =>
      join.onRef('j.company_code', '=', 'd.company_code').onRef('j.legacy_id', '=', 'd.legacy_id'),
    )
    .select([
      'd.company_code',
      'd.legacy_id',
      'd.business_day',
      'd.state',
      'd.deadline_at',
      'd.warn_at',
      'e.min_files',
      'e.max_files',
      'e.min_size_bytes',
      'j.sid',
    ])
    .where('e.enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb('d.state', 'in', ['PENDING', 'LATE']),
        eb.and([eb('d.state', '=', 'MISSING'), eb('d.deadline_at', '>=', missingSince)]),
      ]),
    )
    .execute();
  return rows.map((row) => ({
    companyCode: row.company_code,
    legacyId: row.legacy_id,
    businessDay: row.business_day,
    state: row.state,
    deadlineAt: Number(row.deadline_at),
    warnAt: Number(row.warn_at),
    criteria: {
      minFiles: Number(row.min_files),
      maxFiles: row.max_files === null ? null : Number(row.max_files),
      minSizeBytes: Number(row.min_size_bytes),
    },
    sid: row.sid,
  }));
}
export type OpenDayRow = Awaited<ReturnType<typeof openDays>>[number];

/**
 * The first arrival of a business day [dayStart, dayEnd): of the job's runs fired that day (scheduled
 * within it, or queued by hand in it) whose step 1 has ended, the first — by that end — that loaded
 * `minFiles` to `maxFiles` source files of at least `minSizeBytes` each (smaller ones do not count).
 */
export async function findArrival(
  db: Kysely<Database>,
  job: JobKey,
  day: { start: number; end: number },
  criteria: FileCriteria,
): Promise<Arrival | undefined> {
  let query = db
    .selectFrom('job_runs as r')
    .innerJoin('run_steps as s', (join) => join.onRef('s.run_id', '=', 'r.id').on('s.step', '=', 1))
    .leftJoin('run_files as f', (join) =>
      join
        .onRef('f.run_id', '=', 'r.id')
        .on('f.list_type', '=', 'source')
        .on('f.size', '>=', criteria.minSizeBytes),
    )
    .select((eb) => ['r.job_instance_no', 's.finished_at', eb.fn.count<number | string>('f.seq').as('files')])
    .where('r.owner_kind', '=', 'job')
    .where('r.company_code', '=', job.companyCode)
    .where('r.legacy_id', '=', job.legacyId)
    .where('r.queued_at', '>=', day.start - QUEUED_EARLY_MS)
    .where('s.finished_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('r.scheduled_at', '>=', day.start), eb('r.scheduled_at', '<', day.end)]),
        eb.and([
          eb('r.scheduled_at', 'is', null),
          eb('r.queued_at', '>=', day.start),
          eb('r.queued_at', '<', day.end),
        ]),
      ]),
    )
    .groupBy(['r.id', 'r.job_instance_no', 's.finished_at'])
    .having((eb) => eb.fn.count('f.seq'), '>=', criteria.minFiles);
  if (criteria.maxFiles !== null) query = query.having((eb) => eb.fn.count('f.seq'), '<=', criteria.maxFiles);
  const row = await query.orderBy('s.finished_at').limit(1).executeTakeFirst();
  if (!row) return undefined;
  return { arrivedAt: Number(row.finished_at), jobInstanceNo: row.job_instance_no, files: Number(row.files) };
}

/**
 * Moves a day from `from` to `to` if it is still `from` (the one write that decides a transition
 * across nodes); answers whether this call moved it.
 */
export async function moveDayState(
  scope: WriteScope,
  job: JobKey & { businessDay: string },
  from: ExpectationDayState,
  to: ExpectationDayState,
  arrival: Arrival | undefined,
  now: number,
): Promise<boolean> {
  const result = await scope
    .updateTable('expectation_days')
    .set({
      state: to,
      evaluated_at: now,
      ...(arrival
        ? { arrived_at: arrival.arrivedAt, job_instance_no: arrival.jobInstanceNo, files: arrival.files }
        : {}),
    })
    .where('company_code', '=', job.companyCode)
    .where('legacy_id', '=', job.legacyId)
    .where('business_day', '=', job.businessDay)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
