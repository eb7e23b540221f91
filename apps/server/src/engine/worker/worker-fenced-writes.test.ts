import { afterEach, describe, expect, it } from 'vitest';
import { inProcessSignal, type SchedulerSignal } from '../scheduler/scheduler-signal.js';
import type { ClaimedRun, RunOutcome } from '../runs/run.js';
import type { JobHandler, JobHandlerContext } from './job-handler.js';
import { Worker } from './worker.js';
import { insertRun, readRun } from './worker-test-support.js';
import { eventually } from '../../test-support/eventually.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';

/** Writes one system-log line through `fenced`, lets the test take the run away, then tries again. */
class FencedWriter implements JobHandler {
  firstWrite: 'done' | 'refused' | undefined;
  secondWrite: 'done' | 'refused' | undefined;
  abortedAfterRefusal = false;
  private continueRun!: () => void;
  // Declared before `paused`, whose initializer sets it (class fields are defined in order).
  private onPaused!: () => void;
  readonly paused = new Promise<void>((resolve) => (this.onPaused = resolve));

  resume(): void {
    this.continueRun();
  }

  private async write(context: JobHandlerContext, run: ClaimedRun, text: string) {
    try {
      await context.fenced((scope) =>
        scope
          .insertInto('system_log')
          .values({
            sid: '555',
            company_code: run.company_code,
            job_instance_no: run.job_instance_no,
            log_type: 'INFO',
            message: text,
            msg_source: 'test',
            created_at: Date.now(),
          })
          .execute(),
      );
      return 'done' as const;
    } catch {
      return 'refused' as const;
    }
  }

  async run(run: ClaimedRun, context: JobHandlerContext): Promise<RunOutcome> {
    this.firstWrite = await this.write(context, run, 'first');
    await new Promise<void>((resolve) => {
      this.continueRun = resolve;
      this.onPaused();
    });
    this.secondWrite = await this.write(context, run, 'second');
    this.abortedAfterRefusal = context.signal.aborted;
    return { status: 'FINISHED', message: 'should not be written' };
  }
}

describe.each(DATABASE_KINDS)('fenced writes of a handler (%s)', (kind) => {
  let test: TestDatabase;
  let signal: SchedulerSignal;
  let worker: Worker | undefined;

  afterEach(async () => {
    await worker?.stop();
    await signal.close();
    await test.drop();
  });

  it('are written while the node holds the run and refused (with an abort) once another node took it', async () => {
    test = await createTestDatabase(kind);
    signal = inProcessSignal();
    const handler = new FencedWriter();
    worker = new Worker({ db: test.db, signal, handler, leaseMs: 60_000, pollMs: 50, recoveryMs: 60_000 });
    const run = await insertRun(test.db);
    await worker.start();
    await handler.paused;
    expect(handler.firstWrite).toBe('done');

    // Another node claims the run (what recovery does after this node's lease expired).
    await test.db.kysely
      .updateTable('job_runs')
      .set({ lease_owner: 'other-node', attempt: 2 })
      .where('id', '=', run.id)
      .execute();
    handler.resume();
    await eventually(() => handler.secondWrite);

    expect(handler.secondWrite).toBe('refused');
    expect(handler.abortedAfterRefusal).toBe(true);
    const lines = await test.db.kysely
      .selectFrom('system_log')
      .select('message')
      .where('job_instance_no', '=', run.job_instance_no)
      .where('msg_source', '=', 'test')
      .execute();
    expect(lines.map((line) => line.message)).toEqual(['first']);
    // The late end is fenced out too: once the worker has let the run go, it still belongs to the other node.
    await eventually(() => !worker?.heldRunIds().includes(run.id), {
      message: 'the worker to let the run go',
    });
    expect(await readRun(test.db, run.id)).toMatchObject({ state: 'RUNNING', lease_owner: 'other-node' });
  });
});
