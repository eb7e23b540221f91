import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionServerClient } from '../src/adapters/function-server/index.js';
import { DmsClient } from '../src/adapters/dms/index.js';
import { openSftp } from '../src/adapters/sftp/sftp-connect.js';
import { RFC_5321_TIMEOUTS } from '../src/config/config.js';
import { deliverMessage } from '../src/engine/mail/smtp-delivery.js';
import { peerClients } from '../src/composition/peer-clients.js';
import { testSftpConnection } from '../src/modules/server-config/connection-test.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { startSmtpTestServer, type SmtpTestServer } from '../src/test-support/smtp-test-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * Issue 32 point 4: with loopback denied, every spelling of a loopback address — and a name that
 * resolves to one — is refused by the real connectors before any byte reaches the loopback peers
 * (OpenSSH, an HTTP server, smtp-server); with the address allowed, the same connectors reach them.
 */
/** Loopback, and link-local for the zone-id form. */
const DENY_LOOPBACK = { LIS_OUTBOUND_DENY: '127.0.0.0/8,::1/128,fe80::/10' };

const IPV4_FORMS = ['127.0.0.1', '0x7f.1', '2130706433', '0177.0.0.1', '127.1'];
const IPV6_FORMS = ['::ffff:127.0.0.1', '::ffff:7f00:1', '::1', 'fe80::1%lo'];
/** As a host field (sFTP, SMTP): bracketed IPv6 too, and a name that resolves to loopback. */
const HOST_FORMS = [...IPV4_FORMS, ...IPV6_FORMS, '[::ffff:127.0.0.1]', 'localhost'];
/** As a URL's host (function server, DMS): what a URL can hold. */
const URL_HOSTS = [...IPV4_FORMS, '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::1]', 'localhost'];

const MESSAGE = {
  from: 'lis@localhost',
  to: ['ops@example.com'],
  cc: [],
  bcc: [],
  subject: 'outbound',
  html: '<p>hi</p>',
  messageId: '<outbound-test@lis>',
};

const CALL = {
  sid: '555',
  company_code: 'A',
  legacy_id: 'JOB',
  legacy_type: 'IN_WAIT',
  job_instance_no: 'JOB-1',
  class_name: 'C',
  function_name: 'F',
  files: [],
  idempotency_key: 'a'.repeat(64),
};

let sshd: OpenSshServer | undefined;
let smtp: SmtpTestServer;
let peer: http.Server;
let peerPort: number;
/** Connections the HTTP peer accepted: a refused call must not add one. */
let peerConnections = 0;

beforeAll(async () => {
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
  smtp = await startSmtpTestServer();
  peer = http.createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"message":"no such thing"}');
  });
  peer.on('connection', () => peerConnections++);
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerPort = (peer.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await sshd?.stop();
  await smtp.close();
  peer.closeAllConnections();
  await new Promise<void>((resolve) => peer.close(() => resolve()));
});

describe.each(DATABASE_KINDS)('loopback denied by LIS_OUTBOUND_DENY (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, DENY_LOOPBACK);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  it.skipIf(!canRunOpenSsh())(
    'the sFTP connection test refuses every spelling, in English and Thai',
    async () => {
      const server = sshd as OpenSshServer;
      // The form's host field takes no brackets (input rules answer 400); the connector takes them.
      for (const host of HOST_FORMS.filter((form) => !form.startsWith('['))) {
        const r = await t.as('admin-a', {
          method: 'POST',
          url: '/v1/test/sftp/connection',
          payload: { host, port: server.port, username: server.keyUser, private_key: server.privateKey },
        });
        expect(r.statusCode, host).toBe(422);
        expect(r.json().message, host).toBe(
          `Test sFTP failed: ${host} is an address not allowed by the outbound policy (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY)`,
        );
      }
      const th = await t.as('admin-a', {
        method: 'POST',
        url: '/v1/test/sftp/connection',
        headers: { 'accept-language': 'th' },
        payload: { host: '0x7f.1', port: 1, username: 'x', password: 'y' },
      });
      expect(th.json().message).toBe(
        'ทดสอบ sFTP ไม่สำเร็จ: 0x7f.1 เป็นที่อยู่ที่นโยบายการเชื่อมต่อขาออกไม่อนุญาต (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY)',
      );
    },
  );

  it.skipIf(!canRunOpenSsh())('the pipeline sFTP connector refuses every spelling', async () => {
    const server = sshd as OpenSshServer;
    for (const host of HOST_FORMS) {
      const error = await openSftp(
        { host, port: server.port, username: server.keyUser, privateKey: server.privateKey },
        { readyTimeoutMs: 5000 },
      ).catch((caught: unknown) => caught);
      expect(error, host).toMatchObject({ code: 'NOT_ALLOWED' });
      expect(String((error as Error).message)).toMatch(/address not allowed by the outbound policy/);
    }
  });

  it('function-server calls (connection test and step 2) and DMS calls refuse every spelling', async () => {
    for (const host of URL_HOSTS) {
      const baseUrl = `http://${host}:${peerPort}/api`;
      const test = await t.as('admin-a', {
        method: 'POST',
        url: '/v1/test/fapp/connection',
        payload: { apiUrl: baseUrl, username: 'u', password: 'p' },
      });
      expect(test.statusCode, `${host} ${test.body}`).toBe(422);
      expect(test.json().message, host).toMatch(/is an address not allowed by the outbound policy/);
      const client = new FunctionServerClient({ baseUrl, username: 'u', password: 'p' });
      await expect(client.call('C', 'F', CALL), host).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
      const dms = new DmsClient({ baseUrl, token: 't' });
      await expect(dms.listFiles('bucket', 'JOB-1'), host).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
    }
    expect(peerConnections).toBe(0);
  });

  it('the SMTP send refuses every spelling of the host, and nothing reaches the server', async () => {
    for (const host of HOST_FORMS) {
      const outcome = await deliverMessage(
        {
          host,
          port: smtp.port,
          secure: false,
          requireTls: false,
          user: undefined,
          password: undefined,
          timeouts: RFC_5321_TIMEOUTS,
        },
        MESSAGE,
      );
      expect(outcome, host).toMatchObject({ outcome: 'refused', permanent: true });
      expect(outcome.outcome === 'refused' && outcome.reason, host).toMatch(
        /^OUTBOUND_DENIED: the SMTP host .* is an address not allowed by the outbound policy/,
      );
    }
    expect(smtp.received).toHaveLength(0);
    expect(smtp.finalReplies).toBe(0);
  });
});

describe('the same peers with 127.0.0.1 allowed as an exception', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { ...DENY_LOOPBACK, LIS_OUTBOUND_ALLOW: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it.skipIf(!canRunOpenSsh())('sFTP reaches OpenSSH by any spelling of the allowed address', async () => {
    const server = sshd as OpenSshServer;
    for (const host of ['127.0.0.1', '0x7f.1', '2130706433', '::ffff:127.0.0.1']) {
      const entries = await testSftpConnection(peerClients, {
        host,
        port: server.port,
        username: server.keyUser,
        privateKey: server.privateKey,
      });
      expect(entries, host).toEqual(expect.arrayContaining(['etc', 'usr']));
    }
    await expect(
      testSftpConnection(peerClients, { host: '127.0.0.2', port: server.port, username: 'x', password: 'y' }),
    ).rejects.toMatchObject({ key: 'sftpTestNotAllowed' });
  });

  it('HTTP and SMTP reach their peers', async () => {
    const before = peerConnections;
    const client = new FunctionServerClient({
      baseUrl: `http://0x7f.1:${peerPort}/api`,
      username: 'u',
      password: 'p',
    });
    await expect(client.call('C', 'F', CALL)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(peerConnections).toBeGreaterThan(before);
    const outcome = await deliverMessage(
      {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        requireTls: false,
        user: undefined,
        password: undefined,
        timeouts: RFC_5321_TIMEOUTS,
      },
      MESSAGE,
    );
    expect(outcome).toMatchObject({ outcome: 'sent' });
    expect(smtp.received).toHaveLength(1);
  });
});
