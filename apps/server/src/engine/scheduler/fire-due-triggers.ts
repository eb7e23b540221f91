import type { Db, DialectName } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { runMessage } from '../../i18n/run-message.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import type { ClaimedRun } from '../runs/run.js';
import { logRunEvents } from '../runs/run-log.repository.js';
import { acquireDueTriggers } from './acquire-due-triggers.repository.js';
import { loadFireOwners, ownerKey } from './fire-owners.repository.js';
import { firesAhead, planTrigger, type HandOff, type PlanOptions, type PlannedTrigger } from './fire-plan.js';
import { calendarsOfTriggers } from './trigger-calendar.repository.js';
import { applyPlans, type InsertedRuns } from './fire-writes.repository.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import { heldFilterOf, type HeldFilter, type MaintenanceWindows } from './maintenance-hold.js';
import { heldBy, holdDueTriggers, type HeldTrigger } from './maintenance-pass.js';

export type { HandOff } from './fire-plan.js';

export interface FireOptions extends PlanOptions {
  batchSize: number;
  /** This node's free worker slots: due job runs start in the firing transaction (issue 19). */
  handOff?: HandOff;
  /**
   * Triggers due within this many ms are fired now when `firesAhead` allows: their runs are
   * written QUEUED with `queued_at` = their scheduled time, which no claim passes (issue 19).
   */
  fireAheadMs?: number;
  /** Maintenance windows (issue 34): a due trigger of a company in maintenance is held, not fired. */
  maintenance?: MaintenanceWindows;
  /** Where a misfire that recorded missed fire times raises MISFIRE, in the firing transaction (issue 35). */
  alerts?: AlertSink;
}

export interface FireOutcome {
  /** Triggers taken in this pass (a full batch means more may be due). */
  triggers: number;
  /** Of those, not yet due and left for their due time (firesAhead said no): the earliest due time. */
  leftUntil?: number;
  /** Runs queued, including those started at once (`started`). */
  queued: number;
  skipped: number;
  missed: number;
  /** How often the triggers' calendars kept them from firing (TriggerPlan.calendarSkips). */
  calendarSkips?: number;
  /** Lateness of each queued or skipped run: the database's now minus its scheduled time (ms). */
  lateness: number[];
  /** The companies of the queued runs (the console's live updates are per company). */
  companies?: string[];
  /** Runs written RUNNING with the hand-off's lease: the caller's worker runs them. */
  started?: ClaimedRun[];
  /** Due triggers this pass held for maintenance (each counted once per hold: issue 34). */
  maintenanceHolds?: number;
  /** Maintenance holds companies now: the held triggers the loop leaves out, and when it ends. */
  maintenance?: { held: HeldFilter; nextEnd: number | undefined };
}

/** The runs written RUNNING for this node, as the worker holds them; and their "run started" lines. */
async function startedRuns(
  scope: WriteScope,
  dialect: DialectName,
  planned: readonly PlannedTrigger[],
  inserted: InsertedRuns,
  handOff: HandOff | undefined,
  now: number,
): Promise<ClaimedRun[]> {
  if (!handOff) return [];
  const ids = new Set<string>();
  for (const runs of inserted.values()) for (const run of runs) if (run.state === 'RUNNING') ids.add(run.id);
  if (ids.size === 0) return [];
  const started: ClaimedRun[] = [];
  for (const { plan } of planned)
    for (const run of plan.runs)
      if (run.id !== undefined && ids.has(run.id))
        started.push({
          id: run.id,
          job_instance_no: run.job_instance_no,
          owner_kind: run.owner_kind,
          company_code: run.company_code,
          legacy_id: run.legacy_id,
          kind: run.kind,
          trigger_id: run.trigger_id ?? null,
          scheduled_at: run.scheduled_at ?? null,
          parent_run_id: null,
          requested_by: null,
          lease_owner: handOff.nodeId,
          attempt: 1,
          started_at: now,
        });
  await logRunEvents(
    scope,
    dialect,
    started.map((run) => ({
      run,
      logType: 'INFO' as const,
      message: runMessage('runStartedOnNode', { node: handOff.nodeId }),
    })),
    now,
  );
  return started;
}

/**
 * MISFIRE for each trigger of the pass whose misfire recorded missed fire times (not those a
 * maintenance window held: they were missed on purpose). Its subject is the trigger and its first
 * missed due time, so a pass that rolled back and is made again raises it once.
 */
async function raiseMisfires(
  scope: WriteScope,
  alerts: AlertSink,
  planned: readonly PlannedTrigger[],
  now: number,
): Promise<void> {
  for (const { trigger, plan } of planned)
    if (plan.misfiredAt !== undefined)
      await alerts.raise(scope, {
        companyCode: trigger.company_code,
        condition: 'MISFIRE',
        subject: `${trigger.id}|${plan.misfiredAt}`,
        legacyId: trigger.owner_id,
        jobInstanceNo: null,
        businessDay: null,
        deadlineAt: null,
        occurredAt: now,
      });
}

/**
 * One firing pass, in one write transaction: take up to `batchSize` due triggers (by the
 * database's clock), queue their runs (or skip them by overlap, or none when the job is off), and
 * advance each trigger — the run rows and the advance commit together or not at all. With a
 * hand-off, up to its `remaining` runs are started for this node in the same transaction. With
 * `fireAheadMs`, triggers due that soon are fired too where `firesAhead` allows (never early: their
 * runs wait in the queue until their scheduled time); the others are left untouched.
 */
export async function fireDueTriggers(db: Db, options: FireOptions): Promise<FireOutcome> {
  return inWriteTransaction(db, async (scope) => {
    const now = await databaseNow(scope, db.dialect);
    const outcome: FireOutcome = { triggers: 0, queued: 0, skipped: 0, missed: 0, lateness: [] };
    const view = await options.maintenance?.viewAt(scope, now);
    const held = heldFilterOf(view);
    if (held) outcome.maintenance = { held, nextEnd: view?.nextEnd };
    const triggers = await acquireDueTriggers(
      scope,
      db.dialect,
      now + (options.fireAheadMs ?? 0),
      options.batchSize,
      held,
    );
    if (triggers.length === 0) return outcome;
    outcome.triggers = triggers.length;
    const owners = await loadFireOwners(
      scope,
      db.dialect,
      triggers.map((t) => ({ kind: t.owner_kind, companyCode: t.company_code, ownerId: t.owner_id })),
    );
    const ownerOf = (trigger: (typeof triggers)[number]) =>
      owners.get(
        ownerKey({ kind: trigger.owner_kind, companyCode: trigger.company_code, ownerId: trigger.owner_id }),
      );
    // A due trigger of a company in maintenance stays due, unfired (issue 34).
    const holds: HeldTrigger[] = [];
    const free = triggers.filter((trigger) => {
      const hold =
        view && Number(trigger.next_fire_at) <= now ? view.holdOf(trigger.company_code) : undefined;
      const owner = ownerOf(trigger);
      if (!hold || !owner?.enabled) return true;
      holds.push({ trigger, owner, hold });
      return false;
    });
    const calendarOf = await calendarsOfTriggers(scope, free);
    // A copy: the slots a rolled-back pass counted down are not used up.
    const handOff = options.handOff && { ...options.handOff };
    if (handOff?.reserve) {
      const due = free.filter((trigger) => Number(trigger.next_fire_at) <= now).length;
      handOff.remaining = due > 0 ? handOff.reserve(due) : 0;
    }
    const planned: PlannedTrigger[] = [];
    for (const trigger of free) {
      const owner = ownerOf(trigger);
      const dueAt = Number(trigger.next_fire_at);
      // Planned in order: a queued fire counts in its owner's activity for the next trigger's plan.
      const calendar = calendarOf(trigger);
      if (dueAt <= now)
        planned.push({
          trigger,
          plan: planTrigger(trigger, owner, now, options, handOff, calendar, heldBy(trigger, view, now)),
        });
      // Ahead: planned as at its due time, which fires exactly that time (never a misfire), no hand-off;
      // never into a window that will hold then.
      else if (firesAhead(trigger, owner) && !view?.holdsWithin(trigger.company_code, dueAt, dueAt + 1))
        planned.push({ trigger, plan: planTrigger(trigger, owner, dueAt, options, undefined, calendar) });
      else outcome.leftUntil = Math.min(outcome.leftUntil ?? dueAt, dueAt);
    }
    const newlyHeld = await holdDueTriggers(scope, holds, now);
    if (newlyHeld > 0) outcome.maintenanceHolds = newlyHeld;
    if (planned.length === 0) return outcome;
    const inserted = await applyPlans(scope, db.dialect, planned, now);
    if (options.alerts) await raiseMisfires(scope, options.alerts, planned, now);
    const started = await startedRuns(scope, db.dialect, planned, inserted, handOff, now);
    if (started.length > 0) outcome.started = started;
    for (const { trigger, plan } of planned) {
      outcome.missed += plan.missed.length;
      if (plan.calendarSkips > 0) outcome.calendarSkips = (outcome.calendarSkips ?? 0) + plan.calendarSkips;
      for (const run of inserted.get(trigger.id) ?? []) {
        if (run.state === 'QUEUED' || run.state === 'RUNNING') {
          outcome.queued += 1;
          outcome.companies ??= [];
          if (!outcome.companies.includes(trigger.company_code)) outcome.companies.push(trigger.company_code);
        } else outcome.skipped += 1;
        // A run fired ahead is queued from its scheduled time: its queueing is not late.
        outcome.lateness.push(Math.max(0, now - run.scheduled_at));
      }
    }
    return outcome;
  });
}
