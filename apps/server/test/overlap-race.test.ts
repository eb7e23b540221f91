import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import type { OverlapPolicy, RunState } from '../src/db/schema.js';
import { suspendJob } from '../src/engine/pipeline/pipeline-job.repository.js';
import { fireDueTriggers } from '../src/engine/scheduler/fire-due-triggers.js';
import { inProcessSignal, type SchedulerSignal } from '../src/engine/scheduler/scheduler-signal.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import type { ClaimedRun } from '../src/engine/runs/run.js';
import type { JobHandler } from '../src/engine/worker/job-handler.js';
import { countingReads } from '../src/engine/worker/worker-test-support.js';
import { Worker } from '../src/engine/worker/worker.js';
import { eventually } from '../src/test-support/eventually.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const JOB = 'PAY-CHECK';
const TZ = 'Asia/Bangkok';

/**
 * A job handler standing in for the pipeline's long run: the run of the job that was resumed holds
 * until the test lets it go, then ends ERROR and suspends the job as the pipeline's step-4 rule does;
 * any other run ends FINISHED "no file" at once. It counts the job's runs in progress at the same
 * time, across every worker it is given to.
 */
class GatedHandler implements JobHandler {
  inProgress = 0;
  most = 0;
  readonly entered: ClaimedRun[] = [];
  private release: (() => void) | undefined;
  private readonly released = new Promise<void>((resolve) => (this.release = resolve));

  constructor(private readonly dialect: Db['dialect']) {}

  let(): void {
    this.release?.();
  }

  async run(run: ClaimedRun, context: Parameters<JobHandler['run']>[1]) {
    this.inProgress += 1;
    this.most = Math.max(this.most, this.inProgress);
    this.entered.push(run);
    try {
      if (this.entered.length > 1) return { status: 'FINISHED' as const, message: 'No file' };
      await this.released;
      await context.fenced((scope) => suspendJob(scope, this.dialect, run.company_code, JOB, run));
      return { status: 'ERROR' as const, message: 'step 4 ERROR' };
    } finally {
      this.inProgress -= 1;
    }
  }
}

/**
 * Issue 31, point 1, through the API: a suspended job is continued, its trigger fires (run A, the
 * resume), and while A runs the operator clicks Run immediately — twice at once, in English and in
 * Thai. Two workers (on PostgreSQL each on its own pool, as two nodes) claim all along. Never two
 * runs of the job in progress; the monitoring list shows the job SUSPEND with A's ERROR.
 */
describe.each(DATABASE_KINDS)('Continue, then Run immediately while the resumed run runs (%s)', (kind) => {
  let t: TestApp;
  let signal: SchedulerSignal;
  const workers: Worker[] = [];

  beforeEach(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    signal = inProcessSignal();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await signal.close();
    await t.close();
  });

  async function suspendedJob(policy: OverlapPolicy) {
    const db = t.database.db.kysely;
    await db
      .insertInto('job_configs')
      .values(
        buildJobConfig({
          company_code: 'A',
          sid: '555',
          legacy_id: JOB,
          legacy_type: 'IN_WAIT',
          cron_trigger: '* * * * * ?',
          has_suspend: 'Y',
          overlap_policy: policy,
        }),
      )
      .execute();
  }

  /** Two worker nodes; answers a reader of how many claim passes they have made. */
  async function startWorkers(handler: GatedHandler) {
    const counted: (() => number)[] = [];
    for (const node of ['node-1', 'node-2']) {
      const { db, reads } = countingReads(t.database.reopen(), 'job_runs');
      counted.push(reads);
      const worker = new Worker({ db, signal, handler, nodeId: node, leaseMs: 30_000, pollMs: 25 });
      await worker.start();
      workers.push(worker);
    }
    return () => counted.reduce((sum, reads) => sum + reads(), 0);
  }

  const runs = () =>
    t.database.db.kysely
      .selectFrom('job_runs')
      .select(['id', 'job_instance_no', 'state', 'kind', 'message', 'queued_at'])
      .where('legacy_id', '=', JOB)
      .orderBy('queued_at')
      .execute();
  const runImmediately = (language: 'en' | 'th') =>
    t.as('user-a', {
      url: `/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=${JOB}&legacy_type=IN_WAIT`,
      headers: { 'accept-language': language },
    });

  /** Continue → 200; the scheduler's pass fires the job's every-second trigger: run A, taken by a worker. */
  async function continueAndFire(handler: GatedHandler) {
    const resumed = await t.as('user-a', { url: `/v1/job/resume?sid=555&company_code=A&legacy_id=${JOB}` });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await eventually(
      async () => {
        await fireDueTriggers(t.database.db, { timeZone: TZ, misfireThresholdMs: 60_000, batchSize: 10 });
        await signal.notify('runs', ['A']);
        return handler.entered.length === 1;
      },
      { timeout: 15_000, interval: 100, message: 'the resumed job to fire and run A to start' },
    );
    const [a] = await runs();
    expect(a).toMatchObject({ kind: 'scheduled', state: 'RUNNING' });
    return a as { id: string; job_instance_no: string; state: RunState };
  }

  async function expectSuspendShown(a: { job_instance_no: string }) {
    const report = await t.as('user-a', { url: '/v1/legacy/report?sid=555&company_code=A' });
    expect(report.statusCode, report.body).toBe(200);
    const rows = (report.json() as { result_list: Record<string, string>[] }).result_list;
    expect(rows.find((row) => row.legacyid === JOB)).toMatchObject({
      hassuspend: 'Y',
      status: 'ERROR',
      job_instanceno: a.job_instance_no,
      next_fire: '',
    });
  }

  it('skip: both clicks are refused with a clear 409 in the reader’s language; A suspends the job again', async () => {
    await suspendedJob('skip');
    const handler = new GatedHandler(kind);
    await startWorkers(handler);
    const a = await continueAndFire(handler);

    const [en, th] = await Promise.all([runImmediately('en'), runImmediately('th')]);
    expect(en.statusCode, en.body).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'JOB_RUN_ACTIVE',
      message: `Job ${JOB} is still running (${a.job_instance_no}, RUNNING); its overlap policy allows one run at a time, so no second run was started. Try again when it has ended.`,
    });
    expect(th.statusCode, th.body).toBe(409);
    expect(th.json().message).toContain(`งาน ${JOB} ยังทำงานอยู่ (${a.job_instance_no}, RUNNING)`);
    expect((await runs()).map((run) => run.state)).toEqual(['RUNNING']);

    handler.let();
    await eventually(async () => (await runs())[0]?.state === 'ERROR', {
      timeout: 15_000,
      message: 'run A to end',
    });
    expect(handler.most).toBe(1);
    expect(handler.entered).toHaveLength(1);
    await expectSuspendShown(a);
    // Suspended again: Run immediately is refused as before.
    const again = await runImmediately('en');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(`Job ${JOB} is suspended: continue it before running it`);
  });

  it('buffer_one: the click is queued behind A, never started while A runs, and skipped when A suspends the job', async () => {
    await suspendedJob('buffer_one');
    const handler = new GatedHandler(kind);
    const passes = await startWorkers(handler);
    const a = await continueAndFire(handler);

    const [first, second] = await Promise.all([runImmediately('en'), runImmediately('th')]);
    const answers = [first, second].map((r) => r.statusCode).sort();
    // One is queued behind A; the other finds it waiting and is refused (one buffered run at most).
    expect(answers, `${first.body} ${second.body}`).toEqual([200, 409]);
    const queued = [first, second].find((r) => r.statusCode === 200);
    expect(queued?.json().message).toMatch(
      new RegExp(
        `still running \\(${a.job_instance_no}\\): the new run waits in the queue|ยังทำงานอยู่ \\(${a.job_instance_no}\\) รายการใหม่จะรอในคิว`,
      ),
    );
    const b = queued?.json().job_instance_no as string;

    // Both workers claim again and again while A runs: B stays in the queue.
    const seen = passes();
    await eventually(() => passes() >= seen + 20, { timeout: 15_000, message: 'twenty claim passes' });
    expect((await runs()).map((run) => [run.job_instance_no, run.state])).toEqual([
      [a.job_instance_no, 'RUNNING'],
      [b, 'QUEUED'],
    ]);
    expect(handler.entered).toHaveLength(1);

    handler.let();
    await eventually(
      async () => (await runs()).every((run) => run.state !== 'RUNNING' && run.state !== 'QUEUED'),
      {
        timeout: 15_000,
        message: 'A to end',
      },
    );
    const ended = await runs();
    expect(ended.map((run) => run.state)).toEqual(['ERROR', 'SKIPPED']);
    expect(ended[1]?.message).toBe(
      `skipped: the job was suspended by run ${a.job_instance_no} before this run started`,
    );
    expect(handler.most).toBe(1);
    expect(handler.entered).toHaveLength(1);
    await expectSuspendShown(a);
  });
});
