import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessSignal } from '../scheduler/scheduler-signal.js';
import { Worker } from './worker.js';
import { insertRun, RecordingHandler, runReaches, systemLogOf } from './worker-test-support.js';
import {
  killed,
  SHARED_DATABASES,
  startNodeThatClaims as startChildNode,
  type SharedDatabase,
} from '../../test-support/child-worker-node.js';

const LEASE_MS = 2_000;
const RECOVERY_MS = 250;
const FIXTURE = path.join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'worker-node.ts');

/** Starts the fixture node; resolves with the process once it has claimed `runId`. */
function startNodeThatClaims(env: Record<string, string>, runId: string): Promise<ChildProcess> {
  return startChildNode(FIXTURE, { ...env, WORKER_LEASE_MS: String(LEASE_MS) }, runId, 20_000);
}

const targets = SHARED_DATABASES;
type Target = SharedDatabase;

describe.each(targets)('a node killed during a run (%s)', (_name, open) => {
  let target: Target | undefined;
  let worker: Worker | undefined;
  let child: ChildProcess | undefined;

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await worker?.stop();
    await target?.cleanup();
    worker = undefined;
    target = undefined;
  });

  async function killNodeMidRun(maxAttempts: number) {
    target = await open();
    const run = await insertRun(target.db);
    child = await startNodeThatClaims(target.childEnv, run.id);
    const claimed = await runReaches(target.db, run.id, ['RUNNING']);
    const killedAt = Date.now();
    await killed(child);

    const handler = new RecordingHandler();
    worker = new Worker({
      db: target.db,
      signal: inProcessSignal(),
      handler,
      leaseMs: LEASE_MS,
      pollMs: 100,
      recoveryMs: RECOVERY_MS,
      maxAttempts,
    });
    await worker.start();
    const ended = await runReaches(target.db, run.id, ['FINISHED', 'ERROR'], 15_000);
    // How long the takeover took is reported, not asserted: a loaded machine must not fail the test
    // (the scheduler benchmark measures recovery). What is asserted is that it happened, after the lease.
    console.info(
      `${_name}: maxAttempts ${maxAttempts}, killed → ${ended.state} in ${Date.now() - killedAt} ms`,
    );
    return { run, claimed, ended, handler, worker };
  }

  it('another node takes the run over within the lease time and completes it', async () => {
    const { run, claimed, ended, handler, worker: taker } = await killNodeMidRun(2);
    expect(claimed.attempt).toBe(1);
    expect(ended).toMatchObject({ state: 'FINISHED', attempt: 2, message: 'done' });
    expect(handler.calls).toEqual([
      expect.objectContaining({ runId: run.id, node: taker.nodeId, attempt: 2 }),
    ]);
    const log = await systemLogOf(target!.db, run.job_instance_no);
    expect(log.some((line) => line.startsWith(`lease of node ${claimed.lease_owner} expired`))).toBe(true);
    expect(log).toContain(`run taken over by node ${taker.nodeId} (attempt 2)`);
  });

  it('ends the run "node lost" when its attempts are used up', async () => {
    const { run, claimed, ended, handler } = await killNodeMidRun(1);
    expect(ended).toMatchObject({ state: 'ERROR', message: 'node lost', attempt: 1 });
    expect(handler.calls).toHaveLength(0);
    expect(await systemLogOf(target!.db, run.job_instance_no)).toContain(
      `node lost: ${claimed.lease_owner} (attempt 1)`,
    );
  });
});
