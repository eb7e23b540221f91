import { DEMO_COMPANY_CODE } from '@lis/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MailStatus, RunState } from '../../db/schema.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { deleteRunsIn, deleteStepsOfRuns } from '../runs/run-deletion.repository.js';
import {
  deleteAlertsBefore,
  deleteExpectationDaysBefore,
  type AlertBatchCounts,
} from './retention-alerts.repository.js';

/** Runs in these states are never touched, nor anything that belongs to them. */
const ACTIVE: RunState[] = ['QUEUED', 'WAITING', 'RUNNING'];
export const ENDED: RunState[] = ['FINISHED', 'WARNING', 'ERROR', 'SKIPPED', 'STOPPED'];
/** Mails no node will send any more (PENDING and SENDING ones are never deleted). */
const DONE_MAILS: MailStatus[] = ['SENT', 'FAILED', 'KEPT', 'UNKNOWN'];

/** The companies a window covers: the DEMO company only, every other one, or all. */
export type DemoScope = 'only' | 'except' | 'any';

const n = (value: bigint | number | undefined) => Number(value ?? 0);

/** What one batch of runs took with it. */
export interface RunBatchCounts {
  /** The runs chosen (a batch shorter than the batch size is the last). */
  chosen: number;
  runs: number;
  ledgerRows: number;
  runSteps: number;
  systemLog: number;
}

/** Rows per transaction of a sweep, unless a test asks for fewer. */
export const DEFAULT_RETENTION_BATCH = 200;

/**
 * The retention sweep's statements (retention-sweep.ts decides the windows and the order): each
 * method is one bounded batch, in a short transaction of its own where it writes more than one table.
 */
export class RetentionSweepRepository {
  constructor(
    private readonly db: Db,
    /** Rows (runs with their children, log lines, mails, kept files) per transaction. */
    readonly batchSize = DEFAULT_RETENTION_BATCH,
  ) {}

  /** `company_code` of `column` narrowed to the scope. */
  private company(demo: DemoScope, column: string): RawBuilder<SqlBool> {
    if (demo === 'only') return sql<SqlBool>`${sql.ref(column)} = ${DEMO_COMPANY_CODE}`;
    if (demo === 'except') return sql<SqlBool>`${sql.ref(column)} <> ${DEMO_COMPANY_CODE}`;
    return sql<SqlBool>`1 = 1`;
  }

  /** Up to a batch of ended runs with their steps, ledger rows (and deliveries) and system-log lines. */
  deleteRuns(demo: DemoScope, before: number, now: number): Promise<RunBatchCounts> {
    const { db } = this;
    return inWriteTransaction(db, async (tx) => {
      let select = tx
        .selectFrom('job_runs as r')
        .select(['r.id', 'r.job_instance_no'])
        .where('r.state', 'in', ENDED)
        .where('r.queued_at', '<', before)
        .where((eb) => eb.or([eb('r.finished_at', 'is', null), eb('r.finished_at', '<', before)]))
        .where(this.company(demo, 'r.company_code'))
        // A chain run stays while one of its members is still active.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('job_runs as c')
                .select('c.id')
                .whereRef('c.parent_run_id', '=', 'r.id')
                .where('c.state', 'in', ACTIVE),
            ),
          ),
        )
        .orderBy('r.queued_at')
        .limit(this.batchSize);
      // PostgreSQL: lock the chosen runs (a run re-queued meanwhile is re-checked and left out).
      if (db.dialect === 'postgres') select = select.forUpdate().skipLocked();
      const runs = await select.execute();
      if (runs.length === 0) return { chosen: 0, runs: 0, ledgerRows: 0, runSteps: 0, systemLog: 0 };
      const ids = runs.map((run) => run.id);
      const files = tx.selectFrom('run_files').select('seq').where('run_id', 'in', ids);
      await tx.deleteFrom('file_deliveries').where('file_seq', 'in', files).execute();
      await tx
        .insertInto('blob_deletions')
        .columns(['blob_key', 'queued_at'])
        .expression((eb) =>
          eb
            .selectFrom('run_files')
            .select(['blob_key', sql<number>`cast(${now} as bigint)`.as('queued_at')])
            .where('run_id', 'in', ids)
            .distinct(),
        )
        .onConflict((oc) => oc.column('blob_key').doUpdateSet({ run_id: null, expired_before: null }))
        .execute();
      const ledger = await tx.deleteFrom('run_files').where('run_id', 'in', ids).executeTakeFirst();
      const steps = await deleteStepsOfRuns(tx, ids);
      const lines = await tx
        .deleteFrom('system_log')
        .where(
          'job_instance_no',
          'in',
          runs.map((run) => run.job_instance_no),
        )
        .executeTakeFirst();
      const deleted = await deleteRunsIn(tx, ids, ENDED);
      return {
        chosen: runs.length,
        runs: n(deleted),
        ledgerRows: n(ledger.numDeletedRows),
        runSteps: n(steps),
        systemLog: n(lines.numDeletedRows),
      };
    });
  }

  /** System-log lines older than the window that belong to no run still kept (engine lines, orphans). */
  async deleteSystemLog(demo: DemoScope, before: number): Promise<number> {
    const { kysely } = this.db;
    const result = await kysely
      .deleteFrom('system_log')
      .where('seq', 'in', (eb) =>
        eb
          .selectFrom('system_log as s')
          .select('s.seq')
          .where('s.created_at', '<', before)
          .where(this.company(demo, 's.company_code'))
          .where((inner) =>
            inner.or([
              inner('s.job_instance_no', 'is', null),
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('job_runs as r')
                    .select('r.id')
                    .whereRef('r.job_instance_no', '=', 's.job_instance_no'),
                ),
              ),
            ]),
          )
          .limit(this.batchSize),
      )
      .executeTakeFirst();
    return n(result.numDeletedRows);
  }

  /** Missed-fire records older than the run window: the records looked at, and those deleted. */
  async deleteMissedFires(before: number): Promise<{ looked: number; deleted: number }> {
    const { kysely } = this.db;
    const rows = await kysely
      .selectFrom('missed_fires')
      .select(['trigger_id', 'scheduled_at'])
      .where('detected_at', '<', before)
      .limit(this.batchSize)
      .execute();
    if (rows.length === 0) return { looked: 0, deleted: 0 };
    const result = await kysely
      .deleteFrom('missed_fires')
      .where((eb) =>
        eb.or(
          rows.map((row) =>
            eb.and([eb('trigger_id', '=', row.trigger_id), eb('scheduled_at', '=', row.scheduled_at)]),
          ),
        ),
      )
      .executeTakeFirst();
    return { looked: rows.length, deleted: n(result.numDeletedRows) };
  }

  /** Application-log rows older than the window, unless their run is active (being re-run). */
  async deleteApplicationLog(demo: DemoScope, before: number): Promise<number> {
    const { kysely } = this.db;
    const result = await kysely
      .deleteFrom('application_log')
      .where('seq', 'in', (eb) =>
        eb
          .selectFrom('application_log as a')
          .select('a.seq')
          .where('a.created_at', '<', before)
          .where(this.company(demo, 'a.company_code'))
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom('job_runs as r')
                  .select('r.id')
                  .whereRef('r.id', '=', 'a.run_id')
                  .where('r.state', 'in', ACTIVE),
              ),
            ),
          )
          .limit(this.batchSize),
      )
      .executeTakeFirst();
    return n(result.numDeletedRows);
  }

  /** Outbox mails older than the window that no node will send any more (waiting or sending ones stay). */
  async deleteMails(demo: DemoScope, before: number): Promise<number> {
    const { kysely } = this.db;
    const result = await kysely
      .deleteFrom('mail_outbox')
      .where('seq', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox as m')
          .select('m.seq')
          .where('m.created_at', '<', before)
          .where('m.status', 'in', DONE_MAILS)
          .where(this.company(demo, 'm.company_code'))
          .where((inner) =>
            inner.or([
              inner('m.run_id', 'is', null),
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('job_runs as r')
                    .select('r.id')
                    .whereRef('r.id', '=', 'm.run_id')
                    .where('r.state', 'in', ACTIVE),
                ),
              ),
            ]),
          )
          .limit(this.batchSize),
      )
      .executeTakeFirst();
    return n(result.numDeletedRows);
  }

  /**
   * Up to a batch of kept files of runs that ended before the backup window while the run itself is
   * kept: the ledger row stays (the Daily Report counts it) and is marked, and the file is queued.
   */
  expireBackups(demo: DemoScope, before: number, now: number): Promise<number> {
    const { db } = this;
    return inWriteTransaction(db, async (tx) => {
      let select = tx
        .selectFrom('run_files as f')
        .innerJoin('job_runs as r', 'r.id', 'f.run_id')
        .select(['f.seq', 'f.blob_key', 'f.run_id'])
        .where('f.backup_deleted_at', 'is', null)
        .where('f.created_at', '<', before)
        .where('r.state', 'in', ENDED)
        .where('r.finished_at', '<', before)
        .where(this.company(demo, 'f.company_code'))
        .orderBy('f.created_at')
        .limit(this.batchSize);
      if (db.dialect === 'postgres') select = select.forUpdate().skipLocked();
      const files = await select.execute();
      if (files.length === 0) return 0;
      await tx
        .updateTable('run_files')
        .set({ backup_deleted_at: now })
        .where(
          'seq',
          'in',
          files.map((file) => file.seq),
        )
        .execute();
      await tx
        .insertInto('blob_deletions')
        .values(
          files.map((file) => ({
            blob_key: file.blob_key,
            run_id: file.run_id,
            expired_before: before,
            queued_at: now,
          })),
        )
        .onConflict((oc) => oc.column('blob_key').doNothing())
        .execute();
      return files.length;
    });
  }

  /** Up to a batch of alerts no longer open, older than `before`, with their deliveries (retention-alerts.repository.ts). */
  deleteAlerts(demo: DemoScope, before: number): Promise<AlertBatchCounts> {
    return deleteAlertsBefore(this.db, (column) => this.company(demo, column), before, this.batchSize);
  }

  /** Up to a batch of expectation days whose deadline was before `before`: looked at, and deleted. */
  deleteExpectationDays(demo: DemoScope, before: number): Promise<{ looked: number; deleted: number }> {
    return deleteExpectationDaysBefore(
      this.db,
      (column) => this.company(demo, column),
      before,
      this.batchSize,
    );
  }

  /** Up to a batch of queued file deletions, keys after `after`. */
  queuedDeletions(after: string) {
    return this.db.kysely
      .selectFrom('blob_deletions')
      .selectAll()
      .where('blob_key', '>', after)
      .orderBy('blob_key')
      .limit(this.batchSize)
      .execute();
  }

  /** An expired backup is live again (its run was re-run): its ledger row loses the mark. */
  async clearBackupMark(runId: string, blobKey: string): Promise<void> {
    await this.db.kysely
      .updateTable('run_files')
      .set({ backup_deleted_at: null })
      .where('run_id', '=', runId)
      .where('blob_key', '=', blobKey)
      .execute();
  }

  /** These keys leave the deletion queue. */
  async dequeueDeletions(keys: readonly string[]): Promise<void> {
    await this.db.kysely.deleteFrom('blob_deletions').where('blob_key', 'in', keys).execute();
  }

  /** A run's state and end (undefined when it is gone). */
  runEnd(runId: string) {
    return this.db.kysely
      .selectFrom('job_runs')
      .select(['state', 'finished_at'])
      .where('id', '=', runId)
      .executeTakeFirst();
  }
}
