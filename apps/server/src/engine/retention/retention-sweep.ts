import { DEFAULT_SID, type RetentionCounts, type RetentionSettings } from '@lis/contracts';
import type { Db } from '../../db/database.js';
import type { RetentionSettingsRepository } from './retention-settings.js';
import type { SystemLogRepository } from '../system-log/system-log.repository.js';
import type { Clock } from '../../platform/clock.js';
import type { BlobStore } from '../files/blob-store.js';
import { MaintenanceLease } from './maintenance-lease.repository.js';
import { ENDED, type DemoScope, type RetentionSweepRepository } from './retention-sweep.repository.js';

export const DAY_MS = 86_400_000;
/** The lease row of the sweep. */
export const RETENTION_LEASE = 'retention';

export interface RetentionSweepOptions {
  db: Db;
  /** The file store the runs keep their files in; only its `delete` is used. */
  blobs: BlobStore;
  /** Decides the windows' cutoffs (tests move it instead of waiting). */
  clock: Clock;
  nodeId: string;
  /** Its statements (their batch size: rows per transaction), built by the composition root. */
  repositories: RetentionRepositories;
  /** How long the lease holds between renewals (each batch renews it). Default 10 minutes. */
  leaseMs?: number;
  /** Called after each committed batch: metrics, or a test holding the sweep mid-way. */
  onBatch?: (batch: { phase: SweepPhase; rows: number }) => void | Promise<void>;
}

/** What a sweep reads and writes through. */
export interface RetentionRepositories {
  /** The retention days. */
  retentionSettings: RetentionSettingsRepository;
  retentionSweep: RetentionSweepRepository;
  /** Where the sweep's summary line goes. */
  systemLog: SystemLogRepository;
}

export type SweepPhase =
  | 'runs'
  | 'system_log'
  | 'application_log'
  | 'mails'
  | 'missed_fires'
  | 'alerts'
  | 'expectation_days'
  | 'backups'
  | 'files';

/**
 * Days of file deadlines are kept at least this long, whatever `runs_days` says: the evaluator makes
 * and moves days up to 31 days back (engine/expectations MAX_CATCH_UP_DAYS; a MISSING day is looked at
 * for 7), and a day it no longer finds would be made — and alerted — again.
 */
export const EXPECTATION_DAYS_KEPT_AT_LEAST = 32;

export type SweepOutcome =
  | { ran: false; reason: 'busy' }
  | {
      ran: true;
      /** False when stopped or the lease was lost part-way: the next sweep continues. */
      complete: boolean;
      counts: RetentionCounts;
      settings: RetentionSettings;
      startedAt: number;
      finishedAt: number;
    };

/** One set of windows over some companies: the DEMO company's shorter one, or everyone else's. */
interface Scope {
  /** `=` DEMO, `!=` DEMO, or every company. */
  demo: DemoScope;
  /** Cutoffs (epoch ms): what ended or was written before is deleted; undefined keeps for ever. */
  runsBefore: number | undefined;
  logsBefore: number | undefined;
  backupsBefore: number | undefined;
  mailsBefore: number | undefined;
}

export const emptyCounts = (): RetentionCounts => ({
  runs: 0,
  run_steps: 0,
  ledger_rows: 0,
  system_log: 0,
  application_log: 0,
  mails: 0,
  missed_fires: 0,
  alerts: 0,
  alert_deliveries: 0,
  alert_attempts: 0,
  expectation_days: 0,
  backups_expired: 0,
  files_deleted: 0,
  files_failed: 0,
});

/** The shorter of two windows in days, 0 meaning for ever. */
const shorter = (a: number, b: number) => (a === 0 ? b : b === 0 ? a : Math.min(a, b));

/** The scopes of a sweep at `now`: DEMO with its own window (when demo_days is set), then the rest. */
export function retentionScopes(settings: RetentionSettings, now: number): Scope[] {
  const before = (days: number) => (days > 0 ? now - days * DAY_MS : undefined);
  const scope = (demo: Scope['demo'], days: (value: number) => number): Scope => ({
    demo,
    runsBefore: before(days(settings.runs_days)),
    logsBefore: before(days(settings.logs_days)),
    // A run's kept files go with the run at the latest.
    backupsBefore: before(days(shorter(settings.backups_days, settings.runs_days))),
    mailsBefore: before(days(settings.mails_days)),
  });
  if (settings.demo_days === 0) return [scope('any', (days) => days)];
  return [scope('only', (days) => shorter(days, settings.demo_days)), scope('except', (days) => days)];
}

/** Thrown between batches when the sweep must end: stopped, or the lease was lost. */
class SweepInterrupted extends Error {}

/**
 * The retention sweep (docs/decisions/0022-retention.md): deletes what is older than its window, in
 * bounded batches (each its own short transaction), holding the `retention` lease so that one node
 * of the cluster sweeps at a time. A run that is not ended (QUEUED, WAITING, RUNNING) is never
 * touched, nor its steps, ledger, logs or mails. Kept files are deleted from the file store only after
 * the transaction that let go of their ledger rows committed (through the `blob_deletions` queue, so a
 * crash in between loses nothing). Ends with a system-log line of the counts when it deleted anything.
 */
export class RetentionSweep {
  private readonly batchSize: number;
  private readonly lease: MaintenanceLease;
  private readonly settings: RetentionSettingsRepository;
  private readonly repository: RetentionSweepRepository;

  constructor(private readonly options: RetentionSweepOptions) {
    this.batchSize = options.repositories.retentionSweep.batchSize;
    this.lease = new MaintenanceLease(
      options.db,
      RETENTION_LEASE,
      options.nodeId,
      options.leaseMs ?? 600_000,
    );
    this.settings = options.repositories.retentionSettings;
    this.repository = options.repositories.retentionSweep;
  }

  /** The lease row: when the last sweep finished, and its counts. */
  lastRecord() {
    return this.lease.record();
  }

  /**
   * One sweep, unless another node holds the lease (or, with `minIntervalMs`, a sweep finished less
   * than that long ago on any node). `signal` stops it between batches.
   */
  async run(options: { minIntervalMs?: number; signal?: AbortSignal } = {}): Promise<SweepOutcome> {
    if (!(await this.lease.acquire(options.minIntervalMs ?? 0))) return { ran: false, reason: 'busy' };
    const startedAt = this.options.clock.now();
    const counts = emptyCounts();
    let complete = false;
    let settings: RetentionSettings | undefined;
    try {
      settings = await this.settings.get();
      await this.sweep(settings, startedAt, counts, options.signal);
      complete = true;
    } catch (error) {
      if (!(error instanceof SweepInterrupted)) {
        await this.lease.release().catch(() => undefined);
        throw error;
      }
    }
    const finishedAt = this.options.clock.now();
    if (Object.values(counts).some((count) => count > 0))
      await this.logCounts(counts, settings, complete, finishedAt);
    await this.lease.release(
      complete ? JSON.stringify({ started_at: startedAt, finished_at: finishedAt, counts }) : undefined,
    );
    return {
      ran: true,
      complete,
      counts,
      settings: settings ?? (await this.settings.get()),
      startedAt,
      finishedAt,
    };
  }

  private async sweep(
    settings: RetentionSettings,
    now: number,
    counts: RetentionCounts,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const batch = async (phase: SweepPhase, work: () => Promise<number>): Promise<void> => {
      for (;;) {
        if (signal?.aborted) throw new SweepInterrupted('stopped');
        if (!(await this.lease.renew())) throw new SweepInterrupted('lease lost');
        const rows = await work();
        await this.options.onBatch?.({ phase, rows });
        if (rows < this.batchSize) return;
      }
    };
    for (const scope of retentionScopes(settings, now)) {
      const { runsBefore, logsBefore, mailsBefore, backupsBefore } = scope;
      if (runsBefore !== undefined) {
        await batch('runs', () => this.deleteRuns(scope, runsBefore, counts, now));
        await batch('system_log', async () => {
          const deleted = await this.deleteSystemLog(scope, runsBefore);
          counts.system_log += deleted;
          return deleted;
        });
        if (scope.demo !== 'only')
          await batch('missed_fires', () => this.deleteMissedFires(runsBefore, counts));
        await batch('alerts', () => this.deleteAlerts(scope, runsBefore, counts));
        const daysBefore = Math.min(runsBefore, now - EXPECTATION_DAYS_KEPT_AT_LEAST * DAY_MS);
        await batch('expectation_days', async () => {
          const { looked, deleted } = await this.repository.deleteExpectationDays(scope.demo, daysBefore);
          counts.expectation_days += deleted;
          return looked;
        });
      }
      if (logsBefore !== undefined)
        await batch('application_log', async () => {
          const deleted = await this.deleteApplicationLog(scope, logsBefore);
          counts.application_log += deleted;
          return deleted;
        });
      if (mailsBefore !== undefined)
        await batch('mails', async () => {
          const deleted = await this.deleteMails(scope, mailsBefore);
          counts.mails += deleted;
          return deleted;
        });
      if (backupsBefore !== undefined)
        await batch('backups', async () => {
          const expired = await this.expireBackups(scope, backupsBefore, now);
          counts.backups_expired += expired;
          return expired;
        });
    }
    let after = '';
    await batch('files', async () => {
      const { rows, deleted, failed, last } = await this.deleteQueuedFiles(after);
      counts.files_deleted += deleted;
      counts.files_failed += failed;
      after = last;
      return rows;
    });
  }

  /** Up to a batch of ended runs with their steps, ledger rows (and deliveries) and system-log lines. */
  private async deleteRuns(
    scope: Scope,
    before: number,
    counts: RetentionCounts,
    now: number,
  ): Promise<number> {
    const batch = await this.repository.deleteRuns(scope.demo, before, now);
    counts.runs += batch.runs;
    counts.ledger_rows += batch.ledgerRows;
    counts.run_steps += batch.runSteps;
    counts.system_log += batch.systemLog;
    return batch.chosen;
  }

  /** System-log lines older than the window that belong to no run still kept (engine lines, orphans). */
  private deleteSystemLog(scope: Scope, before: number): Promise<number> {
    return this.repository.deleteSystemLog(scope.demo, before);
  }

  /** Missed-fire records older than the run window. Answers the records looked at; counts those deleted. */
  private async deleteMissedFires(before: number, counts: RetentionCounts): Promise<number> {
    const { looked, deleted } = await this.repository.deleteMissedFires(before);
    counts.missed_fires += deleted;
    return looked;
  }

  /** Up to a batch of alerts no longer open (and with nothing left to send) older than the run window. */
  private async deleteAlerts(scope: Scope, before: number, counts: RetentionCounts): Promise<number> {
    const batch = await this.repository.deleteAlerts(scope.demo, before);
    counts.alerts += batch.alerts;
    counts.alert_deliveries += batch.deliveries;
    counts.alert_attempts += batch.attempts;
    return batch.chosen;
  }

  /** Application-log rows older than the window, unless their run is active (being re-run). */
  private deleteApplicationLog(scope: Scope, before: number): Promise<number> {
    return this.repository.deleteApplicationLog(scope.demo, before);
  }

  /** Outbox mails older than the window that no node will send any more (waiting or sending ones stay). */
  private deleteMails(scope: Scope, before: number): Promise<number> {
    return this.repository.deleteMails(scope.demo, before);
  }

  /**
   * Up to a batch of kept files of runs that ended before the backup window while the run itself is
   * kept: the ledger row stays (the Daily Report counts it) and is marked, and the file is queued.
   */
  private expireBackups(scope: Scope, before: number, now: number): Promise<number> {
    return this.repository.expireBackups(scope.demo, before, now);
  }

  /**
   * Deletes up to a batch of queued files from the file store (keys after `after`, so one that keeps
   * failing does not stop the rest; it stays queued for the next sweep). An expired backup whose run was
   * re-run since (active, or ended after the cutoff) is live again: it is left, and its mark cleared.
   */
  private async deleteQueuedFiles(
    after: string,
  ): Promise<{ rows: number; deleted: number; failed: number; last: string }> {
    const queued = await this.repository.queuedDeletions(after);
    let deleted = 0;
    let failed = 0;
    const done: string[] = [];
    for (const item of queued) {
      if (item.run_id !== null && (await this.rerunSince(item.run_id, Number(item.expired_before)))) {
        await this.repository.clearBackupMark(item.run_id, item.blob_key);
        done.push(item.blob_key);
        continue;
      }
      try {
        await this.options.blobs.delete(item.blob_key);
        deleted += 1;
        done.push(item.blob_key);
      } catch {
        failed += 1;
      }
    }
    if (done.length > 0) await this.repository.dequeueDeletions(done);
    return { rows: queued.length, deleted, failed, last: queued.at(-1)?.blob_key ?? after };
  }

  /** Whether a kept run was re-run after its backup expired (its files are needed again). */
  private async rerunSince(runId: string, expiredBefore: number): Promise<boolean> {
    const run = await this.repository.runEnd(runId);
    if (!run) return false;
    return !ENDED.includes(run.state) || run.finished_at === null || Number(run.finished_at) >= expiredBefore;
  }

  private async logCounts(
    counts: RetentionCounts,
    settings: RetentionSettings | undefined,
    complete: boolean,
    at: number,
  ): Promise<void> {
    const windows = settings
      ? ` (days kept: runs ${settings.runs_days}, application log ${settings.logs_days}, ` +
        `kept files ${settings.backups_days}, mails ${settings.mails_days}, demo ${settings.demo_days}; 0 = for ever)`
      : '';
    const message =
      `retention sweep${complete ? '' : ' (interrupted; the next sweep continues)'}: deleted ` +
      `${counts.runs} runs with ${counts.run_steps} steps and ${counts.ledger_rows} ledger rows, ` +
      `${counts.system_log} system-log lines, ${counts.application_log} application-log rows, ` +
      `${counts.mails} outbox mails, ${counts.missed_fires} missed fires, ` +
      `${counts.alerts} alerts with ${counts.alert_deliveries} deliveries and ${counts.alert_attempts} attempts, ` +
      `${counts.expectation_days} file-deadline days; ` +
      `${counts.backups_expired} kept files expired; ${counts.files_deleted} files deleted from the file store` +
      `${counts.files_failed > 0 ? `, ${counts.files_failed} could not be deleted (retried next time)` : ''}` +
      windows;
    await this.options.repositories.systemLog.append({
      sid: DEFAULT_SID,
      companyCode: '',
      jobInstanceNo: null,
      logType: counts.files_failed > 0 ? 'WARNING' : 'INFO',
      message,
      msgSource: 'retention',
      createdAt: at,
    });
  }
}
