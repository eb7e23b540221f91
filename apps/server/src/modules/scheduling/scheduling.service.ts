import { DEFAULT_SID, type QuartzRow } from '@lis/contracts';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { TriggerState } from '../../db/schema.js';
import { parseCron } from '../../engine/cron/index.js';
import { jobInstanceNo } from '../../engine/scheduler/job-instance-no.js';
import type { SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import { syncTriggers, type TriggerOwner } from '../../engine/scheduler/trigger-sync.js';
import { nextTriggerFireOf, type TriggerCalendarResolver } from '../../engine/scheduler/trigger-calendar.js';
import {
  calendarsOfTriggers,
  type TriggerCalendar,
} from '../../engine/scheduler/trigger-calendar.repository.js';
import { keyed } from '../../i18n/messages.js';
import { conflict, notFound } from '../../platform/domain-error.js';
import { runMessage } from '../../i18n/run-message.js';
import type { SystemLogRepository } from '../../engine/system-log/system-log.repository.js';
import { formatQuartzTime } from './quartz-time.js';
import type { QuartzTriggerRow, SchedulingRepository } from './scheduling.repository.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { insertManualRun } from '../../engine/runs/run-creation.repository.js';
import { jobActivityLocked } from '../../engine/runs/run-overlap.repository.js';
import { handStartDecision } from '../../engine/runs/run-overlap.js';

const SOURCE = 'job-control';
const UNIQUE_RETRIES = 3;

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ''}` : '';
  return /UNIQUE|23505|duplicate key/i.test(text);
}

/**
 * The next fire strictly after `now` that the trigger's calendar includes and its business-day rule
 * gives (issue 34), or none (the expression never fires again, is invalid, or its calendar or rule
 * cannot be read).
 */
function nextFireAfter(
  expression: string,
  timeZone: string,
  calendar: TriggerCalendar,
  now: number,
): number | null {
  if (calendar === 'unreadable') return null;
  try {
    return nextTriggerFireOf(parseCron(expression), timeZone, calendar?.calendar, now, calendar?.rule);
  } catch {
    return null;
  }
}

/** The end of the maintenance holding each of `companies` (null: all) at `now`; absent: not held. */
export interface MaintenanceUntil {
  until(companies: readonly string[] | null, now: number): Promise<ReadonlyMap<string, number>>;
}

/**
 * Job control (spec 000 §7) and the Quartz Monitor's triggers. Every change is followed by a
 * `signal.notify(topic)` so that sleeping scheduler loops (`triggers`: resume, re-scheduler, pause,
 * resume of a trigger) or idle workers (`runs`: run immediately, cancel) look again at once.
 */
export class SchedulingService {
  constructor(
    private readonly db: Db,
    readonly repository: SchedulingRepository,
    private readonly systemLog: SystemLogRepository,
    private readonly signal: SchedulerSignal,
    private readonly timeZone: string,
    /** Finds the calendars the triggers name when they are re-planned (modules/calendars). */
    private readonly calendars: TriggerCalendarResolver,
    /** The end of the maintenance holding each company now (modules/maintenance, issue 34). */
    private readonly maintenance?: MaintenanceUntil,
  ) {}

  private syncOptions() {
    return { timeZone: this.timeZone, calendars: this.calendars };
  }

  private now(): Promise<number> {
    return databaseNow(this.db.kysely, this.db.dialect);
  }

  private async requireJob(companyCode: string, legacyId: string) {
    const job = await this.repository.findJob(companyCode, legacyId);
    if (!job) throw notFound('JOB_NOT_FOUND', 'jobNotFound', { company: companyCode, legacyId });
    return job;
  }

  /** Syncs an owner's triggers, then moves a WAITING trigger whose time has passed to its next time after now. */
  private async syncFromNow(owner: TriggerOwner): Promise<void> {
    await syncTriggers(this.db, owner, this.syncOptions());
    const now = await this.now();
    const stale = await this.repository.staleTriggersOf(owner.kind, owner.companyCode, owner.ownerId, now);
    const calendarOf = await calendarsOfTriggers(this.db.kysely, stale);
    for (const trigger of stale) {
      const next = nextFireAfter(trigger.expression, trigger.time_zone, calendarOf(trigger), now);
      await this.repository.moveTrigger(trigger.id, 'WAITING', {
        state: next === null ? 'COMPLETE' : 'WAITING',
        next_fire_at: next,
        paused_by: null,
        updated_at: now,
      });
    }
  }

  /** `GET /v1/job/resume`: clears has_suspend; the job's triggers go on from now (DESIGN §3). */
  async resumeJob(companyCode: string, legacyId: string, username: string) {
    const job = await this.requireJob(companyCode, legacyId);
    const now = await this.now();
    if (!(await this.repository.clearSuspend(companyCode, legacyId, username, now)))
      throw conflict('JOB_NOT_SUSPENDED', 'jobNotSuspended', { legacyId });
    await this.syncFromNow({ kind: 'job', companyCode, ownerId: legacyId });
    await this.systemLog.append({
      sid: job.sid,
      companyCode,
      jobInstanceNo: null,
      logType: 'INFO',
      message: runMessage('jobContinuedBy', { legacyId, user: username }),
      msgSource: SOURCE,
      createdAt: now,
    });
    await this.signal.notify('triggers');
    return { message: keyed('jobResumed', { legacyId }) };
  }

  /**
   * `GET /v1/lis-server/run-immediate`: a manual run, QUEUED now; refused while suspended, and as the
   * job's overlap policy says while another run of it is unfinished (issue 31, `handStartDecision`).
   * Decided in one write transaction under the job's lock (PostgreSQL; SQLite's `BEGIN IMMEDIATE`),
   * so two nodes answering two clicks, or a click and a fire, never both queue past the policy.
   */
  async runImmediately(companyCode: string, legacyId: string, username: string) {
    const job = await this.requireJob(companyCode, legacyId);
    for (let attempt = 1; ; attempt++) {
      try {
        const queued = await inWriteTransaction(this.db, async (scope) => {
          const activity = await jobActivityLocked(scope, this.db.dialect, companyCode, legacyId);
          if (!activity.job)
            throw notFound('JOB_NOT_FOUND', 'jobNotFound', { company: companyCode, legacyId });
          if (activity.job.has_suspend === 'Y') throw conflict('JOB_SUSPENDED', 'jobSuspended', { legacyId });
          const decision = handStartDecision(activity.job.overlap_policy, activity.active);
          if (!decision.start) {
            const { job_instance_no: jobInstanceNo, state } = decision.run;
            if (decision.reason === 'queued')
              throw conflict('JOB_RUN_WAITING', 'jobAlreadyQueued', { legacyId, jobInstanceNo });
            throw conflict('JOB_RUN_ACTIVE', 'jobRunActive', { legacyId, jobInstanceNo, state });
          }
          const now = await databaseNow(scope, this.db.dialect);
          const instanceNo = jobInstanceNo(legacyId, now, this.timeZone);
          await insertManualRun(scope, {
            jobInstanceNo: instanceNo,
            companyCode,
            legacyId,
            requestedBy: username,
            queuedAt: now,
          });
          await this.systemLog.append(
            {
              sid: job.sid,
              companyCode,
              jobInstanceNo: instanceNo,
              logType: 'INFO',
              message: runMessage('runRequestedBy', { user: username }),
              msgSource: SOURCE,
              createdAt: now,
            },
            scope,
          );
          return { instanceNo, behind: decision.behind };
        });
        await this.signal.notify('runs', [companyCode]);
        const message = queued.behind
          ? keyed('runQueuedBehind', { legacyId, jobInstanceNo: queued.behind.job_instance_no })
          : keyed('runQueued', { legacyId });
        return { message, job_instance_no: queued.instanceNo };
      } catch (error) {
        if (attempt >= UNIQUE_RETRIES || !isUniqueViolation(error)) throw error;
      }
    }
  }

  /** `POST /v1/lis-server/cancel`: the worker holding the run sees `cancel_requested_by` and aborts it. */
  async cancelRun(companyCode: string, legacyId: string, instanceNo: string, username: string) {
    const run = await this.repository.findRun(companyCode, legacyId, instanceNo);
    if (!run) throw notFound('RUN_NOT_FOUND', 'runNotFound', { jobInstanceNo: instanceNo });
    if (!(await this.repository.requestCancel(run.id, username)))
      throw conflict('RUN_ENDED', 'runEnded', { jobInstanceNo: instanceNo });
    const job = await this.repository.findJob(companyCode, legacyId);
    await this.systemLog.append({
      sid: job?.sid ?? DEFAULT_SID,
      companyCode,
      jobInstanceNo: instanceNo,
      logType: 'WARNING',
      message: runMessage('stopRequestedBy', { user: username }),
      msgSource: SOURCE,
      createdAt: await this.now(),
    });
    await this.signal.notify('runs', [companyCode]);
    return { message: keyed('cancelRequested', { jobInstanceNo: instanceNo }), state: run.state };
  }

  /** `POST /v1/lis-server/re-scheduler`: rebuilds one job's triggers, or those of every job of the company. */
  async reschedule(companyCode: string, legacyId: string | undefined) {
    const owners: TriggerOwner[] = [];
    if (legacyId) {
      await this.requireJob(companyCode, legacyId);
      owners.push({ kind: 'job', companyCode, ownerId: legacyId });
    } else {
      const seen = new Set<string>();
      const add = (kind: 'job' | 'chain', ownerId: string) => {
        const key = `${kind}|${ownerId}`;
        if (seen.has(key)) return;
        seen.add(key);
        owners.push({ kind, companyCode, ownerId });
      };
      for (const id of await this.repository.jobIdsOf(companyCode)) add('job', id);
      for (const id of await this.repository.chainIdsOf(companyCode)) add('chain', id);
      // Triggers whose job was deleted: the sync removes them.
      for (const owner of await this.repository.triggerOwnersOf(companyCode))
        add(owner.owner_kind, owner.owner_id);
    }
    for (const owner of owners) await syncTriggers(this.db, owner, this.syncOptions());
    await this.signal.notify('triggers');
    return { message: keyed('rescheduled', { count: owners.length }), job_count: owners.length };
  }

  /** The Quartz Monitor's rows (spec 001 §3), for the given companies (`null`: all). */
  async quartzRows(companies: readonly string[] | null): Promise<QuartzRow[]> {
    const rows = await this.repository.quartzRows(companies);
    // In maintenance now (issue 34): the trigger does not fire before its end.
    const held: ReadonlyMap<string, number> = this.maintenance
      ? await this.maintenance.until(companies, await this.now())
      : new Map();
    return rows.map((row) => this.quartzRow(row, held.get(row.company_code)));
  }

  private quartzRow(row: QuartzTriggerRow, maintenanceUntil: number | undefined): QuartzRow {
    return {
      legacy_name: row.legacy_name ?? '',
      jobGroup: `${row.sid ?? DEFAULT_SID}|${row.company_code}`,
      jobName: row.owner_id,
      previous_fire: formatQuartzTime(row.prev_fire_at, this.timeZone),
      next_fire: formatQuartzTime(row.next_fire_at, this.timeZone),
      is_completed: row.state === 'COMPLETE',
      trigger_id: row.id,
      owner_kind: row.owner_kind,
      expression: row.expression,
      state: row.state,
      paused_by: row.paused_by,
      ...(row.calendar_name === null ? {} : { calendar: row.calendar_name }),
      ...(row.calendar_company === null ? {} : { calendar_company: row.calendar_company }),
      ...(row.calendar_rule === null ? {} : { calendar_rule: row.calendar_rule }),
      suspended: row.has_suspend === 'Y',
      inactive: row.is_active === 'N',
      ...(maintenanceUntil === undefined
        ? {}
        : { maintenance_until: new Date(maintenanceUntil).toISOString() }),
    };
  }

  findTrigger(id: string) {
    return this.repository.findTrigger(id);
  }

  /** The Quartz Monitor's stop button: a WAITING trigger becomes PAUSED (it keeps its next time). */
  async pauseTrigger(id: string, username: string) {
    const trigger = await this.repository.findTrigger(id);
    if (!trigger) throw notFound('TRIGGER_NOT_FOUND', 'triggerNotFound', { id });
    const now = await this.now();
    const moved =
      trigger.state === 'WAITING' &&
      (await this.repository.moveTrigger(id, 'WAITING', {
        state: 'PAUSED',
        paused_by: username,
        updated_at: now,
      }));
    if (!moved) {
      const state = (await this.repository.findTrigger(id))?.state ?? trigger.state;
      throw conflict('TRIGGER_NOT_WAITING', 'triggerNotRunning', { id, state });
    }
    await this.signal.notify('triggers');
    return {
      message: keyed('triggerPaused', { id }),
      state: 'PAUSED' as TriggerState,
      next_fire: formatQuartzTime(trigger.next_fire_at, this.timeZone),
    };
  }

  /** Resume: PAUSED becomes WAITING with the first fire strictly after now (no catch-up of paused times). */
  async resumeTrigger(id: string) {
    const trigger = await this.repository.findTrigger(id);
    if (!trigger) throw notFound('TRIGGER_NOT_FOUND', 'triggerNotFound', { id });
    if (trigger.state !== 'PAUSED')
      throw conflict('TRIGGER_NOT_PAUSED', 'triggerNotPaused', { id, state: trigger.state });
    const now = await this.now();
    const calendarOf = await calendarsOfTriggers(this.db.kysely, [trigger]);
    const next = nextFireAfter(trigger.expression, trigger.time_zone, calendarOf(trigger), now);
    const state: TriggerState = next === null ? 'COMPLETE' : 'WAITING';
    const moved = await this.repository.moveTrigger(id, 'PAUSED', {
      state,
      next_fire_at: next,
      paused_by: null,
      updated_at: now,
    });
    if (!moved) {
      const current = (await this.repository.findTrigger(id))?.state ?? trigger.state;
      throw conflict('TRIGGER_NOT_PAUSED', 'triggerNotPaused', { id, state: current });
    }
    await this.signal.notify('triggers');
    return {
      message: keyed('triggerResumed', { id }),
      state,
      next_fire: formatQuartzTime(next, this.timeZone),
    };
  }
}
