import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseNow } from '../src/db/database-clock.js';
import { dayOfInstant } from '../src/engine/expectations/expectation-days.js';
import {
  buildExpectation,
  createRaiseTable,
  recordedRaises,
} from '../src/engine/expectations/expectation-test-support.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { killed, SHARED_DATABASES, type SharedDatabase } from '../src/test-support/child-worker-node.js';
import { eventually } from '../src/test-support/eventually.js';

/**
 * Issue 35's "one evaluation per job and day across nodes": two evaluator nodes in their own processes
 * on one database; at the deadline one of them moves the day to MISSING and, with its alert recorded
 * in the same transaction, is SIGKILLed before it commits. The other must make the move and raise
 * MISSING itself — exactly one MISSING alert and one log line in the end, none from the killed node —
 * and a node started afterwards raises nothing more.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'expectation-node.ts');
const TZ = 'Asia/Bangkok';
const HOUR = 3_600_000;

interface EvaluatorNode {
  id: string;
  child: ChildProcess;
  output(): string;
}

async function startNode(env: Record<string, string>, nodeId: string): Promise<EvaluatorNode> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx/esm', FIXTURE], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, EXPECTATION_NODE_ID: nodeId, EXPECTATION_HOLD_MS: '2000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited: number | null | undefined;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('exit', (code) => (exited = code));
  await eventually(
    () => {
      if (exited !== undefined) throw new Error(`${nodeId} exited (${exited}): ${output}`);
      return output.includes(`pass ${nodeId} 1\n`);
    },
    { timeout: 60_000, message: `${nodeId} to make its first pass` },
  );
  return { id: nodeId, child, output: () => output };
}

const passesOf = (node: EvaluatorNode) =>
  (node.output().match(new RegExp(`^pass ${node.id} `, 'gm')) ?? []).length;

describe.each(SHARED_DATABASES)('two expectation evaluators, one killed at the deadline (%s)', (_, open) => {
  let shared: SharedDatabase | undefined;
  const nodes: EvaluatorNode[] = [];
  afterEach(async () => {
    await Promise.all(
      nodes
        .splice(0)
        .map((node) =>
          node.child.exitCode === null && node.child.signalCode === null ? killed(node.child) : undefined,
        ),
    );
    await shared?.cleanup();
  });

  it('MISSING is made and raised exactly once, by the node that lived', async () => {
    shared = await open();
    const { db } = shared;
    await createRaiseTable(db);
    const now = await databaseNow(db.kysely, db.dialect);
    const today = dayOfInstant(now, TZ);
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ legacy_id: 'PAYROLL-IN' }))
      .execute();
    // Today's day is made already (days_through): the trial is about its deadline, an hour away.
    await db.kysely
      .insertInto('job_expectations')
      .values(
        buildExpectation({
          legacy_id: 'PAYROLL-IN',
          warn_before_minutes: 0,
          days_through: today,
          created_at: now - 86_400_000,
        }),
      )
      .execute();
    await db.kysely
      .insertInto('expectation_days')
      .values({
        company_code: 'C1',
        legacy_id: 'PAYROLL-IN',
        business_day: today,
        state: 'PENDING',
        warn_at: now + HOUR,
        deadline_at: now + HOUR,
        arrived_at: null,
        job_instance_no: null,
        files: 0,
        created_at: now,
        evaluated_at: null,
      })
      .execute();
    nodes.push(await startNode(shared.childEnv, 'node-1'), await startNode(shared.childEnv, 'node-2'));

    // The deadline comes (moved to the database's now, as the scheduler tests make a trigger due).
    const deadline = await databaseNow(db.kysely, db.dialect);
    await db.kysely
      .updateTable('expectation_days')
      .set({ warn_at: deadline, deadline_at: deadline })
      .execute();
    const raising = await eventually(() => nodes.find((node) => node.output().includes('raising')), {
      timeout: 30_000,
      message: 'a node to raise MISSING',
    });
    await killed(raising.child);
    nodes.splice(nodes.indexOf(raising), 1);
    const survivor = nodes[0]!;

    const row = () =>
      db.kysely.selectFrom('expectation_days').select(['state', 'evaluated_at']).executeTakeFirstOrThrow();
    await eventually(async () => (await row()).state === 'MISSING', {
      timeout: 30_000,
      message: `the day to be MISSING (${survivor.output()})`,
    });
    expect(survivor.output()).toContain(`raising ${survivor.id} MISSING`);
    // A node that starts now (the killed one back) finds it decided: three passes, nothing more.
    const restarted = await startNode(shared.childEnv, 'node-3');
    nodes.push(restarted);
    await eventually(() => passesOf(restarted) >= 3, {
      timeout: 30_000,
      message: 'node-3 to pass three times',
    });

    expect(await recordedRaises(db)).toEqual([
      {
        company_code: 'C1',
        condition: 'MISSING',
        subject: `PAYROLL-IN|${today}`,
        job_instance_no: null,
        raised_by: survivor.id,
      },
    ]);
    const lines = await db.kysely
      .selectFrom('system_log')
      .select('message')
      .where('msg_source', '=', 'expectations')
      .execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toContain('(MISSING)');
  }, 180_000);
});
