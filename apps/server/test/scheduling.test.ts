import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncTriggers } from '../src/engine/scheduler/trigger-sync.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';
import type { RunState, YesNo } from '../src/db/schema.js';

const EVERY_MINUTE = '0 * * * * ?';

async function addJob(
  t: TestApp,
  company: string,
  legacyId: string,
  options: { suspended?: YesNo; cron?: string } = {},
): Promise<void> {
  const now = Date.now();
  await t.context.db.kysely
    .insertInto('job_configs')
    .values({
      company_code: company,
      legacy_id: legacyId,
      sid: '555',
      legacy_name: `Name of ${legacyId}`,
      legacy_type: 'IN_WAIT',
      important_job: 'False',
      is_active: 'Y',
      has_suspend: options.suspended ?? 'N',
      stopif_step4_error: 'N',
      criteria_stopif_mainstatus_warning: 'Y',
      cron_trigger: options.cron ?? EVERY_MINUTE,
      legacy_criteria: '',
      overlap_policy: 'skip',
      misfire_policy: 'fire_once_now',
      created_at: now,
      updated_at: now,
      updated_by: null,
    })
    .execute();
}

async function addRun(t: TestApp, company: string, legacyId: string, instanceNo: string, state: RunState) {
  await t.context.db.kysely
    .insertInto('job_runs')
    .values({
      id: crypto.randomUUID(),
      job_instance_no: instanceNo,
      owner_kind: 'job',
      company_code: company,
      legacy_id: legacyId,
      kind: 'scheduled',
      trigger_id: null,
      scheduled_at: null,
      parent_run_id: null,
      state,
      queued_at: Date.now(),
      started_at: null,
      finished_at: null,
      wait_until: null,
      lease_owner: null,
      lease_until: null,
      attempt: 0,
      requested_by: null,
      cancel_requested_by: null,
      message: null,
    })
    .execute();
}

const job = (t: TestApp, company: string, legacyId: string) =>
  t.context.db.kysely
    .selectFrom('job_configs')
    .selectAll()
    .where('company_code', '=', company)
    .where('legacy_id', '=', legacyId)
    .executeTakeFirstOrThrow();

const runsOf = (t: TestApp, legacyId: string) =>
  t.context.db.kysely.selectFrom('job_runs').selectAll().where('legacy_id', '=', legacyId).execute();

/** The audit row is written after the answer is sent: wait until `count` rows are there. */
const auditRows = (t: TestApp, route: string, count = 1) =>
  vi.waitFor(async () => {
    const rows = await t.context.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('route', '=', route)
      .orderBy('seq')
      .execute();
    if (rows.length < count) throw new Error(`${rows.length} audit rows of ${route}`);
    return rows;
  });

describe.each(DATABASE_KINDS)('job control API (%s)', (kind) => {
  let t: TestApp;
  let wakeUps = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    t.context.signal.subscribe(() => wakeUps++);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    wakeUps = 0;
  });

  describe('GET /v1/job/resume', () => {
    const url = (company: string, id: string) =>
      `/v1/job/resume?sid=555&company_code=${company}&legacy_id=${id}`;

    it('lets a user of the company continue a suspended job, syncs its triggers from now, and audits it', async () => {
      await addJob(t, 'A', 'RES1', { suspended: 'Y' });
      // A stale trigger (its time passed while suspended) must not misfire at once after the resume.
      await syncTriggers(
        t.context.db,
        { kind: 'job', companyCode: 'A', ownerId: 'RES1' },
        { timeZone: 'Asia/Bangkok' },
      );
      await t.context.db.kysely
        .updateTable('triggers')
        .set({ next_fire_at: Date.now() - 3_600_000 })
        .where('owner_id', '=', 'RES1')
        .execute();

      const beforeResume = Date.now();
      const response = await t.as('user-a', { url: url('A', 'RES1') });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toContain('RES1');
      expect((await job(t, 'A', 'RES1')).has_suspend).toBe('N');
      expect((await job(t, 'A', 'RES1')).updated_by).toBe('user-a');
      const [trigger] = await t.context.db.kysely
        .selectFrom('triggers')
        .selectAll()
        .where('owner_id', '=', 'RES1')
        .execute();
      expect(trigger?.state).toBe('WAITING');
      // From now: after the moment of the resume (not the stale time an hour ago).
      expect(trigger?.next_fire_at).toBeGreaterThanOrEqual(beforeResume);
      expect(wakeUps).toBeGreaterThan(0);
      const [audit] = await auditRows(t, '/v1/job/resume');
      expect(audit).toMatchObject({
        username: 'user-a',
        method: 'GET',
        status_code: 200,
        company_code: 'A',
        target: 'RES1',
      });
      const log = await t.context.db.kysely
        .selectFrom('system_log')
        .selectAll()
        .where('company_code', '=', 'A')
        .execute();
      expect(log.some((l) => l.message.includes('RES1') && l.message.includes('user-a'))).toBe(true);
    });

    it('answers 409 when the job is not suspended, 404 for an unknown job', async () => {
      await addJob(t, 'A', 'RES2');
      const notSuspended = await t.as('user-a', { url: url('A', 'RES2') });
      expect(notSuspended.statusCode).toBe(409);
      expect(notSuspended.json().message).toContain('RES2');
      expect((await t.as('user-a', { url: url('A', 'NOPE') })).statusCode).toBe(404);
    });

    it('refuses a user of another company with 403 and changes nothing', async () => {
      await addJob(t, 'A', 'RES3', { suspended: 'Y' });
      const response = await t.as('user-b', { url: url('A', 'RES3') });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You have no access to company A');
      expect((await job(t, 'A', 'RES3')).has_suspend).toBe('Y');
      expect((await t.app.inject({ url: url('A', 'RES3') })).statusCode).toBe(401);
      const audits = await auditRows(t, '/v1/job/resume', 2);
      expect(audits.some((a) => a.username === 'user-b' && a.status_code === 403)).toBe(true);
    });
  });

  describe('GET /v1/lis-server/run-immediate', () => {
    const url = (company: string, id: string) =>
      `/v1/lis-server/run-immediate?sid=555&company_code=${company}&legacy_id=${id}&legacy_type=IN_WAIT`;

    it('queues a manual run for a user of the company, wakes the engine and audits it', async () => {
      await addJob(t, 'A', 'RUN1');
      const response = await t.as('user-a', { url: url('A', 'RUN1') });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.job_instance_no).toMatch(/^RUN1_\d{14}_[0-9a-z]{4}$/);
      const runs = await runsOf(t, 'RUN1');
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        job_instance_no: body.job_instance_no,
        kind: 'manual',
        state: 'QUEUED',
        requested_by: 'user-a',
        company_code: 'A',
        owner_kind: 'job',
        trigger_id: null,
      });
      expect(wakeUps).toBeGreaterThan(0);
      const [audit] = await auditRows(t, '/v1/lis-server/run-immediate');
      expect(audit).toMatchObject({
        username: 'user-a',
        status_code: 200,
        target: 'RUN1',
        company_code: 'A',
      });
      expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ job_instance_no: body.job_instance_no });
    });

    it('refuses a second run while one is still queued (409), then allows one once it started', async () => {
      await addJob(t, 'A', 'RUN2');
      expect((await t.as('admin-a', { url: url('A', 'RUN2') })).statusCode).toBe(200);
      expect((await t.as('admin-a', { url: url('A', 'RUN2') })).statusCode).toBe(409);
      await t.context.db.kysely
        .updateTable('job_runs')
        .set({ state: 'FINISHED' })
        .where('legacy_id', '=', 'RUN2')
        .execute();
      const again = await t.as('root', { url: url('A', 'RUN2') });
      expect(again.statusCode).toBe(200);
      const numbers = (await runsOf(t, 'RUN2')).map((r) => r.job_instance_no);
      expect(new Set(numbers).size).toBe(2);
    });

    it('is refused while the job is suspended (409), for an unknown job (404) and out of company (403)', async () => {
      await addJob(t, 'A', 'RUN3', { suspended: 'Y' });
      const suspended = await t.as('user-a', { url: url('A', 'RUN3') });
      expect(suspended.statusCode).toBe(409);
      expect(suspended.json().message).toMatch(/suspended/);
      expect((await t.as('user-a', { url: url('A', 'NOPE') })).statusCode).toBe(404);
      await addJob(t, 'B', 'RUNB');
      expect((await t.as('user-a', { url: url('B', 'RUNB') })).statusCode).toBe(403);
      expect((await t.as('user-b', { url: url('B', 'RUNB') })).statusCode).toBe(200);
      expect(await runsOf(t, 'RUN3')).toHaveLength(0);
    });

    it('answers in Thai when asked', async () => {
      const response = await t.as('user-a', { url: url('A', 'RUN3'), headers: { 'accept-language': 'th' } });
      expect(response.json().message).toContain('ถูกพักไว้');
    });
  });

  describe('POST /v1/lis-server/cancel', () => {
    const url = (company: string, id: string, no: string) =>
      `/v1/lis-server/cancel?sid=555&company_code=${company}&legacy_id=${id}&job_instance_no=${no}`;

    it('asks a queued, waiting or running run to stop and audits it', async () => {
      await addJob(t, 'A', 'CAN1');
      for (const state of ['QUEUED', 'WAITING', 'RUNNING'] as const) {
        await addRun(t, 'A', 'CAN1', `CAN1-${state}`, state);
        const response = await t.as('user-a', { method: 'POST', url: url('A', 'CAN1', `CAN1-${state}`) });
        expect(response.statusCode, state).toBe(200);
      }
      const runs = await runsOf(t, 'CAN1');
      expect(runs.map((r) => r.cancel_requested_by)).toEqual(['user-a', 'user-a', 'user-a']);
      expect(wakeUps).toBeGreaterThanOrEqual(3);
      const audits = await auditRows(t, '/v1/lis-server/cancel', 3);
      expect(audits.filter((a) => a.status_code === 200 && a.username === 'user-a')).toHaveLength(3);
      expect(audits[0]?.target).toBe('CAN1-QUEUED');
    });

    it('answers 409 for an ended run, 404 for an unknown one or one of another job', async () => {
      await addJob(t, 'A', 'CAN2');
      await addRun(t, 'A', 'CAN2', 'CAN2-DONE', 'FINISHED');
      const ended = await t.as('user-a', { method: 'POST', url: url('A', 'CAN2', 'CAN2-DONE') });
      expect(ended.statusCode).toBe(409);
      expect((await runsOf(t, 'CAN2'))[0]?.cancel_requested_by).toBeNull();
      expect((await t.as('user-a', { method: 'POST', url: url('A', 'CAN2', 'NOPE') })).statusCode).toBe(404);
      expect((await t.as('user-a', { method: 'POST', url: url('A', 'CAN1', 'CAN2-DONE') })).statusCode).toBe(
        404,
      );
    });

    it('refuses a user of another company (403) and changes nothing', async () => {
      await addJob(t, 'A', 'CAN3');
      await addRun(t, 'A', 'CAN3', 'CAN3-RUN', 'RUNNING');
      const response = await t.as('user-b', { method: 'POST', url: url('A', 'CAN3', 'CAN3-RUN') });
      expect(response.statusCode).toBe(403);
      expect((await runsOf(t, 'CAN3'))[0]?.cancel_requested_by).toBeNull();
      // Naming one's own company does not reach a run of another company.
      const sneaky = await t.as('user-b', { method: 'POST', url: url('B', 'CAN3', 'CAN3-RUN') });
      expect(sneaky.statusCode).toBe(404);
      expect((await runsOf(t, 'CAN3'))[0]?.cancel_requested_by).toBeNull();
    });
  });

  describe('POST /v1/lis-server/re-scheduler', () => {
    const url = '/v1/lis-server/re-scheduler';
    const triggersOf = (company: string) =>
      t.context.db.kysely
        .selectFrom('triggers')
        .selectAll()
        .where('company_code', '=', company)
        .orderBy('id')
        .execute();

    it('lets an admin of the company rebuild one job, or every job of the company', async () => {
      await addJob(t, 'B', 'RS1', { cron: '0 0 12 * * ?|0 30 12 * * ?' });
      await addJob(t, 'B', 'RS2', { cron: 'not a cron' });
      await t.user('admin-b', [['B', 'admin']]);
      const one = await t.as('admin-b', {
        method: 'POST',
        url,
        payload: { sid: '555', company_code: 'B', legacy_id: 'RS1' },
      });
      expect(one.statusCode).toBe(200);
      expect(one.json().job_count).toBe(1);
      expect((await triggersOf('B')).map((tr) => tr.id)).toEqual(['job|B|RS1|0', 'job|B|RS1|1']);
      const all = await t.as('admin-b', {
        method: 'POST',
        url,
        payload: { sid: '555', company_code: 'B', legacy_id: '' },
      });
      expect(all.statusCode).toBe(200);
      const triggers = await triggersOf('B');
      expect(triggers.map((tr) => [tr.id, tr.state])).toEqual(
        expect.arrayContaining([
          ['job|B|RS1|0', 'WAITING'],
          ['job|B|RS1|1', 'WAITING'],
          ['job|B|RS2|0', 'ERROR'],
        ]),
      );
      expect(wakeUps).toBeGreaterThan(0);
      const audits = await auditRows(t, url, 2);
      expect(audits.map((a) => [a.username, a.status_code, a.target])).toEqual([
        ['admin-b', 200, 'RS1'],
        ['admin-b', 200, '*'],
      ]);
    });

    it('refuses a user (403) and an admin of another company (403); 404 for an unknown job', async () => {
      const payload = { sid: '555', company_code: 'B', legacy_id: 'RS1' };
      expect((await t.as('user-b', { method: 'POST', url, payload })).statusCode).toBe(403);
      expect((await t.as('admin-a', { method: 'POST', url, payload })).statusCode).toBe(403);
      const unknown = await t.as('admin-a', {
        method: 'POST',
        url,
        payload: { company_code: 'A', legacy_id: 'NOPE' },
      });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
