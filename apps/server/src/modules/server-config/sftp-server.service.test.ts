import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SftpServerWrite } from '@lis/contracts';
import { expectRefusal, useServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const PRIVATE_KEY = crypto
  .generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();

const server = (over: Partial<SftpServerWrite> = {}): SftpServerWrite => ({
  companycode: 'A',
  sftp_server_id: 'sftp-1',
  sftp_ip: '127.0.0.1',
  sftp_username: 'partner',
  sftp_password: 'Sftp-Pw-1',
  ...over,
});

describe.each(DATABASE_KINDS)('SftpServerService on %s', (kind) => {
  const h = useServiceHarness(kind);
  const list = async (username: string, query: Parameters<typeof h.services.sftpServers.list>[1] = {}) =>
    h.services.sftpServers.list(await h.identity(username), query);
  const stored = (company: string, id: string) => h.services.connectionTests.storedSftpTarget(company, id);

  it('adds a server with its secrets sealed: the list shows which are held, never the secrets', async () => {
    await h.services.sftpServers.save(server(), 'add', 'admin-a');
    await h.services.sftpServers.save(
      server({ sftp_server_id: 'sftp-key', sftp_password: '', private_key: PRIVATE_KEY, sftp_port: 2222 }),
      'add',
      'admin-a',
    );
    const { result_list } = await list('admin-a');
    expect(result_list).toEqual([
      expect.objectContaining({
        sftp_server_id: 'sftp-1',
        sftp_port: 22,
        has_password: true,
        has_private_key: false,
      }),
      expect.objectContaining({
        sftp_server_id: 'sftp-key',
        sftp_port: 2222,
        has_password: false,
        has_private_key: true,
      }),
    ]);
    expect(JSON.stringify(result_list)).not.toContain('Sftp-Pw-1');
    expect(await stored('A', 'sftp-1')).toMatchObject({ host: '127.0.0.1', port: 22, password: 'Sftp-Pw-1' });
    expect((await stored('A', 'sftp-key')).privateKey).toBe(PRIVATE_KEY);
  });

  it('refuses a key that is no key, an add without a secret, an unknown company and a duplicate', async () => {
    await expectRefusal(h.services.sftpServers.save(server({ private_key: 'not a key' }), 'add', 'admin-a'), {
      kind: 'invalid',
      key: 'sftpPrivateKeyInvalid',
    });
    await expectRefusal(
      h.services.sftpServers.save(server({ sftp_server_id: 'x', sftp_password: '' }), 'add', 'a'),
      {
        kind: 'invalid',
        key: 'sftpServerRequired',
      },
    );
    await expectRefusal(h.services.sftpServers.save(server({ companycode: 'NOPE' }), 'add', 'root'), {
      kind: 'invalid',
      key: 'unknownCompany',
    });
    await expectRefusal(h.services.sftpServers.save(server(), 'add', 'admin-a'), {
      kind: 'conflict',
      key: 'sftpServerDuplicate',
    });
  });

  it('an edit at the same address keeps the secrets; a new address needs one and drops the others', async () => {
    const both = server({ sftp_server_id: 'moving', private_key: PRIVATE_KEY });
    await h.services.sftpServers.save(both, 'add', 'admin-a');
    const same = await h.services.sftpServers.save(
      { ...both, sftp_password: '', private_key: '' },
      'edit',
      'a',
    );
    expect(same).toMatchObject({ password_changed: false, private_key_changed: false });
    expect(await stored('A', 'moving')).toMatchObject({ password: 'Sftp-Pw-1', privateKey: PRIVATE_KEY });

    const moved = { ...both, sftp_ip: '127.0.0.2', sftp_password: '', private_key: '' };
    await expectRefusal(h.services.sftpServers.save(moved, 'edit', 'admin-a'), {
      kind: 'invalid',
      key: 'sftpSecretAgain',
    });
    const again = await h.services.sftpServers.save({ ...moved, sftp_password: 'New-Pw' }, 'edit', 'admin-a');
    expect(again).toMatchObject({ password_changed: true, private_key_changed: true });
    expect(await stored('A', 'moving')).toEqual({
      host: '127.0.0.2',
      port: 22,
      username: 'partner',
      password: 'New-Pw',
      privateKey: undefined,
    });
    await expectRefusal(h.services.sftpServers.save(server({ sftp_server_id: 'none' }), 'edit', 'admin-a'), {
      kind: 'not_found',
      key: 'sftpServerNotFound',
    });
  });

  it('keeps each company to its own servers: lists, lookups and deletes', async () => {
    await h.services.sftpServers.save(
      server({ companycode: 'B', sftp_server_id: 'sftp-b' }),
      'add',
      'admin-b',
    );
    const ids = async (username: string) => (await list(username)).result_list.map((r) => r.sftp_server_id);
    expect(await ids('admin-b')).toEqual(['sftp-b']);
    expect(await ids('admin-a')).not.toContain('sftp-b');
    expect(await ids('user-a')).toEqual([]);
    await expectRefusal(list('admin-a', { sftp_server_id: 'sftp-b' }), {
      kind: 'not_found',
      key: 'sftpServerNotFound',
    });
    await expectRefusal(stored('A', 'sftp-b'), { kind: 'not_found', key: 'sftpServerNotFound' });
    await expectRefusal(h.services.sftpServers.delete('A', 'sftp-b'), {
      kind: 'not_found',
      key: 'sftpServerNotFound',
    });
    expect(await ids('admin-b')).toEqual(['sftp-b']);
    await h.services.sftpServers.delete('B', 'sftp-b');
    expect(await ids('admin-b')).toEqual([]);
  });
});
