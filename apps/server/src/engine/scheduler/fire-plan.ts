import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { JobRunTable, MissedFireTable, TriggerTable } from '../../db/schema.js';
import type { SystemLogEntry } from '../system-log/system-log.repository.js';
import { runMessage, storedRunText, type RunMessage, type RunText } from '../../i18n/run-message.js';
import type { FireOwner } from './fire-owners.repository.js';
import { jobInstanceNo } from './job-instance-no.js';
import type { TriggerCalendar } from './trigger-calendar.repository.js';
import { dueTimes, type DueTimes } from './misfire.js';
import { OVERLAP_SKIP, overlapDecision } from '../runs/run-overlap.js';

export interface PlanOptions {
  timeZone: string;
  misfireThresholdMs: number;
  /** Random bytes for run numbers (tests inject them). */
  randomBytes?: (size: number) => Buffer;
  newId?: () => string;
}

/**
 * Job slots of this node's worker that the pass may fill directly (issue 19): a fire that would be
 * queued is written RUNNING with this node's lease instead — the claim the worker would make a
 * round trip later, made in the firing transaction. `remaining` counts down as the pass plans.
 */
export interface HandOff {
  nodeId: string;
  leaseMs: number;
  remaining: number;
  /**
   * When given, the pass reserves its slots itself once it knows how many of its triggers are due
   * (`remaining` = what this answers): a pass of triggers fired ahead holds none, so the worker goes
   * on claiming the runs falling due meanwhile.
   */
  reserve?: (max: number) => number;
}

export interface TriggerPlan {
  runs: Insertable<JobRunTable>[];
  missed: MissedFireTable[];
  logs: SystemLogEntry[];
  nextFireAt: number | null;
  /** How often the trigger's calendar kept it from firing in this pass (DueTimes.calendarSkips). */
  calendarSkips: number;
  /**
   * A misfire (not a maintenance hold's end) that recorded missed fire times: the trigger's first due
   * time, which names the alert it raises (issue 35).
   */
  misfiredAt?: number;
}

export interface PlannedTrigger {
  trigger: TriggerTable;
  plan: TriggerPlan;
}

/**
 * Whether a fire of this owner may start at once on this node: a job (chains run their members
 * through the chain runner) without predecessors (those wait in the claim, state WAITING), and — unless
 * its policy is `allow_all` — with no other run unfinished (issue 31: a `buffer_one` fire queued while
 * a run is RUNNING waits for it in the queue; `activity` already counts this fire).
 */
function startsAtOnce(
  owner: FireOwner,
  trigger: TriggerTable,
  handOff: HandOff | undefined,
): handOff is HandOff {
  return (
    handOff !== undefined &&
    handOff.remaining > 0 &&
    trigger.owner_kind === 'job' &&
    !owner.hasPredecessors &&
    (owner.overlapPolicy === 'allow_all' || owner.activity.active === 1)
  );
}

/**
 * Whether a trigger not yet due may be fired ahead (issue 19): its run is written now, QUEUED from
 * its scheduled time (no claim takes it earlier), so the firing's writes are off the instant it is
 * due. Only when nothing that happens before that instant could change the decision: a job that
 * is on, has no predecessors, and whose overlap policy lets the fire queue whatever runs before it
 * (`allow_all`, or no run of the job unfinished now). The others are left for their due time.
 */
export function firesAhead(trigger: TriggerTable, owner: FireOwner | undefined): boolean {
  return (
    owner !== undefined &&
    owner.enabled &&
    trigger.owner_kind === 'job' &&
    !owner.hasPredecessors &&
    (owner.overlapPolicy === 'allow_all' || owner.activity.active === 0)
  );
}

/** The line of a trigger whose maintenance hold ended: what its misfire policy did. */
function maintenanceEnded(trigger: TriggerTable, due: DueTimes): RunMessage {
  const dueAt = new Date(Number(trigger.next_fire_at)).toISOString();
  const missed = due.missedTimes.length;
  if (due.fireTimes.length > 0)
    return runMessage('triggerMaintenanceFiredOnce', { trigger: trigger.id, dueAt, missed });
  const next = due.nextFireAt === null ? '-' : new Date(due.nextFireAt).toISOString();
  return runMessage('triggerMaintenanceSkipped', { trigger: trigger.id, dueAt, missed, next });
}

/** What one due trigger writes in this pass: its runs, missed times, log lines and next fire time. */
export function planTrigger(
  trigger: TriggerTable,
  owner: FireOwner | undefined,
  now: number,
  options: PlanOptions,
  handOff?: HandOff,
  calendar?: TriggerCalendar,
  held?: (first: number) => number | undefined,
): TriggerPlan {
  // A calendar whose stored definition the core refuses: nothing fires and the trigger stops
  // (COMPLETE) until its re-plan marks it ERROR (issue 34).
  if (calendar === 'unreadable')
    return { runs: [], missed: [], logs: [], nextFireAt: null, calendarSkips: 1 };
  const due = dueTimes(
    {
      expression: trigger.expression,
      timeZone: trigger.time_zone,
      nextFireAt: Number(trigger.next_fire_at),
      misfirePolicy: trigger.misfire_policy,
      calendar,
      held,
    },
    now,
    options.misfireThresholdMs,
  );
  const plan: TriggerPlan = {
    runs: [],
    missed: [],
    logs: [],
    nextFireAt: due.nextFireAt,
    calendarSkips: due.calendarSkips,
  };
  // An inactive, suspended or deleted owner: the trigger moves on, nothing piles up (Quartz-like).
  if (!owner?.enabled) return plan;
  const log = (jobInstance: string | null, logType: string, message: RunText) =>
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
  if (due.misfired && !due.maintenance && plan.missed.length > 0)
    plan.misfiredAt = Number(trigger.next_fire_at);
  if (due.maintenance)
    log(null, due.fireTimes.length > 0 ? 'INFO' : 'WARNING', maintenanceEnded(trigger, due));
  else if (due.misfired)
    log(
      null,
      'WARNING',
      runMessage('triggerMisfired', {
        trigger: trigger.id,
        dueAt: new Date(Number(trigger.next_fire_at)).toISOString(),
        policy: trigger.misfire_policy,
        missed: due.missedTimes.length,
      }),
    );
  for (const scheduledAt of due.fireTimes) {
    const state = overlapDecision(owner.overlapPolicy, owner.activity);
    const instanceNo = jobInstanceNo(trigger.owner_id, scheduledAt, options.timeZone, options.randomBytes);
    const run: Insertable<JobRunTable> = {
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
      ...(state === 'SKIPPED' ? storedRunText(OVERLAP_SKIP) : { message: null }),
    };
    if (state === 'QUEUED' && startsAtOnce(owner, trigger, handOff)) {
      // Exactly what a claim writes (run-claim's startRuns): RUNNING, this node's lease, attempt 1.
      handOff.remaining -= 1;
      Object.assign(run, {
        state: 'RUNNING',
        lease_owner: handOff.nodeId,
        lease_until: now + handOff.leaseMs,
        attempt: 1,
        started_at: now,
      });
    }
    plan.runs.push(run);
    if (state === 'SKIPPED') log(instanceNo, 'WARNING', OVERLAP_SKIP);
  }
  return plan;
}
