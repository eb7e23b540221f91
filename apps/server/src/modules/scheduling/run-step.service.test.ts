import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceFunctionServer, type ReferenceFunctionServer } from '@lis/reference-peers';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

/** A PULL_WAIT job (steps 2 and 4) whose function server is, at first, a closed port. */
async function seed(h: ServiceHarness): Promise<void> {
  await h.services.apiServers.save(
    {
      companycode: 'A',
      api_serverid: 'fapp',
      api_url_callfunction: 'http://127.0.0.1:9/api',
      api_username: 'fapp',
      api_password: 'Fapp-Pw-1',
    },
    'add',
    'root',
  );
  await h.services.jobs.save(
    {
      companycode: 'A',
      legacyid: 'PULL-1',
      legacyname: 'Pull',
      legacytype: 'PULL_WAIT',
      isactive: 'Y',
      api_serverid: 'fapp',
      api_classname: 'Demo',
      api_function_name: 'generate',
    },
    'add',
    'root',
  );
}

describe.each(DATABASE_KINDS)('RunStepService on %s', (kind) => {
  const h = useServiceHarness(kind, seed);
  let fapp: ReferenceFunctionServer;
  /** The job's first run: step 2 ended ERROR (connection refused). */
  let failed: string;
  beforeAll(async () => {
    fapp = await createReferenceFunctionServer({ username: 'fapp', password: 'Fapp-Pw-1' });
    const run = await h.runToEnd('A', 'PULL-1');
    expect(run.state, run.message ?? '').toBe('ERROR');
    failed = run.job_instance_no;
  });
  afterAll(() => fapp?.close());
  const rerun = (company: string, instance: string, step: 1 | 2 | 4) =>
    h.services.runSteps.rerun(company, 'PULL-1', instance, step, 'admin-a');
  const steps = (runId: string) =>
    h.db.kysely
      .selectFrom('run_steps')
      .select(['step', 'status'])
      .where('run_id', '=', runId)
      .orderBy('step')
      .execute();

  it("refuses another company's run, a step the job does not have and a step that did not fail", async () => {
    await expectRefusal(rerun('B', failed, 2), { kind: 'not_found', key: 'runNotFound' });
    await expectRefusal(rerun('A', 'PULL-1_19700101000000', 2), { kind: 'not_found', key: 'runNotFound' });
    await expectRefusal(rerun('A', failed, 1), { kind: 'invalid', key: 'stepNotInPlan' });
    await expectRefusal(rerun('A', failed, 4), {
      kind: 'conflict',
      key: 'stepNotInError',
      params: { step: 4, status: 'not run' },
    });
  });

  it('holds a re-run while another run of the job is unfinished (the job’s overlap policy)', async () => {
    const other = await h.services.scheduling.runImmediately('A', 'PULL-1', 'admin-a');
    await expectRefusal(rerun('A', failed, 2), {
      kind: 'conflict',
      key: 'jobRunActive',
      params: { jobInstanceNo: other.job_instance_no },
      code: 'JOB_RUN_ACTIVE',
    });
    await h.services.scheduling.cancelRun('A', 'PULL-1', other.job_instance_no, 'admin-a');
    const worker = await h.startWorker();
    try {
      expect((await h.waitForEnd(other.job_instance_no)).state).toBe('STOPPED');
    } finally {
      await worker.stop();
    }
  });

  it('requeues the ended run from the failed step, keeping its instance number; it then runs on from there', async () => {
    await h.services.apiServers.save(
      {
        companycode: 'A',
        api_serverid: 'fapp',
        api_url_callfunction: fapp.url,
        api_username: 'fapp',
        api_password: 'Fapp-Pw-1',
      },
      'edit',
      'root',
    );
    const queued = await rerun('A', failed, 2);
    expect(queued).toEqual({
      job_instance_no: failed,
      message: { key: 'stepRerunQueued', params: { step: 2, jobInstanceNo: failed } },
    });
    // Queued again, it is no longer an ended run.
    await expectRefusal(rerun('A', failed, 2), { kind: 'conflict', key: 'stepRunActive' });

    const worker = await h.startWorker();
    try {
      const ended = await h.waitForEnd(failed);
      expect(ended.state, ended.message ?? '').toBe('FINISHED');
      expect(await steps(ended.id)).toEqual([
        { step: 2, status: 'SUCCESS' },
        { step: 4, status: 'SUCCESS' },
        { step: 6, status: 'SKIPPED' },
      ]);
      // The failed attempt is kept beside the run (issue 31).
      const attempts = await h.db.kysely
        .selectFrom('run_step_attempts')
        .select(['step', 'attempt', 'status', 'rerun_by'])
        .where('run_id', '=', ended.id)
        .orderBy('step')
        .execute();
      expect(attempts).toEqual([
        { step: 2, attempt: 1, status: 'ERROR', rerun_by: 'admin-a' },
        { step: 6, attempt: 1, status: 'SKIPPED', rerun_by: 'admin-a' },
      ]);
    } finally {
      await worker.stop();
    }
    const log = await h.services.logs.systemLog(['A'], { job_instanceno: failed });
    expect(log.result_list.map((row) => row.message)).toContain(
      'step 2 re-run requested by admin-a (steps 2, 4, 6)',
    );
  });
});
