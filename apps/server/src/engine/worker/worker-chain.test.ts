import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { databaseNow } from '../../db/database-clock.js';
import { inProcessSignal, type SchedulerSignal } from '../scheduler/scheduler-signal.js';
import { parseChainMembers } from './chain-members.repository.js';
import { Worker } from './worker.js';
import { insertChain, insertRun, RecordingHandler, runReaches, type RunRow } from './worker-test-support.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';

it('reads legacy_list entries `legacyId,legacyName` joined by |', () => {
  expect(parseChainMembers('A,Job A| B , Job B |C')).toEqual([
    { legacyId: 'A', legacyName: 'Job A' },
    { legacyId: 'B', legacyName: 'Job B' },
    { legacyId: 'C', legacyName: '' },
  ]);
});

describe.each(DATABASE_KINDS)('chains (%s)', (kind) => {
  let test: TestDatabase;
  let signal: SchedulerSignal;
  let worker: Worker | undefined;

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await signal.close();
    await test.drop();
  });

  /** A chain A → B → C and a run of it; one job slot, so members cannot overlap. */
  async function startChain(handler: RecordingHandler) {
    test = await createTestDatabase(kind);
    signal = inProcessSignal();
    await insertChain(test.db, 'CH1', ['A', 'B', 'C']);
    const chain = await insertRun(test.db, {
      owner_kind: 'chain',
      legacy_id: 'CH1',
      job_instance_no: 'CH1_1',
    });
    worker = new Worker({ db: test.db, signal, handler, concurrency: 1, leaseMs: 2_000, pollMs: 100 });
    await worker.start();
    return chain;
  }

  async function membersOf(chainId: string): Promise<RunRow[]> {
    return test.db.kysely
      .selectFrom('job_runs')
      .selectAll()
      .where('parent_run_id', '=', chainId)
      .orderBy('queued_at')
      .execute();
  }

  it('runs the members in list order, each after the previous ended; the chain takes the worst status', async () => {
    const handler = new RecordingHandler();
    handler.outcomes.set('B', { status: 'WARNING', message: 'two files late' });
    const chain = await startChain(handler);

    const ended = await runReaches(test.db, chain.id, ['FINISHED', 'WARNING', 'ERROR']);
    expect(ended).toMatchObject({ state: 'WARNING', message: 'chain ended WARNING (3 members)' });
    expect(handler.calls.map((call) => call.legacyId)).toEqual(['A', 'B', 'C']);
    const members = await membersOf(chain.id);
    expect(members.map((m) => [m.legacy_id, m.kind, m.owner_kind, m.state])).toEqual([
      ['A', 'chain_member', 'job', 'FINISHED'],
      ['B', 'chain_member', 'job', 'WARNING'],
      ['C', 'chain_member', 'job', 'FINISHED'],
    ]);
    for (let i = 1; i < members.length; i++)
      expect(members[i]!.started_at).toBeGreaterThanOrEqual(members[i - 1]!.finished_at!);
  });

  it('an ERROR stops the chain, which ends ERROR naming the member', async () => {
    const handler = new RecordingHandler();
    handler.outcomes.set('B', { status: 'ERROR', message: 'function server down' });
    const chain = await startChain(handler);

    const ended = await runReaches(test.db, chain.id, ['FINISHED', 'WARNING', 'ERROR']);
    expect(ended).toMatchObject({
      state: 'ERROR',
      message: 'chain stopped: member B ended ERROR: function server down',
    });
    expect(handler.calls.map((call) => call.legacyId)).toEqual(['A', 'B']);
    expect((await membersOf(chain.id)).map((m) => m.legacy_id)).toEqual(['A', 'B']);
  });

  it('a member an operator stopped stops the chain as STOPPED (not ERROR), naming the member', async () => {
    const handler = new RecordingHandler();
    handler.blocking.add('B');
    const chain = await startChain(handler);
    await eventually(() => handler.calls.find((call) => call.legacyId === 'B'));
    const member = (await membersOf(chain.id)).find((m) => m.legacy_id === 'B')!;
    await test.db.kysely
      .updateTable('job_runs')
      .set({ cancel_requested_by: 'fay' })
      .where('id', '=', member.id)
      .execute();
    await signal.notify();

    expect(await runReaches(test.db, member.id, ['STOPPED'])).toMatchObject({ message: 'stopped by fay' });
    expect(await runReaches(test.db, chain.id, ['FINISHED', 'WARNING', 'ERROR', 'STOPPED'])).toMatchObject({
      state: 'STOPPED',
      message: 'chain stopped: member B was stopped: stopped by fay',
    });
    expect((await membersOf(chain.id)).map((m) => m.legacy_id)).toEqual(['A', 'B']);
  });

  it('a chain whose node died is taken over and continues with the member that was running', async () => {
    test = await createTestDatabase(kind);
    signal = inProcessSignal();
    await insertChain(test.db, 'CH1', ['A', 'B', 'C']);
    const now = await databaseNow(test.db.kysely, test.db.dialect);
    const dead = { state: 'RUNNING' as const, lease_owner: 'dead-node', lease_until: now - 1, attempt: 1 };
    const chain = await insertRun(test.db, {
      owner_kind: 'chain',
      legacy_id: 'CH1',
      queued_at: now - 5_000,
      ...dead,
    });
    const member = { kind: 'chain_member' as const, parent_run_id: chain.id };
    await insertRun(test.db, {
      ...member,
      legacy_id: 'A',
      queued_at: now - 3_000,
      state: 'FINISHED',
      attempt: 1,
    });
    const b = await insertRun(test.db, { ...member, legacy_id: 'B', queued_at: now - 2_000, ...dead });
    const handler = new RecordingHandler();
    worker = new Worker({
      db: test.db,
      signal,
      handler,
      concurrency: 1,
      leaseMs: 2_000,
      pollMs: 100,
      recoveryMs: 100,
    });
    await worker.start();

    expect(await runReaches(test.db, chain.id, ['FINISHED', 'ERROR'])).toMatchObject({
      state: 'FINISHED',
      attempt: 2,
    });
    expect(handler.calls.map((call) => [call.legacyId, call.attempt])).toEqual([
      ['B', 2],
      ['C', 1],
    ]);
    expect((await membersOf(chain.id)).map((m) => [m.legacy_id, m.state])).toEqual([
      ['A', 'FINISHED'],
      ['B', 'FINISHED'],
      ['C', 'FINISHED'],
    ]);
    expect(handler.callsOf(b.id)).toHaveLength(1);
  });

  it('a cancel of the chain stops the running member too', async () => {
    const handler = new RecordingHandler();
    handler.blocking.add('B');
    const chain = await startChain(handler);
    await eventually(() => handler.calls.find((call) => call.legacyId === 'B'));
    await test.db.kysely
      .updateTable('job_runs')
      .set({ cancel_requested_by: 'dave' })
      .where('id', '=', chain.id)
      .execute();
    await signal.notify();

    expect(await runReaches(test.db, chain.id, ['STOPPED'])).toMatchObject({ message: 'stopped by dave' });
    const member = (await membersOf(chain.id)).find((m) => m.legacy_id === 'B')!;
    expect(await runReaches(test.db, member.id, ['STOPPED'])).toMatchObject({ message: 'stopped by dave' });
    expect(handler.calls.map((call) => call.legacyId)).toEqual(['A', 'B']);
  });
});
