import { RawNode, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMessage } from '../../i18n/run-message.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import type { ClaimedRun } from '../runs/run.js';
import { RunEndBatcher } from './run-end-batcher.js';
import { insertRun, readRun, systemLogOf, type RunRow } from './worker-test-support.js';

const held = (run: RunRow): ClaimedRun => ({
  ...run,
  lease_owner: run.lease_owner ?? '',
  started_at: Number(run.started_at),
});

describe.each(DATABASE_KINDS)('RunEndBatcher on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await test.drop();
  });

  it('ends the runs finishing together in one go, each only while its fence holds', async () => {
    const { db } = test;
    const running = {
      state: 'RUNNING' as const,
      lease_owner: 'n1',
      lease_until: Date.now() + 60_000,
      started_at: 1,
    };
    const ok = await insertRun(db, { ...running, attempt: 1 });
    const failed = await insertRun(db, { ...running, attempt: 1 });
    // Taken over meanwhile: attempt 2 on another node — the end of attempt 1 must change nothing.
    const stale = await insertRun(db, { ...running, attempt: 2, lease_owner: 'n2' });
    const batcher = new RunEndBatcher(db);
    await Promise.all([
      batcher.end({
        fence: { runId: ok.id, owner: 'n1', attempt: 1 },
        run: held(ok),
        outcome: { status: 'FINISHED', message: 'done' },
        logType: 'INFO',
        logLine: runMessage('runEnded', { status: 'FINISHED' }),
      }),
      batcher.end({
        fence: { runId: failed.id, owner: 'n1', attempt: 1 },
        run: held(failed),
        outcome: { status: 'ERROR', message: runMessage('runStoppedBy', { user: 'ops' }) },
        logType: 'ERROR',
        logLine: runMessage('runLogStoppedBy', { user: 'ops' }),
      }),
      batcher.end({
        fence: { runId: stale.id, owner: 'n1', attempt: 1 },
        run: held(stale),
        outcome: { status: 'FINISHED', message: 'late' },
        logType: 'INFO',
        logLine: 'late end',
      }),
    ]);
    expect(await readRun(db, ok.id)).toMatchObject({ state: 'FINISHED', message: 'done', lease_owner: null });
    expect(await readRun(db, failed.id)).toMatchObject({
      state: 'ERROR',
      message: 'stopped by ops',
      message_key: 'runStoppedBy',
      lease_owner: null,
    });
    expect(Number((await readRun(db, ok.id)).finished_at)).toBeGreaterThan(0);
    expect(await readRun(db, stale.id)).toMatchObject({
      state: 'RUNNING',
      lease_owner: 'n2',
      attempt: 2,
      message: null,
    });
    expect(await systemLogOf(db, ok.job_instance_no)).toEqual(['run ended FINISHED']);
    expect(await systemLogOf(db, failed.job_instance_no)).toHaveLength(1);
    expect(await systemLogOf(db, stale.job_instance_no)).toEqual([]);
    // The line commits with the end, at its finish time, as the worker's (sid of the job, else company, else '').
    const lines = await db.kysely
      .selectFrom('system_log')
      .select(['sid', 'company_code', 'log_type', 'message_key', 'msg_source', 'created_at'])
      .where('job_instance_no', '=', failed.job_instance_no)
      .execute();
    expect(lines).toEqual([
      {
        sid: '',
        company_code: 'C1',
        log_type: 'ERROR',
        message_key: 'runLogStoppedBy',
        msg_source: 'worker',
        created_at: (await readRun(db, failed.id)).finished_at,
      },
    ]);
  });

  it('writes the ends of the handlers returning in the same turn of the event loop together', async () => {
    const { db } = test;
    let endWrites = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (RawNode.is(node) && node.sqlFragments.join('?').includes('update job_runs set state = v.state'))
          endWrites += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const batcher = new RunEndBatcher({ ...db, kysely: db.kysely.withPlugin(counting) });
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        insertRun(db, { state: 'RUNNING', lease_owner: 'n1', lease_until: Date.now() + 60_000, attempt: 1 }),
      ),
    );
    // As three handlers returning one after the other in one turn: the first must not go alone.
    await Promise.all(
      runs.map((run) =>
        batcher.end({
          fence: { runId: run.id, owner: 'n1', attempt: 1 },
          run: held(run),
          outcome: { status: 'FINISHED', message: 'done' },
          logType: 'INFO',
          logLine: 'done',
        }),
      ),
    );
    expect(endWrites).toBe(1);
    for (const run of runs) expect(await readRun(db, run.id)).toMatchObject({ state: 'FINISHED' });
  });
});
