/**
 * Issue 36, part 2 — retry with backoff (docs/retries.md). Done when: a function server answering 503
 * twice then 200 gives one successful step after 3 attempts at the configured delays (± jitter), one
 * execution on the server (the idempotency key), across a node restart between attempts. And: a 4xx
 * is never retried; Cancel retries ends the step ERROR; Retry now runs the attempt at once.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { SHARED_DATABASES } from '../src/test-support/child-worker-node.js';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
import { deliveriesOf } from './pipeline-faults-harness.js';
import { RetryScene } from './pipeline-retries-scene.js';
import { retryStats } from '../src/engine/runs/run-retry.repository.js';

let sshd: OpenSshServer | undefined;
beforeAll(async () => {
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
});
afterAll(async () => {
  await sshd?.stop();
});

const POLICY = { attempts: 3, first_delay_ms: 3_000, factor: 1.5, max_delay_ms: 60_000, jitter: 0.2 };
/** Long enough that nothing but an operator's act starts the next attempt during a test. */
const PATIENT = { attempts: 5, first_delay_ms: 600_000, factor: 2, max_delay_ms: 3_600_000, jitter: 0 };

describe.skipIf(!canRunOpenSsh()).each(SHARED_DATABASES)('step retries (%s)', (_name, open) => {
  let scene: RetryScene;
  beforeEach(async () => {
    scene = await RetryScene.create(open, sshd as OpenSshServer);
  });
  afterEach(async () => {
    await scene?.close();
  });

  /** The run's "attempt n at …" lines: when each retry was scheduled and for when (system log). */
  const scheduled = async (runId: string) => {
    const run = await scene.app.runOf(runId);
    const rows = await scene.app.db.kysely
      .selectFrom('system_log')
      .select(['message', 'created_at'])
      .where('job_instance_no', '=', run.job_instance_no)
      .orderBy('seq')
      .execute();
    return rows.flatMap((row) => {
      const match = / attempt (\d+) of (\d+) failed: .*; attempt (\d+) at (\S+)$/.exec(row.message);
      return match
        ? [{ failed: Number(match[1]), at: Date.parse(match[4] ?? ''), from: Number(row.created_at) }]
        : [];
    });
  };

  const waitingFor = (runId: string, attempt: number) =>
    eventually(
      async () => {
        const run = await scene.app.runOf(runId);
        return run.state === 'QUEUED' && run.retry_attempt === attempt && run.retry_at !== null
          ? run
          : undefined;
      },
      { timeout: 40_000, message: `run ${runId} to wait for attempt ${attempt}` },
    );

  it('503, 503, 200 across a node restart: one successful step after 3 attempts at the policy delays, one execution', async () => {
    const { outbox } = await scene.addJob('FLAKY', POLICY);
    const { runId, instance } = await scene.queue('FLAKY');
    scene.script.set(instance, [503, 503]);
    const first = await scene.nodeThatClaims(runId);
    await waitingFor(runId, 2);
    // The node goes away between attempts; another one (the restart) continues the schedule.
    await scene.kill(first);
    await scene.nodeThatClaims(runId);
    const run = await scene.app.ended(runId, 60_000);
    expect(run.state, run.message ?? '').toBe('FINISHED');

    const steps = await scene.app.steps(runId);
    expect(steps[2]?.status).toBe('SUCCESS');
    const calls = scene.calls.get(instance) ?? [];
    expect(calls.map((call) => call.answered)).toEqual([503, 503, 200]);
    // One execution, one idempotency key for every attempt.
    expect(scene.executions.get(instance)).toBe(1);
    expect(new Set(calls.map((call) => call.key)).size).toBe(1);
    expect(calls[0]?.key).toMatch(/^[0-9a-f]{64}$/);

    // The schedule: each wait within ± jitter of the policy's delay, and no attempt before its time.
    const retries = await scheduled(runId);
    expect(retries.map((retry) => retry.failed)).toEqual([1, 2]);
    const bases = [3_000, 4_500];
    retries.forEach((retry, index) => {
      const base = bases[index] ?? 0;
      expect(retry.at - retry.from).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
      expect(retry.at - retry.from).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      expect(calls[index + 1]?.at ?? 0).toBeGreaterThanOrEqual(retry.at - 50);
    });
    // The failed attempts are kept under the step; the files were delivered once.
    const attempts = await scene.app.db.kysely
      .selectFrom('run_step_attempts')
      .select(['step', 'attempt', 'status', 'rerun_by'])
      .where('run_id', '=', runId)
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([
      { step: 2, attempt: 1, status: 'ERROR', rerun_by: 'auto-retry' },
      { step: 2, attempt: 2, status: 'ERROR', rerun_by: 'auto-retry' },
    ]);
    expect(await deliveriesOf(scene.app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/FLAKY.csv`]);
    const log = await scene.app.systemLog(run);
    expect(log.filter((line) => line.startsWith('step 1 (load files) started'))).toHaveLength(1);
    expect(log).toContain('step 2 (call function): attempt 3 of 3');
  });

  describe('on one in-process worker', () => {
    beforeEach(async () => {
      const { app } = scene;
      await app.startWorker(
        createPipelineHandler(app.config, app.db, app.masterKey, {
          stableIntervalMs: 100,
          sftpBackoffMs: 50,
        }),
      );
    });

    it('a 4xx of the function server is never retried: the step is ERROR after one attempt', async () => {
      await scene.addJob('FOUR', POLICY);
      const { runId, instance } = await scene.queue('FOUR');
      scene.script.set(instance, [400]);
      const run = await scene.app.ended(runId);
      expect(run.state).toBe('ERROR');
      expect((await scene.app.steps(runId))[2]?.status).toBe('ERROR');
      expect(scene.calls.get(instance)).toHaveLength(1);
      expect(await scheduled(runId)).toEqual([]);
    });

    it('Cancel retries: the waiting attempt never runs, the step stays ERROR and the run ends ERROR', async () => {
      await scene.addJob('CANCEL', PATIENT);
      const { runId, instance } = await scene.queue('CANCEL');
      scene.script.set(instance, [503, 503, 503, 503, 503]);
      const waiting = await waitingFor(runId, 2);
      expect(waiting.message).toMatch(/^step 2 \(call function\): attempt 2 of 5 at /);
      const query = `sid=555&company_code=A&legacy_id=CANCEL&job_instance_no=${instance}`;
      const answer = await scene.app.as({ method: 'POST', url: `/v1/lis-server/cancel-retries?${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      const run = await scene.app.ended(runId);
      expect(run.state).toBe('ERROR');
      expect((await scene.app.steps(runId))[2]?.status).toBe('ERROR');
      expect(scene.calls.get(instance)).toHaveLength(1);
      const again = await scene.app.as({ method: 'POST', url: `/v1/lis-server/retry-now?${query}` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'RUN_NOT_WAITING_FOR_RETRY' });
      // The metric's figures: one retry scheduled for step 2, cancelled once, nothing waiting.
      const stats = await retryStats(scene.app.db.kysely);
      expect([stats.scheduled.get(2), stats.cancelled.get(2), stats.waiting]).toEqual([1, 1, 0]);
    });

    it('step 1 against an sFTP server that refuses connections waits for its next attempt', async () => {
      await scene.app.saveSftpServer('sftp-closed', sshd as OpenSshServer, 9);
      await scene.addJob('CLOSED', PATIENT, 'sftp-closed');
      const { runId, instance } = await scene.queue('CLOSED');
      const waiting = await waitingFor(runId, 2);
      expect(waiting.retry_step).toBe(1);
      expect((await scene.app.steps(runId))[1]?.status).toBe('ERROR');
      const query = `sid=555&company_code=A&legacy_id=CLOSED&job_instance_no=${instance}`;
      const answer = await scene.app.as({ method: 'POST', url: `/v1/lis-server/cancel-retries?${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await scene.app.ended(runId)).state).toBe('ERROR');
    });

    it("a job without a policy takes its company's default; a default whose cap is below its first wait is refused", async () => {
      const url = '/v1/companies/retry-policy?company_code=A';
      const bad = { attempts: 2, first_delay_ms: 5_000, factor: 2, max_delay_ms: 1_000, jitter: 0 };
      const refused = await scene.app.as({ method: 'PUT', url, payload: { retry_policy: bad } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'RETRY_POLICY_INVALID' });
      const policy = { attempts: 2, first_delay_ms: 200, factor: 2, max_delay_ms: 1_000, jitter: 0.1 };
      const saved = await scene.app.as({ method: 'PUT', url, payload: { retry_policy: policy } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await scene.app.as({ url })).json()).toEqual({ retry_policy: policy });
      await scene.addJob('DEFAULTED', null);
      const { runId, instance } = await scene.queue('DEFAULTED');
      scene.script.set(instance, [502]);
      const run = await scene.app.ended(runId);
      expect(run.state, run.message ?? '').toBe('FINISHED');
      expect(scene.calls.get(instance)?.map((call) => call.answered)).toEqual([502, 200]);
    });

    it('Retry now: the waiting attempt runs at once', async () => {
      await scene.addJob('NOW', PATIENT);
      const { runId, instance } = await scene.queue('NOW');
      scene.script.set(instance, [503]);
      await waitingFor(runId, 2);
      const query = `sid=555&company_code=A&legacy_id=NOW&job_instance_no=${instance}`;
      const answer = await scene.app.as({ method: 'POST', url: `/v1/lis-server/retry-now?${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      const run = await scene.app.ended(runId);
      expect(run.state, run.message ?? '').toBe('FINISHED');
      expect(scene.calls.get(instance)?.map((call) => call.answered)).toEqual([503, 200]);
      expect(scene.executions.get(instance)).toBe(1);
    });
  });
});
