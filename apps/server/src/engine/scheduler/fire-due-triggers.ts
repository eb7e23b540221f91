import crypto from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Db, DialectName } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { JobRunTable, MissedFireTable, TriggerTable } from '../../db/schema.js';
import type { SystemLogEntry } from '../../modules/system-log/system-log.repository.js';
import { SystemLogRepository } from '../../modules/system-log/system-log.repository.js';
import { acquireDueTriggers } from './acquire-due-triggers.js';
import { loadFireOwners, ownerKey, type FireOwner } from './fire-owners.js';
import { jobInstanceNo } from './job-instance-no.js';
import { dueTimes } from './misfire.js';
import { OVERLAP_SKIP_MESSAGE, overlapDecision } from './overlap.js';
import { inWriteTransaction, type WriteScope } from './write-transaction.js';

export interface FireOptions {
  timeZone: string;
  misfireThresholdMs: number;
  batchSize: number;
  /** Random bytes for run numbers (tests inject them). */
  randomBytes?: (size: number) => Buffer;
  newId?: () => string;
}

export interface FireOutcome {
  /** Triggers taken in this pass (a full batch means more may be due). */
  triggers: number;
  queued: number;
  skipped: number;
  missed: number;
  /** Lateness of each queued or skipped run: the database's now minus its scheduled time (ms). */
  lateness: number[];
  /** The companies of the queued runs (the console's live updates are per company). */
  companies?: string[];
}

interface TriggerPlan {
  runs: Insertable<JobRunTable>[];
  missed: MissedFireTable[];
  logs: SystemLogEntry[];
  nextFireAt: number | null;
}

function planTrigger(
  trigger: TriggerTable,
  owner: FireOwner | undefined,
  now: number,
  options: FireOptions,
): TriggerPlan {
  const due = dueTimes(
    {
      expression: trigger.expression,
      timeZone: trigger.time_zone,
      nextFireAt: Number(trigger.next_fire_at),
      misfirePolicy: trigger.misfire_policy,
    },
    now,
    options.misfireThresholdMs,
  );
  const plan: TriggerPlan = { runs: [], missed: [], logs: [], nextFireAt: due.nextFireAt };
  // An inactive, suspended or deleted owner: the trigger moves on, nothing piles up (Quartz-like).
  if (!owner?.enabled) return plan;
  const log = (jobInstance: string | null, logType: string, message: string) =>
    plan.logs.push({
      sid: owner.sid,
      companyCode: trigger.company_code,
      jobInstanceNo: jobInstance,
      logType,
      message,
      msgSource: 'scheduler',
      createdAt: now,
    });
  plan.missed = due.missedTimes.map((scheduledAt) => ({
    trigger_id: trigger.id,
    scheduled_at: scheduledAt,
    detected_at: now,
    policy: trigger.misfire_policy,
  }));
  if (due.misfired)
    log(
      null,
      'WARNING',
      `misfire: trigger ${trigger.id} was due at ${new Date(Number(trigger.next_fire_at)).toISOString()}; ` +
        `${trigger.misfire_policy}, ${due.missedTimes.length} fire time(s) missed`,
    );
  for (const scheduledAt of due.fireTimes) {
    const state = overlapDecision(owner.overlapPolicy, owner.activity);
    const instanceNo = jobInstanceNo(trigger.owner_id, scheduledAt, options.timeZone, options.randomBytes);
    plan.runs.push({
      id: options.newId?.() ?? crypto.randomUUID(),
      job_instance_no: instanceNo,
      owner_kind: trigger.owner_kind,
      company_code: trigger.company_code,
      legacy_id: trigger.owner_id,
      kind: 'scheduled',
      trigger_id: trigger.id,
      scheduled_at: scheduledAt,
      state,
      queued_at: now,
      finished_at: state === 'SKIPPED' ? now : null,
      attempt: 0,
      message: state === 'SKIPPED' ? OVERLAP_SKIP_MESSAGE : null,
    });
    if (state === 'SKIPPED') log(instanceNo, 'WARNING', OVERLAP_SKIP_MESSAGE);
  }
  return plan;
}

interface PlannedTrigger {
  trigger: TriggerTable;
  plan: TriggerPlan;
}

/** Rows per multi-row insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;
/** Triggers per multi-row update (six parameters each). */
const UPDATE_CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** The fire times actually inserted (a conflict inserts nothing), keyed by trigger id. */
type InsertedRuns = Map<string, { scheduled_at: number; state: string }[]>;

async function insertRuns(scope: WriteScope, runs: Insertable<JobRunTable>[]): Promise<InsertedRuns> {
  const inserted: InsertedRuns = new Map();
  for (const chunk of chunks(runs, INSERT_CHUNK)) {
    // ON CONFLICT DO NOTHING: a fire time another node already fired (impossible while the trigger
    // row is locked, but the unique index is the guarantee) simply inserts nothing.
    const rows = await scope
      .insertInto('job_runs')
      .values(chunk)
      .onConflict((oc) => oc.columns(['trigger_id', 'scheduled_at']).doNothing())
      .returning(['trigger_id', 'scheduled_at', 'state'])
      .execute();
    for (const row of rows) {
      const id = row.trigger_id ?? '';
      const list = inserted.get(id) ?? [];
      list.push({ scheduled_at: Number(row.scheduled_at), state: row.state });
      inserted.set(id, list);
    }
  }
  return inserted;
}

interface TriggerAdvance {
  id: string;
  /** The next_fire_at the pass read: the update is a compare-and-set on it. */
  expected: number;
  nextFireAt: number | null;
  prevFireAt: number | null;
  fireCount: number;
  state: 'WAITING' | 'COMPLETE';
}

/**
 * Advances every trigger of the pass in one statement per chunk: `WITH v(…) AS (VALUES …) UPDATE
 * triggers … FROM v` (PostgreSQL, and SQLite ≥ 3.33). Each row still matches only while the
 * trigger's next_fire_at is the one this pass read, as the one-row update did.
 */
async function advanceTriggers(
  scope: WriteScope,
  dialect: DialectName,
  advances: readonly TriggerAdvance[],
  now: number,
): Promise<void> {
  const pg = dialect === 'postgres';
  for (const chunk of chunks(advances, UPDATE_CHUNK)) {
    const values = sql.join(
      chunk.map((a) =>
        pg
          ? sql`(${a.id}::text, ${a.expected}::bigint, ${a.nextFireAt}::bigint, ${a.prevFireAt}::bigint, ${a.fireCount}::integer, ${a.state}::text)`
          : sql`(${a.id}, ${a.expected}, ${a.nextFireAt}, ${a.prevFireAt}, ${a.fireCount}, ${a.state})`,
      ),
    );
    await sql`with v (id, expected_next, next_fire_at, prev_fire_at, fire_count, state) as (values ${values})
      update triggers set next_fire_at = v.next_fire_at, prev_fire_at = v.prev_fire_at,
        fire_count = v.fire_count, state = v.state, updated_at = ${now}
      from v where triggers.id = v.id and triggers.next_fire_at = v.expected_next`.execute(scope);
  }
}

/**
 * Writes the plans of a whole pass: one multi-row insert of the runs (returning what was really
 * inserted), one of the missed fires, one update of the triggers, one insert of the log lines.
 * Each trigger advances by what was inserted for it, exactly as a per-trigger write would.
 */
async function applyPlans(
  scope: WriteScope,
  dialect: DialectName,
  planned: readonly PlannedTrigger[],
  now: number,
): Promise<InsertedRuns> {
  const inserted = await insertRuns(
    scope,
    planned.flatMap(({ plan }) => plan.runs),
  );
  for (const chunk of chunks(
    planned.flatMap(({ plan }) => plan.missed),
    INSERT_CHUNK,
  ))
    await scope
      .insertInto('missed_fires')
      .values(chunk)
      .onConflict((oc) => oc.columns(['trigger_id', 'scheduled_at']).doNothing())
      .execute();
  const advances = planned.map(({ trigger, plan }): TriggerAdvance => {
    const runs = inserted.get(trigger.id) ?? [];
    const lastFired = runs.reduce<number | null>((last, run) => Math.max(last ?? 0, run.scheduled_at), null);
    return {
      id: trigger.id,
      expected: Number(trigger.next_fire_at),
      nextFireAt: plan.nextFireAt,
      prevFireAt: lastFired ?? (trigger.prev_fire_at === null ? null : Number(trigger.prev_fire_at)),
      fireCount: trigger.fire_count + runs.length,
      state: plan.nextFireAt === null ? 'COMPLETE' : 'WAITING',
    };
  });
  await advanceTriggers(scope, dialect, advances, now);
  await new SystemLogRepository(scope).appendMany(planned.flatMap(({ plan }) => plan.logs));
  return inserted;
}

/**
 * One firing pass, in one write transaction: take up to `batchSize` due triggers (by the
 * database's clock), queue their runs (or skip them by overlap, or none when the job is off), and
 * advance each trigger — the run rows and the advance commit together or not at all.
 */
export async function fireDueTriggers(db: Db, options: FireOptions): Promise<FireOutcome> {
  return inWriteTransaction(db, async (scope) => {
    const now = await databaseNow(scope, db.dialect);
    const outcome: FireOutcome = { triggers: 0, queued: 0, skipped: 0, missed: 0, lateness: [] };
    const triggers = await acquireDueTriggers(scope, db.dialect, now, options.batchSize);
    if (triggers.length === 0) return outcome;
    outcome.triggers = triggers.length;
    const owners = await loadFireOwners(
      scope,
      db.dialect,
      triggers.map((t) => ({ kind: t.owner_kind, companyCode: t.company_code, ownerId: t.owner_id })),
    );
    const planned = triggers.map((trigger): PlannedTrigger => {
      const owner = owners.get(
        ownerKey({ kind: trigger.owner_kind, companyCode: trigger.company_code, ownerId: trigger.owner_id }),
      );
      // Planned in order: a queued fire counts in its owner's activity for the next trigger's plan.
      return { trigger, plan: planTrigger(trigger, owner, now, options) };
    });
    const inserted = await applyPlans(scope, db.dialect, planned, now);
    for (const { trigger, plan } of planned) {
      outcome.missed += plan.missed.length;
      for (const run of inserted.get(trigger.id) ?? []) {
        if (run.state === 'QUEUED') {
          outcome.queued += 1;
          outcome.companies ??= [];
          if (!outcome.companies.includes(trigger.company_code)) outcome.companies.push(trigger.company_code);
        } else outcome.skipped += 1;
        outcome.lateness.push(now - run.scheduled_at);
      }
    }
    return outcome;
  });
}
