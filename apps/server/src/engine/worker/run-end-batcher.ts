import type { Db } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import { raiseRunEnd, runEndAlert } from '../alerts/run-alerts.js';
import { writeEnds, writeEndsInOneStatement, type RunEnd } from '../runs/run-end.repository.js';

/** Ends written by one statement at most (seven parameters each). */
const MAX_BATCH = 200;

interface Pending {
  end: RunEnd;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes the ends of the runs that finish together in one transaction (issue 19): one fenced
 * multi-row update — each row still matched by (id, lease_owner, attempt, state RUNNING), exactly
 * the one-row fence — and one insert of the log lines of the rows it changed. A run's end paid a
 * transaction of its own (5 round trips on PostgreSQL), the largest share of a fire's database time
 * in the benchmark's profile. Nothing waits to fill a batch beyond the current turn of the event
 * loop: the ends pending when the previous write returns go together. Should a batch fail, its ends are written one by one, so one bad row
 * cannot send the others to lease recovery (and a second execution).
 */
export class RunEndBatcher {
  private pending: Pending[] = [];
  private writing = false;

  /** `alerts`: where an end in ERROR or STOPPED raises RUN_ERROR / RUN_STOPPED (issue 35). */
  constructor(
    private readonly db: Db,
    private readonly alerts?: AlertSink,
  ) {}

  end(end: RunEnd): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ end, resolve, reject });
      if (this.writing) return;
      // The write starts once this turn of the event loop is over: the ends of the handlers that
      // return in it go together (issue 19: the first of 64 to return was written alone, then 63).
      this.writing = true;
      setImmediate(() => void this.drain());
    });
  }

  /**
   * PostgreSQL: one statement, which is its own transaction — the clock, the fenced update and the
   * log lines of the rows it changed (issue 19: BEGIN, now, update, insert, COMMIT were five round
   * trips). SQLite, or a batch with an end that raises an alert (ERROR, STOPPED: rare): a write
   * transaction (on SQLite the group commit shares it with other writers), the alerts of the ends the
   * fence let through raised in it.
   */
  private async write(ends: readonly RunEnd[]): Promise<void> {
    const { alerts } = this;
    const alerting =
      alerts !== undefined && ends.some(({ run, outcome }) => runEndAlert(run, outcome.status, 0));
    if (this.db.dialect === 'postgres' && !alerting) return writeEndsInOneStatement(this.db, ends);
    await inWriteTransaction(this.db, async (scope) => {
      const { ended, now } = await writeEnds(scope, this.db, ends);
      for (const { run, outcome } of ended) await raiseRunEnd(scope, alerts, run, outcome.status, now);
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        try {
          await this.write(batch.map((p) => p.end));
          for (const p of batch) p.resolve();
        } catch {
          for (const p of batch) await this.write([p.end]).then(p.resolve, p.reject);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
