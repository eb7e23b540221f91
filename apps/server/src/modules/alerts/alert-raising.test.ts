import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAlertSink } from '../../composition/alerts.js';
import { createRepositories } from '../../composition/repositories.js';
import { databaseNow } from '../../db/database-clock.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { suspendJob } from '../../engine/pipeline/pipeline-job.repository.js';
import { fireDueTriggers } from '../../engine/scheduler/fire-due-triggers.js';
import { buildJobConfig, makeDue } from '../../engine/scheduler/scheduler-test-support.js';
import { inProcessSignal, type SchedulerSignal } from '../../engine/scheduler/scheduler-signal.js';
import { syncTriggers } from '../../engine/scheduler/trigger-sync.js';
import { Worker } from '../../engine/worker/worker.js';
import type { WorkerOptions } from '../../engine/worker/worker-options.js';
import { insertRun, RecordingHandler, runReaches } from '../../engine/worker/worker-test-support.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import type { AlertRecorder } from './alert-recorder.js';

const TZ = 'Asia/Bangkok';

/**
 * The engine raises the run conditions through the AlertSink where it records them (issue 35):
 * RUN_ERROR and RUN_STOPPED however a run ends so (its handler, a cancel, the claim, lease recovery),
 * JOB_SUSPENDED once per suspending run, MISFIRE when a misfire records missed fire times — each in
 * the transaction of the state change, each once.
 */
describe.each(DATABASE_KINDS)('alerts raised by the engine (%s)', (kind) => {
  let test: TestDatabase;
  let signal: SchedulerSignal;
  let sink: AlertRecorder;
  const errors: unknown[] = [];
  const workers: Worker[] = [];

  beforeEach(async () => {
    test = await createTestDatabase(kind);
    signal = inProcessSignal();
    sink = createAlertSink(test.db, (error) => errors.push(error));
    const { alertConfigs } = createRepositories(test.db);
    await alertConfigs.insertChannel({
      company_code: 'C1',
      name: 'OPS',
      kind: 'email',
      language: 'en',
      enabled: 1,
      recipients: '["ops@example.test"]',
      url_enc: null,
      url_masked: '',
      secret_enc: null,
      created_at: 0,
      updated_at: 0,
      updated_by: null,
    });
    await alertConfigs.insertRule({
      company_code: 'C1',
      name: 'RUNS',
      enabled: 1,
      conditions: '["RUN_ERROR","RUN_STOPPED","JOB_SUSPENDED","MISFIRE"]',
      jobs: '[]',
      channels: '["OPS"]',
      escalate_after_minutes: null,
      escalate_to: null,
      created_at: 0,
      updated_at: 0,
      updated_by: null,
    });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await signal.close();
    await test.drop();
    expect(errors).toEqual([]);
  });

  async function startWorker(options: Partial<WorkerOptions> & Pick<WorkerOptions, 'handler'>) {
    const worker = new Worker({
      db: test.db,
      signal,
      leaseMs: 2_000,
      pollMs: 50,
      recoveryMs: 100,
      alerts: sink,
      ...options,
    });
    workers.push(worker);
    await worker.start();
    return worker;
  }

  const alerts = () =>
    test.db.kysely
      .selectFrom('alerts')
      .select(['condition', 'subject', 'legacy_id', 'job_instance_no', 'state'])
      .orderBy('condition')
      .orderBy('subject')
      .execute();
  const queued = () => test.db.kysely.selectFrom('alert_deliveries').select(['channel', 'state']).execute();

  it('a run ending ERROR raises RUN_ERROR once with its delivery queued; FINISHED raises nothing', async () => {
    const handler = new RecordingHandler();
    handler.outcomes.set('BAD', { status: 'ERROR', message: 'boom' });
    await startWorker({ handler });
    const bad = await insertRun(test.db, { legacy_id: 'BAD', job_instance_no: 'BAD_1' });
    const good = await insertRun(test.db, { legacy_id: 'GOOD', job_instance_no: 'GOOD_1' });
    await runReaches(test.db, bad.id, ['ERROR']);
    await runReaches(test.db, good.id, ['FINISHED']);
    expect(await alerts()).toEqual([
      { condition: 'RUN_ERROR', subject: 'BAD_1', legacy_id: 'BAD', job_instance_no: 'BAD_1', state: 'open' },
    ]);
    expect(await queued()).toEqual([{ channel: 'OPS', state: 'pending' }]);
  });

  it('an operator’s Stop of a running run, and of a queued one, raise RUN_STOPPED', async () => {
    const handler = new RecordingHandler();
    handler.blocking.add('LONG');
    await startWorker({ handler, leaseMs: 1_800_000, heartbeatMs: 600_000 });
    const running = await insertRun(test.db, { legacy_id: 'LONG', job_instance_no: 'LONG_1' });
    await runReaches(test.db, running.id, ['RUNNING']);
    await test.db.kysely
      .updateTable('job_runs')
      .set({ cancel_requested_by: 'alice' })
      .where('id', '=', running.id)
      .execute();
    await signal.notify();
    await runReaches(test.db, running.id, ['STOPPED']);
    // Queued with its cancel asked: the claim ends it without running.
    const queuedRun = await insertRun(test.db, { cancel_requested_by: 'bob', job_instance_no: 'JOB1_Q' });
    await signal.notify();
    await runReaches(test.db, queuedRun.id, ['STOPPED']);
    expect((await alerts()).map((alert) => `${alert.condition} ${alert.subject}`)).toEqual([
      'RUN_STOPPED JOB1_Q',
      'RUN_STOPPED LONG_1',
    ]);
  });

  it('a run whose node was lost ends ERROR by lease recovery and raises RUN_ERROR', async () => {
    const now = await databaseNow(test.db.kysely, test.db.dialect);
    const orphan = await insertRun(test.db, {
      state: 'RUNNING',
      lease_owner: 'dead-node',
      lease_until: now - 1,
      attempt: 2,
      started_at: now - 5_000,
      job_instance_no: 'JOB1_LOST',
    });
    await startWorker({ handler: new RecordingHandler() });
    await runReaches(test.db, orphan.id, ['ERROR']);
    expect(await alerts()).toEqual([
      {
        condition: 'RUN_ERROR',
        subject: 'JOB1_LOST',
        legacy_id: 'JOB1',
        job_instance_no: 'JOB1_LOST',
        state: 'open',
      },
    ]);
  });

  it('a suspension raises JOB_SUSPENDED once per suspending run, not again while the job stays suspended', async () => {
    await test.db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: 'JOB1' }))
      .execute();
    const suspend = (jobInstanceNo: string) =>
      inWriteTransaction(test.db, (scope) =>
        suspendJob(
          scope,
          test.db.dialect,
          'C1',
          'JOB1',
          { id: jobInstanceNo, job_instance_no: jobInstanceNo },
          sink,
        ),
      );
    await suspend('JOB1_1');
    await suspend('JOB1_2'); // still suspended: nothing new
    await test.db.kysely.updateTable('job_configs').set({ has_suspend: 'N' }).execute(); // resumed
    await suspend('JOB1_3');
    expect((await alerts()).map((alert) => `${alert.condition} ${alert.subject}`)).toEqual([
      'JOB_SUSPENDED JOB1|JOB1_1',
      'JOB_SUSPENDED JOB1|JOB1_3',
    ]);
    const suspended = await test.db.kysely
      .selectFrom('job_configs')
      .select('has_suspend')
      .executeTakeFirstOrThrow();
    expect(suspended.has_suspend).toBe('Y');
  });

  it('a misfire that records missed fire times raises MISFIRE once, in the firing pass', async () => {
    await test.db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ cron_trigger: '0 * * * * ?', misfire_policy: 'do_nothing' }))
      .execute();
    await syncTriggers(test.db, { kind: 'job', companyCode: 'C1', ownerId: 'JOB1' }, { timeZone: TZ });
    const due = await makeDue(test.db, 'job|C1|JOB1|0', 10 * 60_000);
    const options = { timeZone: TZ, misfireThresholdMs: 60_000, batchSize: 50, alerts: sink };
    const outcome = await fireDueTriggers(test.db, options);
    expect(outcome.missed).toBeGreaterThan(5);
    await fireDueTriggers(test.db, options);
    expect(await alerts()).toEqual([
      {
        condition: 'MISFIRE',
        subject: `job|C1|JOB1|0|${due}`,
        legacy_id: 'JOB1',
        job_instance_no: null,
        state: 'open',
      },
    ]);
  });
});
