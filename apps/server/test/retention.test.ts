import { DEFAULT_RETENTION } from '@lis/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../src/engine/retention/retention-sweep.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';

const URL = '/v1/settings/retention';

/** Decision 0022: the retention settings and the sweep by hand, super_admin only. */
describe.each(DATABASE_KINDS)('retention settings (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  /** An ended run of company A queued `ageDays` before the app's clock. */
  const seedRun = async (id: string, ageDays: number) => {
    const at = t.clock.now() - ageDays * DAY_MS;
    await t.database.db.kysely
      .insertInto('job_runs')
      .values({
        id,
        job_instance_no: `JOB-${id}`,
        owner_kind: 'job',
        company_code: 'A',
        legacy_id: 'JOB',
        kind: 'manual',
        trigger_id: null,
        scheduled_at: null,
        parent_run_id: null,
        state: 'FINISHED',
        queued_at: at,
        started_at: at,
        finished_at: at + 1000,
        wait_until: null,
        lease_owner: null,
        lease_until: null,
        attempt: 1,
        requested_by: 'root',
        cancel_requested_by: null,
        message: null,
        send_email_status: null,
      })
      .execute();
  };
  const runIds = async () =>
    (await t.database.db.kysely.selectFrom('job_runs').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );

  it('answers the defaults before anything is saved, and nothing of it to admins or users', async () => {
    const response = await t.as('root', { url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      settings: DEFAULT_RETENTION,
      defaults: DEFAULT_RETENTION,
      last_sweep: null,
    });
    for (const who of ['admin-a', 'user-a']) {
      expect((await t.as(who, { url: URL })).statusCode, who).toBe(403);
      const put = await t.as(who, { method: 'PUT', url: URL, payload: DEFAULT_RETENTION });
      expect(put.statusCode, who).toBe(403);
      expect((await t.as(who, { method: 'POST', url: `${URL}/sweep` })).statusCode, who).toBe(403);
    }
  });

  it('refuses days out of range, unknown fields and missing ones', async () => {
    for (const payload of [
      { ...DEFAULT_RETENTION, runs_days: -1 },
      { ...DEFAULT_RETENTION, backups_days: 3651 },
      { ...DEFAULT_RETENTION, mails_days: 1.5 },
      { ...DEFAULT_RETENTION, extra: 1 },
      { runs_days: 10 },
    ]) {
      const response = await t.as('root', { method: 'PUT', url: URL, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.as('root', { url: URL })).json().settings).toEqual(DEFAULT_RETENTION);
  });

  it('saves the days (audited), and the sweep by hand applies them and reports its counts', async () => {
    await seedRun('r-old', 20);
    await seedRun('r-new', 5);
    const settings = { runs_days: 10, logs_days: 10, backups_days: 3, mails_days: 7, demo_days: 1 };
    const saved = await t.as('root', { method: 'PUT', url: URL, payload: settings });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual(settings);
    // The audit trail writes after the answer is sent.
    const audit = await vi.waitFor(async () => {
      const rows = await t.database.db.kysely
        .selectFrom('audit_log')
        .select(['username', 'target', 'details'])
        .where('route', '=', URL)
        .where('status_code', '=', 200)
        .execute();
      if (rows.length === 0) throw new Error('no audit row yet');
      return rows;
    });
    expect(audit).toEqual([{ username: 'root', target: 'retention', details: JSON.stringify(settings) }]);

    const swept = await t.as('root', { method: 'POST', url: `${URL}/sweep` });
    expect(swept.statusCode).toBe(200);
    expect(swept.json()).toMatchObject({ ran: true, counts: { runs: 1 } });
    expect(swept.json().message).toContain('1 runs');
    expect(await runIds()).toEqual(['r-new']);
    const after = (await t.as('root', { url: URL })).json();
    expect(after.settings).toEqual(settings);
    expect(after.last_sweep.counts.runs).toBe(1);
  });

  it('answers that another node is sweeping while one holds the lease', async () => {
    await seedRun('r-older', 30);
    const held = { owner: 'other-node', lease_until: Date.now() + 60_000 };
    await t.database.db.kysely
      .insertInto('maintenance_leases')
      .values({ name: 'retention', ...held })
      .onConflict((oc) => oc.column('name').doUpdateSet(held))
      .execute();
    const busy = await t.as('root', {
      method: 'POST',
      url: `${URL}/sweep`,
      headers: { 'accept-language': 'th' },
    });
    expect(busy.statusCode).toBe(200);
    expect(busy.json()).toEqual({
      ran: false,
      counts: null,
      message: 'มีโหนดอื่นกำลังลบข้อมูลอยู่ กรุณาลองใหม่ภายหลัง',
    });
    expect(await runIds()).toContain('r-older');
  });
});
