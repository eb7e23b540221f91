import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertSink } from '../src/composition/alerts.js';
import { createRepositories } from '../src/composition/repositories.js';
import { inWriteTransaction } from '../src/db/write-transaction.js';
import { anAlert } from '../src/modules/alerts/alerts-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * Alerts over HTTP (issue 35): the list (filters, paging, the caller's companies only), acknowledging
 * (any role of the alert's company; once), the header's summary, and `/metrics`.
 */
interface Listed {
  event_id: string;
  company_code: string;
  condition: string;
  legacy_id: string | null;
  state: string;
}
const codeOf = (r: { json(): unknown }) => (r.json() as { code: string }).code;

describe.each(DATABASE_KINDS)('alerts API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LIS_METRICS_PUBLIC: 'false' });
    await withStandardUsers(t);
    const { alertConfigs } = createRepositories(t.database.db);
    for (const company of ['A', 'B']) {
      await alertConfigs.insertChannel({
        company_code: company,
        name: 'OPS',
        kind: 'email',
        language: 'en',
        enabled: 1,
        recipients: '["ops@example.test"]',
        url_enc: null,
        url_masked: '',
        secret_enc: null,
        created_at: 0,
        updated_at: 0,
        updated_by: null,
      });
      await alertConfigs.insertRule({
        company_code: company,
        name: 'ALL',
        enabled: 1,
        conditions: '["RUN_ERROR","RUN_STOPPED","MISSING"]',
        jobs: '[]',
        channels: '["OPS"]',
        escalate_after_minutes: null,
        escalate_to: null,
        created_at: 0,
        updated_at: 0,
        updated_by: null,
      });
    }
    const sink = createAlertSink(t.database.db, (error) => {
      throw error;
    });
    const raise = (alert: Parameters<typeof anAlert>[0]) =>
      inWriteTransaction(t.database.db, (scope) => sink.raise(scope, anAlert(alert)));
    await raise({ subject: 'A_JOB1_1', jobInstanceNo: 'A_JOB1_1' });
    await raise({ subject: 'A_JOB1_2', jobInstanceNo: 'A_JOB1_2', condition: 'RUN_STOPPED' });
    await raise({ subject: 'A_JOB2_1', jobInstanceNo: 'A_JOB2_1', legacyId: 'JOB2' });
    await raise({
      subject: 'JOB2|2026-11-21',
      condition: 'MISSING',
      legacyId: 'JOB2',
      jobInstanceNo: null,
      businessDay: '2026-11-21',
    });
    await raise({ companyCode: 'B', subject: 'B_JOB1_1', jobInstanceNo: 'B_JOB1_1' });
  });
  afterAll(() => t.close());

  const list = async (username: string, query = '') => {
    const r = await t.as(username, { url: `/v1/alerts${query}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { result_list: Listed[]; total_count: number };
  };

  it('lists the alerts of the caller’s companies, newest first, with filters and paging', async () => {
    expect((await list('user-a')).total_count).toBe(4);
    expect((await list('user-b')).result_list.map((a) => a.company_code)).toEqual(['B']);
    expect((await list('root')).total_count).toBe(5);
    expect((await list('user-a', '?condition=RUN_STOPPED')).result_list.map((a) => a.condition)).toEqual([
      'RUN_STOPPED',
    ]);
    expect((await list('user-a', '?legacy_id=JOB2')).total_count).toBe(2);
    const page = await list('user-a', '?page=2&page_size=3');
    expect(page).toMatchObject({ total_count: 4 });
    expect(page.result_list).toHaveLength(1);
    expect(
      (await list('user-a', '?from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00%2B07:00')).total_count,
    ).toBe(0);
    const bad = await t.as('user-a', { url: '/v1/alerts?from=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('ALERT_LIST_INVALID');
    expect(codeOf(await t.as('user-b', { url: '/v1/alerts?company_code=A' }))).toBe('COMPANY_FORBIDDEN');
  });

  it('lets any role of the company acknowledge an open alert once; no other company', async () => {
    const [target] = (await list('user-a', '?condition=MISSING')).result_list;
    if (!target) throw new Error('no MISSING alert');
    const ack = (username: string, eventId = target.event_id) =>
      t.as(username, {
        method: 'POST',
        url: '/v1/alerts/acknowledge',
        payload: { event_id: eventId, comment: 'partner phoned: file comes at 11:00' },
      });
    // Another company's alert is not found, exactly as an unknown one: its existence is not told.
    const foreign = await ack('user-b');
    const unknown = await ack('user-a', 'no-such-event');
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'ALERT_NOT_FOUND']);
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'ALERT_NOT_FOUND']);
    const done = await ack('user-a');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      event_id: target.event_id,
      state: 'acknowledged',
      acknowledged_by: 'user-a',
      comment: 'partner phoned: file comes at 11:00',
      business_day: '2026-11-21',
      deliveries: [],
    });
    const again = await ack('admin-a');
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ALERT_NOT_OPEN');
    expect((await list('user-a', '?state=acknowledged')).result_list.map((a) => a.event_id)).toEqual([
      target.event_id,
    ]);
  });

  it('counts the open alerts for the header’s badge, per condition', async () => {
    const summary = async (username: string, query = '') =>
      (await t.as(username, { url: `/v1/alerts/summary${query}` })).json() as unknown;
    expect(await summary('user-a')).toEqual({ open: 3, by_condition: { RUN_ERROR: 2, RUN_STOPPED: 1 } });
    expect(await summary('user-b')).toEqual({ open: 1, by_condition: { RUN_ERROR: 1 } });
    expect(await summary('root', '?company_code=B')).toEqual({ open: 1, by_condition: { RUN_ERROR: 1 } });
    expect(codeOf(await t.as('user-a', { url: '/v1/alerts/summary?company_code=B' }))).toBe(
      'COMPANY_FORBIDDEN',
    );
  });

  it('reports raised, delivered and open alerts at /metrics', async () => {
    const r = await t.as('root', { url: '/metrics' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('lis_alerts_raised_total{condition="RUN_ERROR"} 3');
    expect(r.body).toContain('lis_alerts_raised_total{condition="MISSING"} 1');
    expect(r.body).toContain('lis_alerts_raised_total{condition="LATE"} 0');
    expect(r.body).toContain('lis_alert_deliveries_total{kind="webhook",outcome="delivered"} 0');
    expect(r.body).toContain('lis_alerts_open 4');
  });
});
