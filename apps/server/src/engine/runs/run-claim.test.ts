import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { claimRuns, type ClaimRequest } from './run-claim.js';
import { insertChain, insertJobConfig, insertRun, readRun } from '../worker/worker-test-support.js';

const request: ClaimRequest = {
  nodeId: 'node-a',
  ownerKind: 'job',
  limit: 3,
  leaseMs: 30_000,
  waitLimitMs: 60_000,
};

/**
 * The claim's mechanics; JOB1 is `allow_all` so that several of its runs may start together — one
 * run at a time under the other policies is run-overlap.test.ts's.
 */
describe.each(DATABASE_KINDS)('claimRuns on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await test.drop();
  });

  /** A line as the worker, run-recovery or run-step writes it (msg_source 'worker'). */
  async function logLine(jobInstanceNo: string, message: string) {
    await test.db.kysely
      .insertInto('system_log')
      .values({
        sid: 'S1',
        company_code: 'C1',
        job_instance_no: jobInstanceNo,
        log_type: 'INFO',
        message,
        msg_source: 'worker',
        created_at: 0,
      })
      .execute();
  }

  async function logOf(jobInstanceNo: string) {
    return test.db.kysely
      .selectFrom('system_log')
      .select(['sid', 'log_type', 'message', 'msg_source'])
      .where('job_instance_no', '=', jobInstanceNo)
      .orderBy('seq')
      .execute();
  }

  it('starts several runs in one pass, oldest first, up to the limit; the fence is the stored attempt', async () => {
    const { db } = test;
    await insertJobConfig(db, 'JOB1', '', 'allow_all');
    await db.kysely
      .insertInto('companies')
      .values({
        company_code: 'C2',
        sid: 'S2',
        company_name: 'Two',
        status: 'active',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const base = 1_000;
    const fresh = await insertRun(db, { queued_at: base });
    // Requeued after a lost node (its lease expired): its next claim is attempt 2, a takeover.
    const requeued = await insertRun(db, { queued_at: base + 1, attempt: 1 });
    await logLine(
      requeued.job_instance_no,
      'lease of node node-b expired (attempt 1); run requeued by node node-a',
    );
    const otherCompany = await insertRun(db, {
      queued_at: base + 2,
      company_code: 'C2',
      legacy_id: 'GONE',
      job_instance_no: 'GONE_1',
    });
    const nowhere = await insertRun(db, {
      queued_at: base + 3,
      company_code: 'C9',
      legacy_id: 'GONE',
      job_instance_no: 'GONE_2',
    });

    const claimed = await claimRuns(db, request);
    expect(claimed.map((run) => run.id)).toEqual([fresh.id, requeued.id, otherCompany.id]);
    expect(claimed.map((run) => run.attempt)).toEqual([1, 2, 1]);
    for (const run of claimed) {
      const row = await readRun(db, run.id);
      expect(row).toMatchObject({
        state: 'RUNNING',
        lease_owner: 'node-a',
        attempt: run.attempt,
        started_at: run.started_at,
        lease_until: run.started_at + request.leaseMs,
        wait_until: null,
      });
    }
    expect(await readRun(db, nowhere.id)).toMatchObject({ state: 'QUEUED', attempt: 0 });
    expect(await logOf(fresh.job_instance_no)).toEqual([
      { sid: 'S1', log_type: 'INFO', message: 'run started on node node-a', msg_source: 'worker' },
    ]);
    expect((await logOf(requeued.job_instance_no)).slice(1)).toEqual([
      {
        sid: 'S1',
        log_type: 'WARNING',
        message: 'run taken over by node node-a (attempt 2)',
        msg_source: 'worker',
      },
    ]);
    // No job: the company's sid.
    expect(await logOf('GONE_1')).toMatchObject([{ sid: 'S2', message: 'run started on node node-a' }]);

    const next = await claimRuns(db, request);
    expect(next.map((run) => run.id)).toEqual([nowhere.id]);
    // Neither job nor company: an empty sid.
    expect(await logOf('GONE_2')).toMatchObject([{ sid: '' }]);
    expect(await claimRuns(db, request)).toEqual([]);
  });

  it('a run claimed again after a step re-run or a hand-back is resumed, not taken over (issue 17)', async () => {
    const { db } = test;
    await insertJobConfig(db, 'JOB1', '', 'allow_all');
    // Ended normally, then step 3 re-run on the same node; a lease expiry earlier in its life does
    // not count once a re-run followed it.
    const rerun = await insertRun(db, { queued_at: 1_000, attempt: 2, job_instance_no: 'JOB1_rerun' });
    await logLine('JOB1_rerun', 'lease of node node-b expired (attempt 1); run requeued by node node-a');
    await logLine('JOB1_rerun', 'step 3 re-run requested by somchai (steps 3, 4)');
    const handedBack = await insertRun(db, { queued_at: 1_001, attempt: 1, job_instance_no: 'JOB1_back' });
    await logLine('JOB1_back', 'run handed back by node node-b at shutdown');
    const lost = await insertRun(db, { queued_at: 1_002, attempt: 1, job_instance_no: 'JOB1_lost' });
    await logLine('JOB1_lost', 'step 3 re-run requested by somchai (steps 3, 4)');
    await logLine('JOB1_lost', 'lease of node node-b expired (attempt 1); run requeued by node node-a');

    const claimed = await claimRuns(db, request);
    expect(claimed.map((run) => [run.id, run.attempt])).toEqual([
      [rerun.id, 3],
      [handedBack.id, 2],
      [lost.id, 2],
    ]);
    const last = async (jobInstanceNo: string) => (await logOf(jobInstanceNo)).at(-1);
    expect(await last('JOB1_rerun')).toMatchObject({
      log_type: 'INFO',
      message: 'run resumed by node node-a (attempt 3)',
    });
    expect(await last('JOB1_back')).toMatchObject({
      log_type: 'INFO',
      message: 'run resumed by node node-a (attempt 2)',
    });
    expect(await last('JOB1_lost')).toMatchObject({
      log_type: 'WARNING',
      message: 'run taken over by node node-a (attempt 2)',
    });
  });

  it("a run started in the pass is the next run's previous run for its predecessor check", async () => {
    const { db } = test;
    await insertJobConfig(db, 'PRE');
    await insertJobConfig(db, 'JOB1', 'PRE', 'allow_all');
    await insertRun(db, {
      legacy_id: 'PRE',
      job_instance_no: 'PRE_1',
      state: 'FINISHED',
      queued_at: 310,
      started_at: 320,
      finished_at: 350,
      attempt: 1,
    });
    const scheduled = { kind: 'scheduled' as const, requested_by: null };
    const first = await insertRun(db, { ...scheduled, queued_at: 300, job_instance_no: 'JOB1_a' });
    const second = await insertRun(db, { ...scheduled, queued_at: 400, job_instance_no: 'JOB1_b' });
    const claimed = await claimRuns(db, request);
    // The first has no previous run: PRE's finish counts. The second's previous run is the first,
    // started just now — not its queueing (300), after which PRE did finish: PRE has not finished
    // since the start, so the second waits.
    expect(claimed.map((run) => run.id)).toEqual([first.id]);
    expect(await readRun(db, second.id)).toMatchObject({ state: 'WAITING', message: 'waiting for PRE' });
    expect((await logOf('JOB1_b')).map((line) => line.message)).toEqual(['waiting for predecessors: PRE']);
  });

  it('logs a chain run with its chain sid', async () => {
    const { db } = test;
    await insertChain(db, 'CH1', ['JOB1']);
    const run = await insertRun(db, { owner_kind: 'chain', legacy_id: 'CH1', job_instance_no: 'CH1_1' });
    expect(await claimRuns(db, { ...request, ownerKind: 'chain' })).toMatchObject([
      { id: run.id, attempt: 1 },
    ]);
    expect(await logOf('CH1_1')).toMatchObject([{ sid: 'S1', log_type: 'INFO' }]);
  });

  it('starts plain runs as the full claim does (on PostgreSQL in one statement), and leaves cancels, waits and predecessors to it', async () => {
    const { db } = test;
    await insertJobConfig(db, 'JOB1', '', 'allow_all');
    await insertJobConfig(db, 'PRE');
    await insertJobConfig(db, 'AFTER', ' | PRE ');
    await insertJobConfig(db, 'BLANK', ' | | ');
    const scheduled = { kind: 'scheduled' as const, requested_by: null };
    // Plain: a job run, a scheduled run of a job whose criteria are blank, a run of no job or company.
    const a = await insertRun(db, { queued_at: 100, job_instance_no: 'JOB1_a' });
    const b = await insertRun(db, {
      ...scheduled,
      queued_at: 101,
      legacy_id: 'BLANK',
      job_instance_no: 'BLANK_b',
    });
    const c = await insertRun(db, {
      queued_at: 102,
      company_code: 'C9',
      legacy_id: 'GONE',
      job_instance_no: 'GONE_c',
    });
    const claimed = await claimRuns(db, { ...request, limit: 5 });
    expect(claimed.map((run) => run.id)).toEqual([a.id, b.id, c.id]);
    const [first] = claimed;
    for (const run of claimed) {
      expect(run).toMatchObject({ lease_owner: 'node-a', attempt: 1, started_at: first?.started_at });
      expect(await readRun(db, run.id)).toMatchObject({
        state: 'RUNNING',
        lease_owner: 'node-a',
        attempt: 1,
        started_at: first?.started_at,
        lease_until: (first?.started_at ?? 0) + request.leaseMs,
      });
    }
    expect(claimed[1]).toMatchObject({ kind: 'scheduled', legacy_id: 'BLANK', company_code: 'C1' });
    expect(await logOf('JOB1_a')).toEqual([
      { sid: 'S1', log_type: 'INFO', message: 'run started on node node-a', msg_source: 'worker' },
    ]);
    expect(await logOf('BLANK_b')).toMatchObject([{ sid: 'S1', message: 'run started on node node-a' }]);
    expect(await logOf('GONE_c')).toMatchObject([{ sid: '', message: 'run started on node node-a' }]);

    // A cancel among the candidates: ended without running, the others start.
    const cancelled = await insertRun(db, {
      queued_at: 200,
      cancel_requested_by: 'ann',
      job_instance_no: 'JOB1_x',
    });
    const d = await insertRun(db, { queued_at: 201, job_instance_no: 'JOB1_d' });
    expect((await claimRuns(db, request)).map((run) => run.id)).toEqual([d.id]);
    expect(await readRun(db, cancelled.id)).toMatchObject({ state: 'STOPPED', message: 'stopped by ann' });

    // A job with predecessors (criteria with blanks around them): it waits; a plain run still starts.
    const waits = await insertRun(db, {
      ...scheduled,
      queued_at: 300,
      legacy_id: 'AFTER',
      job_instance_no: 'AFTER_w',
    });
    const e = await insertRun(db, { queued_at: 301, job_instance_no: 'JOB1_e' });
    expect((await claimRuns(db, request)).map((run) => run.id)).toEqual([e.id]);
    expect(await readRun(db, waits.id)).toMatchObject({ state: 'WAITING', message: 'waiting for PRE' });

    // A WAITING run is re-checked by the next claim: once PRE has finished it starts.
    await insertRun(db, {
      legacy_id: 'PRE',
      job_instance_no: 'PRE_1',
      state: 'FINISHED',
      finished_at: 302,
      attempt: 1,
    });
    const f = await insertRun(db, { queued_at: 400, job_instance_no: 'JOB1_f' });
    expect((await claimRuns(db, request)).map((run) => run.id)).toEqual([waits.id, f.id]);
    expect(await claimRuns(db, request)).toEqual([]);
  });
});
