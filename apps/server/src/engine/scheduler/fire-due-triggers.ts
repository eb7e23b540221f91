import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
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

async function applyPlan(scope: WriteScope, trigger: TriggerTable, plan: TriggerPlan, now: number) {
  // ON CONFLICT DO NOTHING: a fire time another node already fired (impossible while the trigger
  // row is locked, but the unique index is the guarantee) simply inserts nothing.
  const inserted =
    plan.runs.length === 0
      ? []
      : await scope
          .insertInto('job_runs')
          .values(plan.runs)
          .onConflict((oc) => oc.columns(['trigger_id', 'scheduled_at']).doNothing())
          .returning(['scheduled_at', 'state'])
          .execute();
  if (plan.missed.length > 0)
    await scope
      .insertInto('missed_fires')
      .values(plan.missed)
      .onConflict((oc) => oc.columns(['trigger_id', 'scheduled_at']).doNothing())
      .execute();
  const lastFired = inserted.reduce<number | null>(
    (last, run) => Math.max(last ?? 0, Number(run.scheduled_at)),
    null,
  );
  await scope
    .updateTable('triggers')
    .set({
      next_fire_at: plan.nextFireAt,
      prev_fire_at: lastFired ?? trigger.prev_fire_at,
      fire_count: trigger.fire_count + inserted.length,
      state: plan.nextFireAt === null ? 'COMPLETE' : 'WAITING',
      updated_at: now,
    })
    .where('id', '=', trigger.id)
    .where('next_fire_at', '=', Number(trigger.next_fire_at))
    .execute();
  await new SystemLogRepository(scope).appendMany(plan.logs);
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
    for (const trigger of triggers) {
      const owner = owners.get(
        ownerKey({ kind: trigger.owner_kind, companyCode: trigger.company_code, ownerId: trigger.owner_id }),
      );
      const plan = planTrigger(trigger, owner, now, options);
      const inserted = await applyPlan(scope, trigger, plan, now);
      outcome.missed += plan.missed.length;
      for (const run of inserted) {
        if (run.state === 'QUEUED') outcome.queued += 1;
        else outcome.skipped += 1;
        outcome.lateness.push(now - Number(run.scheduled_at));
      }
    }
    return outcome;
  });
}
