import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syncTriggers } from '../src/engine/scheduler/trigger-sync.js';
import { metrics, MetricsRegistry } from '../src/http/metrics/metrics-registry.js';
import { schedulerMetricsRecorder } from '../src/http/metrics/scheduler-recorder.js';
import { formatQuartzTime } from '../src/modules/scheduling/quartz-time.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const TZ = 'Asia/Bangkok';

async function addJob(t: TestApp, company: string, legacyId: string, cron: string): Promise<void> {
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
      has_suspend: 'N',
      stopif_step4_error: 'N',
      criteria_stopif_mainstatus_warning: 'Y',
      cron_trigger: cron,
      legacy_criteria: '',
      overlap_policy: 'skip',
      misfire_policy: 'fire_once_now',
      created_at: now,
      updated_at: now,
      updated_by: null,
    })
    .execute();
  await syncTriggers(
    t.context.db,
    { kind: 'job', companyCode: company, ownerId: legacyId },
    { timeZone: TZ },
  );
}

const trigger = (t: TestApp, id: string) =>
  t.context.db.kysely.selectFrom('triggers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('quartz time format', () => {
  it('is dd-mm-yyyy hh:mm:ss in the configured zone, empty for none', () => {
    expect(formatQuartzTime(Date.UTC(2026, 10, 30, 3, 15, 7), TZ)).toBe('30-11-2026 10:15:07');
    expect(formatQuartzTime(Date.UTC(2026, 0, 1, 17, 0, 0), TZ)).toBe('02-01-2026 00:00:00');
    expect(formatQuartzTime(Date.UTC(2026, 0, 1, 17, 0, 0), 'UTC')).toBe('01-01-2026 17:00:00');
    expect(formatQuartzTime(null, TZ)).toBe('');
  });
});

describe.each(DATABASE_KINDS)('Quartz Monitor API (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    await addJob(t, 'A', 'QA1', '0 15 10 * * ?|not valid');
    await addJob(t, 'A', 'QA2', '0 0 0 1 1 ? 2020'); // never fires again: COMPLETE
    await addJob(t, 'B', 'QB1', '0 0 12 * * ?');
  });
  afterAll(() => t.close());

  it('lists the triggers of the caller’s companies as Quartz rows', async () => {
    await t.context.db.kysely
      .updateTable('triggers')
      .set({ prev_fire_at: Date.UTC(2026, 10, 20, 3, 15, 0), next_fire_at: Date.UTC(2026, 10, 21, 3, 15, 0) })
      .where('id', '=', 'job|A|QA1|0')
      .execute();
    const response = await t.as('user-a', { url: '/v1/lis-server/quartz?sid=555' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total_count).toBe(3);
    expect(body.result_list[0]).toEqual({
      legacy_name: 'Name of QA1',
      jobGroup: '555|A',
      jobName: 'QA1',
      previous_fire: '20-11-2026 10:15:00',
      next_fire: '21-11-2026 10:15:00',
      is_completed: false,
      trigger_id: 'job|A|QA1|0',
      owner_kind: 'job',
      expression: '0 15 10 * * ?',
      state: 'WAITING',
      paused_by: null,
      suspended: false,
      inactive: false,
    });
    const byId = new Map(body.result_list.map((r: { trigger_id: string }) => [r.trigger_id, r]));
    expect(byId.get('job|A|QA1|1')).toMatchObject({
      state: 'ERROR',
      next_fire: '',
      previous_fire: '',
      is_completed: false,
    });
    expect(byId.get('job|A|QA2|0')).toMatchObject({ state: 'COMPLETE', is_completed: true, next_fire: '' });
    expect(byId.has('job|B|QB1|0')).toBe(false);
  });

  it('says which jobs are suspended or switched off (issue 17)', async () => {
    const db = t.context.db.kysely;
    const flags = async (suspend: 'Y' | 'N', active: 'Y' | 'N') =>
      db
        .updateTable('job_configs')
        .set({ has_suspend: suspend, is_active: active })
        .where('legacy_id', '=', 'QA2')
        .execute();
    try {
      await flags('Y', 'Y');
      const row = async () =>
        (await t.as('user-a', { url: '/v1/lis-server/quartz?sid=555' }))
          .json()
          .result_list.find((r: { trigger_id: string }) => r.trigger_id === 'job|A|QA2|0');
      expect(await row()).toMatchObject({ suspended: true, inactive: false });
      await flags('N', 'N');
      expect(await row()).toMatchObject({ suspended: false, inactive: true });
    } finally {
      await flags('N', 'Y');
    }
  });

  it('shows everything to a user of every company, one company when asked, and refuses another company', async () => {
    const all = await t.as('root', { url: '/v1/lis-server/quartz' });
    expect(all.json().total_count).toBe(4);
    const onlyB = await t.as('root', { url: '/v1/lis-server/quartz?company_code=B' });
    expect(onlyB.json().result_list.map((r: { jobGroup: string }) => r.jobGroup)).toEqual(['555|B']);
    const refused = await t.as('user-a', { url: '/v1/lis-server/quartz?company_code=B' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You have no access to company B');
    expect((await t.app.inject({ url: '/v1/lis-server/quartz' })).statusCode).toBe(401);
  });

  describe('pause and resume', () => {
    const pause = (who: string, payload: object) =>
      t.as(who, { method: 'POST', url: '/v1/lis-server/quartz/pause', payload });
    const resume = (who: string, payload: object) =>
      t.as(who, { method: 'POST', url: '/v1/lis-server/quartz/resume', payload });
    const auditOf = (route: string, count: number) =>
      vi.waitFor(async () => {
        const rows = await t.context.db.kysely
          .selectFrom('audit_log')
          .selectAll()
          .where('route', '=', route)
          .orderBy('seq')
          .execute();
        if (rows.length < count) throw new Error('audit not written yet');
        return rows;
      });

    it('lets an admin of the company pause a trigger and resume it from now, audited', async () => {
      let wakeUps = 0;
      const stop = t.context.signal.subscribe(() => wakeUps++);
      const id = 'job|A|QA1|0';
      const paused = await pause('admin-a', { trigger_id: id, company_code: 'A' });
      expect(paused.statusCode).toBe(200);
      expect(paused.json().state).toBe('PAUSED');
      expect(await trigger(t, id)).toMatchObject({ state: 'PAUSED', paused_by: 'admin-a' });
      const list = await t.as('user-a', { url: '/v1/lis-server/quartz' });
      expect(list.json().result_list[0]).toMatchObject({ state: 'PAUSED', paused_by: 'admin-a' });

      expect((await pause('admin-a', { trigger_id: id })).statusCode).toBe(409);

      // The paused trigger's old time is long gone: resume takes the first time after now.
      await t.context.db.kysely
        .updateTable('triggers')
        .set({ next_fire_at: 1000 })
        .where('id', '=', id)
        .execute();
      const beforeResume = Date.now();
      const resumed = await resume('admin-a', { trigger_id: id });
      const afterResume = Date.now();
      expect(resumed.statusCode).toBe(200);
      const after = await trigger(t, id);
      expect(after.state).toBe('WAITING');
      expect(after.paused_by).toBeNull();
      // The first time after the resume's now, of a daily expression: within the next day.
      expect(after.next_fire_at).toBeGreaterThanOrEqual(beforeResume);
      expect(after.next_fire_at).toBeLessThanOrEqual(afterResume + 86_400_000);
      expect(resumed.json().next_fire).toBe(formatQuartzTime(after.next_fire_at, TZ));
      expect((await resume('admin-a', { trigger_id: id })).statusCode).toBe(409);
      expect(wakeUps).toBeGreaterThanOrEqual(2);
      stop();

      const audits = await auditOf('/v1/lis-server/quartz/pause', 2);
      expect(audits[0]).toMatchObject({ username: 'admin-a', status_code: 200, target: id, method: 'POST' });
      expect(JSON.parse(audits[0]?.details ?? '{}')).toMatchObject({ before: 'WAITING', after: 'PAUSED' });
      const resumes = await auditOf('/v1/lis-server/quartz/resume', 2);
      expect(resumes[0]).toMatchObject({ username: 'admin-a', status_code: 200, target: id });
    });

    it('refuses a user of the company (403); to an admin of another company the trigger does not exist (404)', async () => {
      const id = 'job|A|QA1|0';
      const byUser = await pause('user-a', { trigger_id: id, company_code: 'A' });
      expect(byUser.statusCode).toBe(403);
      expect((await pause('user-a', { trigger_id: id })).statusCode).toBe(403);
      const byOtherAdmin = await pause('admin-b', { trigger_id: id });
      expect(byOtherAdmin.statusCode).toBe(404);
      expect(byOtherAdmin.json().message).not.toContain('company A');
      expect((await pause('admin-b', { trigger_id: id, company_code: 'A' })).statusCode).toBe(403);
      expect((await resume('admin-b', { trigger_id: id })).statusCode).toBe(404);
      expect((await trigger(t, id)).state).toBe('WAITING');
      expect((await pause('admin-b', { trigger_id: 'job|B|QB1|0' })).statusCode).toBe(200);
      expect((await pause('root', { trigger_id: 'job|A|QA1|0' })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown trigger or one named with the wrong company, 409 for ERROR and COMPLETE', async () => {
      expect((await pause('admin-a', { trigger_id: 'job|A|NOPE|0' })).statusCode).toBe(404);
      expect((await pause('admin-a', { trigger_id: 'job|A|QA2|0', company_code: 'B' })).statusCode).toBe(403);
      expect((await pause('root', { trigger_id: 'job|A|QA2|0', company_code: 'B' })).statusCode).toBe(404);
      expect((await pause('admin-a', { trigger_id: 'job|A|QA2|0' })).statusCode).toBe(409);
      const invalid = await pause('admin-a', { trigger_id: 'job|A|QA1|1' });
      expect(invalid.statusCode).toBe(409);
      expect(invalid.json().message).toContain('ERROR');
    });
  });

  describe('GET /metrics', () => {
    it('is for super_admins, in Prometheus text: fires, lateness, outcomes, queue depth', async () => {
      const now = Date.now();
      const run = (no: string, state: 'QUEUED' | 'FINISHED' | 'ERROR', lateMs: number | null) => ({
        id: crypto.randomUUID(),
        job_instance_no: no,
        owner_kind: 'job' as const,
        company_code: 'A',
        legacy_id: 'QA1',
        kind: lateMs === null ? ('manual' as const) : ('scheduled' as const),
        trigger_id: lateMs === null ? null : 'job|A|QA1|0',
        scheduled_at: lateMs === null ? null : now - 60_000 * Number(no.slice(1)),
        parent_run_id: null,
        state,
        queued_at: lateMs === null ? now : now - 60_000 * Number(no.slice(1)) + lateMs,
        started_at: null,
        finished_at: null,
        wait_until: null,
        lease_owner: null,
        lease_until: null,
        attempt: 0,
        requested_by: null,
        cancel_requested_by: null,
        message: null,
      });
      await t.context.db.kysely
        .insertInto('job_runs')
        .values([
          run('m1', 'FINISHED', 3),
          run('m2', 'ERROR', 40),
          run('m3', 'QUEUED', 2000),
          run('m4', 'QUEUED', null),
        ])
        .execute();
      metrics.counter('lis_test_engine_events_total', 'A counter the engine would record').inc({ kind });

      expect((await t.as('user-a', { url: '/metrics' })).statusCode).toBe(403);
      expect((await t.as('admin-a', { url: '/metrics' })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const response = await t.as('root', { url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      const text = response.body;
      expect(text).toContain('# TYPE lis_scheduler_fires_total counter');
      expect(text).toMatch(/^lis_scheduler_fires_total 3$/m);
      expect(text).toMatch(/^lis_scheduler_fire_lateness_seconds_bucket\{le="0.005"\} 1$/m);
      expect(text).toMatch(/^lis_scheduler_fire_lateness_seconds_bucket\{le="0.05"\} 2$/m);
      expect(text).toMatch(/^lis_scheduler_fire_lateness_seconds_bucket\{le="2.5"\} 3$/m);
      expect(text).toMatch(/^lis_scheduler_fire_lateness_seconds_bucket\{le="\+Inf"\} 3$/m);
      expect(text).toMatch(/^lis_scheduler_fire_lateness_seconds_sum 2.043$/m);
      expect(text).toMatch(/^lis_runs_total\{outcome="FINISHED"\} 1$/m);
      expect(text).toMatch(/^lis_runs_total\{outcome="ERROR"\} 1$/m);
      expect(text).toMatch(/^lis_queue_depth 2$/m);
      expect(text).toMatch(new RegExp(`^lis_test_engine_events_total\\{kind="${kind}"\\} 1$`, 'm'));
    });

    // The policy does not depend on the database: one app of the embedded kind is enough.
    it.runIf(kind === 'sqlite')('is public when LIS_METRICS_PUBLIC=true', async () => {
      const open = await createTestApp('sqlite', { LIS_METRICS_PUBLIC: 'true' });
      try {
        const response = await open.app.inject({ url: '/metrics' });
        expect(response.statusCode).toBe(200);
        expect(response.body).toMatch(/^lis_queue_depth 0$/m);
      } finally {
        await open.close();
      }
    });
  });
});

describe('the scheduler loop’s recorder', () => {
  it('counts passes, fires by result, lateness and stuck fires in the registry', () => {
    const registry = new MetricsRegistry();
    const recorder = schedulerMetricsRecorder(registry);
    recorder.passed?.({ triggers: 3, queued: 2, skipped: 1, missed: 0, lateness: [4, 30, 700] });
    recorder.failed?.(new Error('down'));
    recorder.stuck?.([{ triggerId: 'job|A|X|0', companyCode: 'A', dueAt: 0, overdueMs: 200_000 }]);
    const text = registry.render();
    expect(text).toMatch(/^lis_node_scheduler_passes_total 1$/m);
    expect(text).toMatch(/^lis_node_scheduler_pass_failures_total 1$/m);
    expect(text).toMatch(/^lis_node_scheduler_fires_total\{result="queued"\} 2$/m);
    expect(text).toMatch(/^lis_node_scheduler_fires_total\{result="skipped"\} 1$/m);
    expect(text).toMatch(/^lis_node_scheduler_fire_lateness_seconds_bucket\{le="0.005"\} 1$/m);
    expect(text).toMatch(/^lis_node_scheduler_fire_lateness_seconds_bucket\{le="0.05"\} 2$/m);
    expect(text).toMatch(/^lis_node_scheduler_fire_lateness_seconds_count 3$/m);
    expect(text).toMatch(/^lis_node_scheduler_stuck_fires_total 1$/m);
    expect(text).toContain('# TYPE lis_node_scheduler_fire_lateness_seconds histogram');
  });
});
