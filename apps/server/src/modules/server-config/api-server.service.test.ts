import { describe, expect, it } from 'vitest';
import type { ApiServerWrite } from '@lis/contracts';
import { expectRefusal, useServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const server = (over: Partial<ApiServerWrite> = {}): ApiServerWrite => ({
  companycode: 'A',
  api_serverid: 'fapp-1',
  api_url_callfunction: 'http://127.0.0.1:9/api',
  api_username: 'fapp',
  api_password: 'Secret-Pw-1',
  ...over,
});

describe.each(DATABASE_KINDS)('ApiServerService on %s', (kind) => {
  const h = useServiceHarness(kind);
  const list = async (username: string, query: Parameters<typeof h.services.apiServers.list>[1] = {}) =>
    h.services.apiServers.list(await h.identity(username), query);

  it('adds a server whose password is sealed: the list says has_password, the stored one opens', async () => {
    const audit = await h.services.apiServers.save(server(), 'add', 'admin-a');
    expect(audit).toMatchObject({ before: undefined, password_changed: true });
    expect(JSON.stringify(audit)).not.toContain('Secret-Pw-1');
    const { result_list } = await list('admin-a', { api_server_id: 'fapp-1' });
    expect(result_list).toEqual([
      expect.objectContaining({
        companycode: 'A',
        api_serverid: 'fapp-1',
        has_password: true,
        api_timeout_seconds: 120,
      }),
    ]);
    expect(JSON.stringify(result_list)).not.toContain('Secret-Pw-1');
    expect((await h.services.connectionTests.storedApiTarget('A', 'fapp-1')).password).toBe('Secret-Pw-1');
  });

  it('refuses an add without a password, to an unknown company, and a second add of the same id', async () => {
    await expectRefusal(
      h.services.apiServers.save(server({ api_serverid: 'p', api_password: '' }), 'add', 'x'),
      {
        kind: 'invalid',
        key: 'apiServerRequired',
      },
    );
    await expectRefusal(h.services.apiServers.save(server({ companycode: 'NOPE' }), 'add', 'root'), {
      kind: 'invalid',
      key: 'unknownCompany',
      params: { company: 'NOPE' },
    });
    await expectRefusal(h.services.apiServers.save(server(), 'add', 'admin-a'), {
      kind: 'conflict',
      key: 'apiServerDuplicate',
    });
  });

  it('an edit keeps the stored password and timeout, unless the address changes without a new one', async () => {
    await h.services.apiServers.save(
      server({ api_serverid: 'edit-1', api_timeout_seconds: 30 }),
      'add',
      'admin-a',
    );
    const kept = await h.services.apiServers.save(
      server({
        api_serverid: 'edit-1',
        api_password: '',
        api_timeout_seconds: undefined,
        api_username: 'fapp',
      }),
      'edit',
      'admin-a',
    );
    expect(kept.password_changed).toBe(false);
    expect((await list('admin-a', { api_server_id: 'edit-1' })).result_list[0]?.api_timeout_seconds).toBe(30);
    expect((await h.services.connectionTests.storedApiTarget('A', 'edit-1')).password).toBe('Secret-Pw-1');

    const moved = server({ api_serverid: 'edit-1', api_url_callfunction: 'http://127.0.0.1:10/api' });
    await expectRefusal(h.services.apiServers.save({ ...moved, api_password: '' }, 'edit', 'admin-a'), {
      kind: 'invalid',
      key: 'apiPasswordAgain',
    });
    await h.services.apiServers.save({ ...moved, api_password: 'New-Pw-2' }, 'edit', 'admin-a');
    expect(await h.services.connectionTests.storedApiTarget('A', 'edit-1')).toEqual({
      url: 'http://127.0.0.1:10/api',
      username: 'fapp',
      password: 'New-Pw-2',
    });
    await expectRefusal(h.services.apiServers.save(server({ api_serverid: 'none' }), 'edit', 'admin-a'), {
      kind: 'not_found',
      key: 'apiServerNotFound',
    });
  });

  it('keeps each company to its own servers: lists, lookups and deletes', async () => {
    await h.services.apiServers.save(server({ companycode: 'B', api_serverid: 'fapp-b' }), 'add', 'admin-b');
    const ids = async (username: string) =>
      (await list(username)).result_list.map((row) => `${row.companycode}/${row.api_serverid}`).sort();
    expect(await ids('admin-a')).not.toContain('B/fapp-b');
    expect(await ids('admin-b')).toEqual(['B/fapp-b']);
    expect(await ids('root')).toEqual(expect.arrayContaining(['A/fapp-1', 'B/fapp-b']));
    // A user (not admin) of A sees no server at all; an admin of A naming B sees nothing of B.
    expect(await ids('user-a')).toEqual([]);
    await expectRefusal(list('admin-a', { api_server_id: 'fapp-b' }), {
      kind: 'not_found',
      key: 'apiServerNotFound',
    });
    expect((await list('admin-a', { company_code: 'B' })).total_count).toBe(0);

    await expectRefusal(h.services.apiServers.delete('A', 'fapp-b'), {
      kind: 'not_found',
      key: 'apiServerNotFound',
    });
    expect(await ids('admin-b')).toEqual(['B/fapp-b']);
    expect(await h.services.apiServers.delete('B', 'fapp-b')).toMatchObject({
      before: { api_serverid: 'fapp-b' },
    });
    expect(await ids('admin-b')).toEqual([]);
  });
});
