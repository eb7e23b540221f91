import { describe, expect, it } from 'vitest';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

async function seed(h: ServiceHarness): Promise<void> {
  const job = (companycode: string, legacyid: string, cron_trigger = '') =>
    h.services.jobs.save(
      { companycode, legacyid, legacyname: legacyid, legacytype: 'PULL_WAIT', isactive: 'Y', cron_trigger },
      'add',
      'root',
    );
  await job('A', 'RUN-1');
  await job('A', 'CRON-1', '0 0 12 * * ?');
  await job('A', 'SUSP-1', '0 0 6 * * ?');
  await job('B', 'RUN-B');
}

describe.each(DATABASE_KINDS)('SchedulingService on %s', (kind) => {
  const h = useServiceHarness(kind, seed);
  const scheduling = () => h.services.scheduling;
  const systemLog = async (jobInstanceNo: string) =>
    (await h.services.logs.systemLog(['A'], { job_instanceno: jobInstanceNo })).result_list.map(
      (r) => r.message,
    );
  const trigger = async (legacyId: string) => {
    const row = (await scheduling().quartzRows(null)).find((r) => r.jobName === legacyId);
    if (!row) throw new Error(`no trigger of ${legacyId}`);
    return row;
  };

  it('runs a job at once: a queued run with its instance number, logged; a second click is held', async () => {
    const queued = await scheduling().runImmediately('A', 'RUN-1', 'admin-a');
    expect(queued.message).toMatchObject({ key: 'runQueued', params: { legacyId: 'RUN-1' } });
    expect(queued.job_instance_no).toMatch(/^RUN-1_\d{14}/);
    expect(await systemLog(queued.job_instance_no)).toEqual(['Run requested by admin-a']);
    // The job's overlap policy (skip by default): any unfinished run of the job refuses another.
    await expectRefusal(scheduling().runImmediately('A', 'RUN-1', 'admin-a'), {
      kind: 'conflict',
      key: 'jobRunActive',
      params: { jobInstanceNo: queued.job_instance_no, state: 'QUEUED' },
      code: 'JOB_RUN_ACTIVE',
    });
  });

  it("refuses an unknown job, another company's job, and a suspended job", async () => {
    await expectRefusal(scheduling().runImmediately('A', 'NOPE', 'admin-a'), {
      kind: 'not_found',
      key: 'jobNotFound',
    });
    await expectRefusal(scheduling().runImmediately('A', 'RUN-B', 'admin-a'), {
      kind: 'not_found',
      key: 'jobNotFound',
    });
    // has_suspend comes with the legacy data (the engine only clears it).
    await h.db.kysely
      .updateTable('job_configs')
      .set({ has_suspend: 'Y' })
      .where('legacy_id', '=', 'SUSP-1')
      .execute();
    await expectRefusal(scheduling().runImmediately('A', 'SUSP-1', 'admin-a'), {
      kind: 'conflict',
      key: 'jobSuspended',
    });
  });

  it('resumes a suspended job: the flag is cleared, its past trigger time moves on from now', async () => {
    const { trigger_id } = await trigger('SUSP-1');
    await h.db.kysely
      .updateTable('triggers')
      .set({ next_fire_at: 1000 })
      .where('id', '=', trigger_id)
      .execute();
    const resumed = await scheduling().resumeJob('A', 'SUSP-1', 'admin-a');
    expect(resumed.message).toMatchObject({ key: 'jobResumed' });
    expect((await h.services.jobs.get('A', 'SUSP-1')).hassuspend).toBe('N');
    expect(Number((await scheduling().findTrigger(trigger_id))?.next_fire_at)).toBeGreaterThan(Date.now());
    await expectRefusal(scheduling().resumeJob('A', 'SUSP-1', 'admin-a'), {
      kind: 'conflict',
      key: 'jobNotSuspended',
    });
  });

  it('asks a run to stop, once it exists in that company; an ended run cannot be asked', async () => {
    const queued = await scheduling().runImmediately('A', 'SUSP-1', 'admin-a');
    await expectRefusal(scheduling().cancelRun('B', 'SUSP-1', queued.job_instance_no, 'admin-b'), {
      kind: 'not_found',
      key: 'runNotFound',
    });
    const asked = await scheduling().cancelRun('A', 'SUSP-1', queued.job_instance_no, 'admin-a');
    expect(asked).toMatchObject({ state: 'QUEUED', message: { key: 'cancelRequested' } });
    expect(await systemLog(queued.job_instance_no)).toEqual([
      'Stop requested by admin-a',
      'Run requested by admin-a',
    ]);
    // A worker's claim ends the cancelled run before it starts.
    const worker = await h.startWorker();
    try {
      expect((await h.waitForEnd(queued.job_instance_no)).state).toBe('STOPPED');
    } finally {
      await worker.stop();
    }
    await expectRefusal(scheduling().cancelRun('A', 'SUSP-1', queued.job_instance_no, 'admin-a'), {
      kind: 'conflict',
      key: 'runEnded',
    });
  });

  it('pauses and resumes a trigger, each only from the state it expects', async () => {
    const { trigger_id } = await trigger('CRON-1');
    const paused = await scheduling().pauseTrigger(trigger_id, 'admin-a');
    expect(paused.state).toBe('PAUSED');
    expect(await trigger('CRON-1')).toMatchObject({ state: 'PAUSED', paused_by: 'admin-a' });
    await expectRefusal(scheduling().pauseTrigger(trigger_id, 'admin-a'), {
      kind: 'conflict',
      key: 'triggerNotRunning',
    });
    const resumed = await scheduling().resumeTrigger(trigger_id);
    expect(resumed).toMatchObject({ state: 'WAITING', next_fire: expect.stringMatching(/12:00:00/) });
    expect(await trigger('CRON-1')).toMatchObject({ state: 'WAITING', paused_by: null });
    await expectRefusal(scheduling().resumeTrigger(trigger_id), {
      kind: 'conflict',
      key: 'triggerNotPaused',
    });
    await expectRefusal(scheduling().pauseTrigger('no-such-trigger', 'admin-a'), {
      kind: 'not_found',
      key: 'triggerNotFound',
    });
  });

  it("rebuilds the triggers of one job or of a whole company, and shows each company's own", async () => {
    await h.db.kysely.deleteFrom('triggers').where('owner_id', '=', 'CRON-1').execute();
    expect((await scheduling().reschedule('A', 'CRON-1')).job_count).toBe(1);
    expect((await trigger('CRON-1')).expression).toBe('0 0 12 * * ?');
    expect((await scheduling().reschedule('A', undefined)).job_count).toBe(3);
    await expectRefusal(scheduling().reschedule('A', 'RUN-B'), { kind: 'not_found', key: 'jobNotFound' });
    expect((await scheduling().quartzRows(['B'])).map((r) => r.jobName)).toEqual([]);
    expect((await scheduling().quartzRows(['A'])).map((r) => r.jobName).sort()).toEqual(['CRON-1', 'SUSP-1']);
  });
});
