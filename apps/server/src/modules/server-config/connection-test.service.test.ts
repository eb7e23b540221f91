import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import {
  FAPP_PASSWORD,
  FAPP_USER,
  savePeerServers,
  useServicePeers,
} from '../../test-support/service-peers.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const peers = useServicePeers();

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(DATABASE_KINDS)('ConnectionTestService on %s', (kind) => {
  const h = useServiceHarness(kind, async (harness: ServiceHarness) => {
    await savePeerServers(harness, peers, 'A');
    await savePeerServers(harness, peers, 'B');
  });
  const tests = () => h.services.connectionTests;

  describe.skipIf(!canRunOpenSsh())('sFTP, on a real OpenSSH server', () => {
    it('connects with what is typed, and with a saved server’s stored key at its own address', async () => {
      const sshd = peers.sshd!;
      const typed = await tests().testSftp({
        host: sshd.host,
        port: sshd.port,
        username: sshd.keyUser,
        private_key: sshd.privateKey,
      });
      expect(typed.message).toEqual({ key: 'sftpTestOk' });
      expect(typed.entries).toContain('tmp');
      const saved = await tests().testSftp({ company_code: 'A', sftp_server_id: 'sftp-a', host: sshd.host });
      expect(saved.message).toEqual({ key: 'sftpTestOk' });
    });

    it('refuses the stored key at another address, and a saved server of another company', async () => {
      await expectRefusal(
        tests().testSftp({ company_code: 'A', sftp_server_id: 'sftp-a', host: '127.0.0.2' }),
        {
          kind: 'invalid',
          key: 'testAddressChanged',
        },
      );
      await expectRefusal(tests().testSftp({ company_code: 'A', sftp_server_id: 'sftp-b' }), {
        kind: 'not_found',
        key: 'sftpServerNotFound',
      });
      await expectRefusal(tests().storedSftpTarget('B', 'sftp-a'), {
        kind: 'not_found',
        key: 'sftpServerNotFound',
      });
    });

    it('says why a connection failed: a key the server does not accept, a port that is closed', async () => {
      const sshd = peers.sshd!;
      const { privateKey } = await tests().storedSftpTarget('A', 'sftp-a');
      const other = { host: sshd.host, port: sshd.port, username: 'nobody-here', private_key: privateKey };
      await expectRefusal(tests().testSftp(other), { kind: 'unprocessable', key: 'sftpTestAuthFailed' });
      await expectRefusal(tests().testSftp({ ...other, username: sshd.keyUser, port: await closedPort() }), {
        kind: 'unprocessable',
        key: 'sftpTestCannotConnect',
      });
    });
  });

  it('refuses an sFTP test without host, user or secret, and a private key that is no key', async () => {
    await expectRefusal(tests().testSftp({ host: '127.0.0.1', username: 'u' }), {
      kind: 'invalid',
      key: 'sftpTestRequired',
    });
    await expectRefusal(tests().testSftp({ host: '127.0.0.1', username: 'u', private_key: 'no key' }), {
      kind: 'invalid',
      key: 'sftpPrivateKeyInvalid',
    });
  });

  it('function server: connects typed or saved, reports its version; a wrong password is refused', async () => {
    const typed = await tests().testFunctionServer({
      apiUrl: peers.fapp.url,
      username: FAPP_USER,
      password: FAPP_PASSWORD,
    });
    expect(typed).toMatchObject({
      message: { key: 'fappTestOk' },
      serverVersion: expect.stringContaining('reference function server'),
    });
    expect(
      (await tests().testFunctionServer({ company_code: 'A', api_server_id: 'fapp-a' })).message,
    ).toEqual({
      key: 'fappTestOk',
    });
    await expectRefusal(
      tests().testFunctionServer({ apiUrl: peers.fapp.url, username: FAPP_USER, password: 'wrong-password' }),
      { kind: 'unprocessable', key: 'fappTestAuthFailed' },
    );
    await expectRefusal(
      tests().testFunctionServer({ company_code: 'A', api_server_id: 'fapp-a', username: 'x' }),
      {
        kind: 'invalid',
        key: 'testAddressChanged',
      },
    );
    await expectRefusal(tests().testFunctionServer({ company_code: 'A', api_server_id: 'fapp-b' }), {
      kind: 'not_found',
      key: 'apiServerNotFound',
    });
    await expectRefusal(tests().testFunctionServer({ apiUrl: peers.fapp.url }), {
      kind: 'invalid',
      key: 'fappTestRequired',
    });
  });
});
