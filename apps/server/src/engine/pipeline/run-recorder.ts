import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { ApplicationLogTable, FileListType, StepStatus } from '../../db/schema.js';
import { runMessage, type RunText } from '../../i18n/run-message.js';
import type { StoredBlob } from '../files/blob-store.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { ClaimedRun } from '../runs/run.js';
import type { JobHandlerContext } from '../worker/job-handler.js';
import { logRunEvent, type RunLogType } from '../runs/run-log.repository.js';
import { finishedSteps, recordStepEnd, recordStepStart } from '../runs/run-steps.repository.js';
import {
  deleteLedgerRow,
  insertDelivery,
  isDelivered,
  ledgerRows,
  markLedgerSourceTaken,
  replaceApplicationLog,
  saveLedgerRow,
  sourceFileTakenBy,
} from './run-files.repository.js';
import { stepName, type StepNumber } from '../runs/run-steps.js';

export interface LedgerFile {
  seq: number;
  listType: FileListType;
  fileName: string;
  size: number;
  sha256: string;
  blobKey: string;
  origin: string;
  /** Step 1 only: 'pending' while the source file may still be at the source (migration 0013). */
  sourceState: 'pending' | null;
  createdAt: number;
}

/**
 * Everything a run writes about itself — steps, system-log lines, the file ledger and its
 * deliveries, application-log rows — through the run's fence (JobHandlerContext.fenced), so that a
 * node that lost the run changes nothing.
 */
export class RunRecorder {
  constructor(
    private readonly db: Db,
    readonly run: ClaimedRun,
    private readonly context: JobHandlerContext,
    /** Told of each step's start and end, so open monitoring screens update at once. */
    private readonly progress: () => void = () => undefined,
    /** The file store this node keeps the run's files in (its description goes into the ledger). */
    private readonly fileStore?: string,
  ) {}

  private now(scope: WriteScope): Promise<number> {
    return databaseNow(scope, this.db.dialect);
  }

  async startStep(step: StepNumber): Promise<void> {
    await this.context.fenced(async (scope) => {
      const now = await this.now(scope);
      await recordStepStart(scope, this.run.id, step, now);
      const started = runMessage('stepStarted', { step, name: stepName(step) });
      await logRunEvent(scope, this.run, 'INFO', started, now);
    });
    this.progress();
    await this.context.report(runMessage('stepRunning', { step, name: stepName(step) }));
  }

  async endStep(step: StepNumber, status: StepStatus, message: RunText): Promise<void> {
    await this.context.fenced(async (scope) => {
      const now = await this.now(scope);
      await recordStepEnd(scope, this.run.id, step, status, message, now);
      const type: RunLogType =
        status === 'ERROR' ? 'ERROR' : status === 'WARNING' || status === 'STOPPED' ? 'WARNING' : 'INFO';
      await logRunEvent(
        scope,
        this.run,
        type,
        runMessage('stepEnded', { step, name: stepName(step), status, detail: message }),
        now,
      );
    });
  }

  /** Steps already finished by an earlier attempt of this run (a takeover continues after them). */
  finishedSteps(): Promise<Map<number, { status: StepStatus; message: RunText }>> {
    return finishedSteps(this.db, this.run.id);
  }

  async log(type: RunLogType, message: RunText): Promise<void> {
    await this.context.fenced(async (scope) =>
      logRunEvent(scope, this.run, type, message, await this.now(scope)),
    );
  }

  /**
   * A log line written from a callback that cannot wait for it (an sFTP retry notice). A failed write —
   * the lease lost, which stops the run anyway, or the database down — drops the line; it must never
   * become an unhandled rejection, which would end the whole node process.
   */
  logWithoutWaiting(type: RunLogType, message: RunText): void {
    this.log(type, message).catch(() => undefined);
  }

  /** The ledger row of a file this run keeps (one per list and name; a re-run replaces it). */
  async recordFile(
    listType: FileListType,
    fileName: string,
    stored: StoredBlob,
    blobKey: string,
    origin: string,
    sourceState: 'pending' | null = null,
  ): Promise<LedgerFile> {
    return this.context.fenced(async (scope) => {
      const now = await this.now(scope);
      const values = {
        size: stored.size,
        sha256: stored.sha256,
        blob_key: blobKey,
        origin,
        created_at: now,
        source_state: sourceState,
        // Where the blob is and who put it there: a node that cannot read it says so (pipeline.handler.ts).
        blob_store: this.fileStore ?? null,
        stored_by: this.run.lease_owner,
      };
      const seq = await saveLedgerRow(scope, this.run, listType, fileName, values);
      return {
        seq,
        listType,
        fileName,
        size: stored.size,
        sha256: stored.sha256,
        blobKey,
        origin,
        sourceState,
        createdAt: now,
      };
    });
  }

  /** Step 1 saw the source file deleted (or the job keeps its sources): the run owns it now. */
  async markSourceTaken(file: LedgerFile): Promise<void> {
    await this.context.fenced((scope) => markLedgerSourceTaken(scope, file.seq));
    file.sourceState = null;
  }

  /** A file step 1 backed up but did not take (it stays at the source): no longer the run's. */
  async forgetFile(file: LedgerFile): Promise<void> {
    await this.context.fenced((scope) => deleteLedgerRow(scope, file.seq));
  }

  /**
   * Whether another run of this job recorded the same source file (name and SHA-256) since `since`:
   * it took the file that this run had backed up but not seen deleted.
   */
  takenByAnotherRun(file: LedgerFile, since: number): Promise<string | undefined> {
    return sourceFileTakenBy(this.db, this.run, file, since);
  }

  async files(listType: FileListType): Promise<LedgerFile[]> {
    const rows = await ledgerRows(this.db, this.run.id, listType);
    return rows.map((row) => ({
      seq: Number(row.seq),
      listType: row.list_type,
      fileName: row.file_name,
      size: Number(row.size),
      sha256: row.sha256,
      blobKey: row.blob_key,
      origin: row.origin,
      sourceState: row.source_state,
      createdAt: Number(row.created_at),
    }));
  }

  /** Whether this ledger file was already delivered to `destination` (by an earlier attempt or re-run). */
  alreadyDelivered(file: LedgerFile, destination: string): Promise<boolean> {
    return isDelivered(this.db, file.seq, destination);
  }

  async recordDelivery(file: LedgerFile, destination: string): Promise<void> {
    await this.context.fenced(async (scope) => {
      await insertDelivery(scope, file.seq, destination, await this.now(scope));
    });
  }

  /** Replaces the run's application-log rows (step 4 re-run writes them again, once). */
  async replaceApplicationLog(
    rows: Omit<
      Insertable<ApplicationLogTable>,
      'run_id' | 'company_code' | 'legacy_id' | 'job_instance_no' | 'created_at'
    >[],
  ): Promise<void> {
    await this.context.fenced(async (scope) => {
      await replaceApplicationLog(scope, this.run, rows, await this.now(scope));
    });
  }

  /** Any other fenced write (suspending the job, queueing mail). */
  fenced<T>(work: (scope: WriteScope, now: number) => Promise<T>): Promise<T> {
    return this.context.fenced(async (scope) => work(scope, await this.now(scope)));
  }
}
