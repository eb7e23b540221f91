import { describe, expect, it } from 'vitest';
import type { DmsServerWrite } from '@lis/contracts';
import { expectRefusal, useServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const server = (over: Partial<DmsServerWrite> = {}): DmsServerWrite => ({
  companycode: 'A',
  dms_serverid: 'dms-1',
  dms_url: 'http://127.0.0.1:9/dms',
  dms_token: 'Dms-Token-1',
  ...over,
});

describe.each(DATABASE_KINDS)('DmsServerService on %s', (kind) => {
  const h = useServiceHarness(kind);
  const list = async (username: string, query: Parameters<typeof h.services.dmsServers.list>[1] = {}) =>
    (await h.services.dmsServers.list(await h.identity(username), query)).result_list;

  it('adds a server with its token sealed, and one without a URL or token (neither is required)', async () => {
    const audit = await h.services.dmsServers.save(server(), 'add', 'admin-a');
    expect(audit).toMatchObject({ before: undefined, token_changed: true });
    await h.services.dmsServers.save({ companycode: 'A', dms_serverid: 'bare' }, 'add', 'admin-a');
    const rows = await list('admin-a');
    expect(rows).toEqual([
      expect.objectContaining({ dms_serverid: 'bare', dms_url: '', has_token: false }),
      expect.objectContaining({ dms_serverid: 'dms-1', dms_url: 'http://127.0.0.1:9/dms', has_token: true }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('Dms-Token-1');
  });

  it('refuses an unknown company and a second add of the same id', async () => {
    await expectRefusal(h.services.dmsServers.save(server({ companycode: 'NOPE' }), 'add', 'root'), {
      kind: 'invalid',
      key: 'unknownCompany',
    });
    await expectRefusal(h.services.dmsServers.save(server(), 'add', 'admin-a'), {
      kind: 'conflict',
      key: 'dmsServerDuplicate',
      params: { id: 'dms-1', company: 'A' },
    });
  });

  it('an edit keeps the URL and token it is not given; a new URL needs the token again', async () => {
    await h.services.dmsServers.save(server({ dms_serverid: 'edit-1' }), 'add', 'admin-a');
    const kept = await h.services.dmsServers.save(
      { companycode: 'A', dms_serverid: 'edit-1', dms_token: '' },
      'edit',
      'admin-a',
    );
    expect(kept).toMatchObject({ token_changed: false, after: { dms_url: 'http://127.0.0.1:9/dms' } });
    await expectRefusal(
      h.services.dmsServers.save(
        server({ dms_serverid: 'edit-1', dms_url: 'http://127.0.0.1:10/dms', dms_token: '' }),
        'edit',
        'a',
      ),
      { kind: 'invalid', key: 'dmsTokenAgain' },
    );
    await h.services.dmsServers.save(
      server({ dms_serverid: 'edit-1', dms_url: 'http://127.0.0.1:10/dms' }),
      'edit',
      'a',
    );
    expect(await list('admin-a', { dms_serverid: 'edit-1' })).toEqual([
      expect.objectContaining({ dms_url: 'http://127.0.0.1:10/dms', has_token: true }),
    ]);
    await expectRefusal(h.services.dmsServers.save(server({ dms_serverid: 'none' }), 'edit', 'admin-a'), {
      kind: 'not_found',
      key: 'dmsServerNotFound',
    });
  });

  it('keeps each company to its own servers: lists, lookups and deletes', async () => {
    await h.services.dmsServers.save(server({ companycode: 'B', dms_serverid: 'dms-b' }), 'add', 'admin-b');
    const ids = async (username: string) =>
      (await list(username)).map((r) => `${r.companycode}/${r.dms_serverid}`);
    expect(await ids('admin-b')).toEqual(['B/dms-b']);
    expect(await ids('admin-a')).not.toContain('B/dms-b');
    expect(await ids('root')).toContain('B/dms-b');
    await expectRefusal(list('admin-a', { dms_serverid: 'dms-b' }), {
      kind: 'not_found',
      key: 'dmsServerNotFound',
    });
    await expectRefusal(h.services.dmsServers.delete('A', 'dms-b'), {
      kind: 'not_found',
      key: 'dmsServerNotFound',
    });
    expect(await h.services.dmsServers.delete('B', 'dms-b')).toMatchObject({
      before: { dms_serverid: 'dms-b' },
    });
    expect(await ids('admin-b')).toEqual([]);
  });
});
