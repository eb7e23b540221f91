import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const OUTAGE = Date.parse('2026-11-21T02:50:00Z');

/**
 * What the connection checks found, over HTTP (issue 35, decision 0049): an administrator reads their
 * companies' servers of one kind — the last error in their language —, nobody else's; /metrics counts
 * them by kind and state.
 */
describe.each(DATABASE_KINDS)('GET /v1/config/server-reachability on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    const row = (
      company: string,
      kindOf: 'api' | 'sftp',
      id: string,
      state: 'REACHABLE' | 'UNREACHABLE' | null,
    ) => ({
      kind: kindOf,
      company_code: company,
      server_id: id,
      state,
      since: state === null ? null : OUTAGE,
      failures: state === 'REACHABLE' ? 0 : 2,
      failing_since: state === 'REACHABLE' ? null : OUTAGE,
      checked_at: OUTAGE + 300_000,
      last_error:
        state === 'REACHABLE'
          ? null
          : JSON.stringify({
              key: 'sftpTestCannotConnect',
              params: { host: '10.0.0.5', port: 22, seconds: 10 },
            }),
      version: 2,
    });
    await t.database.db.kysely
      .insertInto('server_checks')
      .values([
        row('A', 'sftp', 'SFTP01', 'UNREACHABLE'),
        row('A', 'sftp', 'SFTP02', 'REACHABLE'),
        row('A', 'api', 'FAPP01', 'REACHABLE'),
        row('B', 'sftp', 'B-SFTP', null),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const get = (username: string, query: string, language = 'en') =>
    t.as(username, {
      url: `/v1/config/server-reachability?${query}`,
      headers: { 'accept-language': language },
    });

  it("answers an administrator their companies' servers of the kind, the last error in their language", async () => {
    const r = await get('admin-a', 'kind=sftp');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as { result_list: Record<string, unknown>[]; check_interval_seconds: number };
    expect(body.result_list).toEqual([
      {
        kind: 'sftp',
        company_code: 'A',
        server_id: 'SFTP01',
        state: 'UNREACHABLE',
        since: '2026-11-21T02:50:00.000Z',
        checked_at: '2026-11-21T02:55:00.000Z',
        failures: 2,
        last_error:
          'Test sFTP failed: cannot connect to 10.0.0.5:22 (refused, unreachable or no answer within 10 seconds)',
      },
      expect.objectContaining({ server_id: 'SFTP02', state: 'REACHABLE', last_error: null }),
    ]);
    const thai = (await get('admin-a', 'kind=sftp', 'th')).json() as {
      result_list: { last_error: string }[];
    };
    expect(thai.result_list[0]?.last_error).toContain('เชื่อมต่อ 10.0.0.5:22 ไม่ได้');
    const api = (await get('admin-a', 'kind=api&company_code=A')).json() as { result_list: unknown[] };
    expect(api.result_list).toEqual([expect.objectContaining({ server_id: 'FAPP01', state: 'REACHABLE' })]);
    const root = (await get('root', 'kind=sftp')).json() as {
      result_list: { server_id: string; state: string }[];
    };
    expect(root.result_list.map((row) => [row.server_id, row.state])).toEqual([
      ['SFTP01', 'UNREACHABLE'],
      ['SFTP02', 'REACHABLE'],
      ['B-SFTP', 'UNKNOWN'],
    ]);
  });

  it("refuses users, other companies' administrators and a kind it does not check", async () => {
    expect((await get('user-a', 'kind=sftp')).statusCode).toBe(403);
    expect((await get('admin-b', 'kind=sftp&company_code=A')).statusCode).toBe(403);
    const own = (await get('admin-b', 'kind=sftp')).json() as { result_list: { company_code: string }[] };
    expect(own.result_list.map((row) => row.company_code)).toEqual(['B']);
    const dms = await get('admin-a', 'kind=dms');
    expect([dms.statusCode, (dms.json() as { code: string }).code]).toEqual([400, 'REQUEST_INVALID']);
    expect((await t.app.inject({ url: '/v1/config/server-reachability?kind=sftp' })).statusCode).toBe(401);
  });

  it('names the server of a SERVER_UNREACHABLE alert in the alerts list', async () => {
    await t.database.db.kysely
      .insertInto('alerts')
      .values({
        event_id: 'ev-server-down',
        company_code: 'A',
        condition: 'SERVER_UNREACHABLE',
        subject: `sftp|SFTP01|${new Date(OUTAGE).toISOString()}`,
        legacy_id: null,
        job_instance_no: null,
        business_day: null,
        deadline_at: null,
        occurred_at: OUTAGE,
        raised_at: OUTAGE + 300_000,
        state: 'open',
        acknowledged_by: null,
        acknowledged_at: null,
        comment: null,
        resolved_at: null,
        escalated_at: null,
      })
      .execute();
    const r = await t.as('user-a', { url: '/v1/alerts?condition=SERVER_UNREACHABLE' });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as { result_list: unknown[] }).result_list).toEqual([
      expect.objectContaining({
        event_id: 'ev-server-down',
        legacy_id: null,
        server: { kind: 'sftp', server_id: 'SFTP01' },
      }),
    ]);
  });

  it('counts the servers by kind and state on /metrics', async () => {
    const text = (await t.as('root', { url: '/metrics' })).body;
    expect(text).toContain('# TYPE lis_servers gauge');
    expect(text).toContain('lis_servers{kind="sftp",state="unreachable"} 1');
    expect(text).toContain('lis_servers{kind="sftp",state="reachable"} 1');
    expect(text).toContain('lis_servers{kind="sftp",state="unknown"} 1');
    expect(text).toContain('lis_servers{kind="api",state="reachable"} 1');
    expect(text).toContain('lis_servers{kind="api",state="unreachable"} 0');
  });
});
