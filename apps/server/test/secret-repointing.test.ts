import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/**
 * LIS issue 16 point 2 (docs/security.md "Secrets"): a stored secret is only ever used with the
 * address it was saved with. Changing a saved server's address (URL, host, port, user name) without
 * typing its secret again is refused, so "Test connection" or a run can never send the stored secret
 * to a new place.
 */
const API_PASSWORD = 'Stored-Api-Secret-4411';
const SFTP_PASSWORD = 'Stored-Sftp-Secret-8812';
const DMS_TOKEN = 'Stored-Dms-Token-2290';

/** An HTTP server that records every Authorization header it is sent and answers 401. */
let trap: http.Server;
let trapUrl = '';
const authorizations: string[] = [];
/** A TCP port that counts connections (an SSH login would start with one). */
let sshTrap: net.Server;
let sshTrapPort = 0;
let sshConnections = 0;

beforeAll(async () => {
  trap = http.createServer((request, response) => {
    authorizations.push(String(request.headers.authorization ?? ''));
    response.statusCode = 401;
    response.end();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapUrl = `http://127.0.0.1:${(trap.address() as net.AddressInfo).port}/api`;
  sshTrap = net.createServer((socket) => {
    sshConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => sshTrap.listen(0, '127.0.0.1', resolve));
  sshTrapPort = (sshTrap.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => trap?.close(resolve));
  await new Promise((resolve) => sshTrap?.close(resolve));
});

const decodedAuthorizations = () =>
  authorizations.map((header) => Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8'));

describe.each(DATABASE_KINDS)('a stored secret is not re-pointed (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
  });
  afterAll(() => t.close());

  it('API server: a new URL or user name with a blank password is refused; the test never sends the stored password elsewhere', async () => {
    const record = {
      sid: '555',
      companycode: 'A',
      api_serverid: 'fapp-r',
      api_url_callfunction: 'http://127.0.0.1:9/api',
      api_username: 'fapp-user',
    };
    let r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/api-server/add',
      payload: { ...record, api_password: API_PASSWORD },
    });
    expect(r.statusCode, r.body).toBe(200);

    for (const change of [{ api_url_callfunction: trapUrl }, { api_username: 'someone-else' }]) {
      r = await t.as('admin-a', {
        method: 'POST',
        url: '/v1/config/api-server/edit',
        payload: { ...record, ...change, api_password: '' },
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toMatch(/Re-enter the password when you change the address/);
    }
    r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/api-server/edit',
      headers: { 'accept-language': 'th' },
      payload: { ...record, api_url_callfunction: trapUrl },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/กรอกรหัสผ่านอีกครั้ง/);

    // "Test connection" of the saved record goes to the saved address, never to the trap.
    await t.as('admin-a', { url: '/v1/test/fapp/connection?api_server_id=fapp-r&company_code=A' });
    expect(decodedAuthorizations().filter((text) => text.includes(API_PASSWORD))).toEqual([]);
    const row = await t.database.db.kysely
      .selectFrom('api_servers')
      .select(['api_url', 'api_username'])
      .where('api_server_id', '=', 'fapp-r')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ api_url: record.api_url_callfunction, api_username: record.api_username });

    // The same address with a blank password keeps it; a new address with the password typed is fine.
    r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/api-server/edit',
      payload: { ...record, api_password: '', api_timeout_seconds: 30 },
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/api-server/edit',
      payload: { ...record, api_url_callfunction: trapUrl, api_password: 'Typed-Again-1' },
    });
    expect(r.statusCode, r.body).toBe(200);
    await t.as('admin-a', { url: '/v1/test/fapp/connection?api_server_id=fapp-r&company_code=A' });
    expect(decodedAuthorizations()).toContain('fapp-user:Typed-Again-1');
    expect(decodedAuthorizations().filter((text) => text.includes(API_PASSWORD))).toEqual([]);
  });

  it('sFTP server: a new host, port or user name with no secret typed is refused; no login reaches the new address', async () => {
    const record = {
      sid: '555',
      companycode: 'A',
      sftp_server_id: 'sftp-r',
      sftp_ip: '127.0.0.1',
      sftp_port: 9,
      sftp_username: 'lis',
    };
    let r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/sftp-server/add',
      payload: { ...record, sftp_password: SFTP_PASSWORD },
    });
    expect(r.statusCode, r.body).toBe(200);
    const before = sshConnections;
    for (const change of [
      { sftp_port: sshTrapPort },
      { sftp_ip: 'localhost', sftp_port: sshTrapPort },
      { sftp_username: 'root' },
    ]) {
      r = await t.as('admin-a', {
        method: 'POST',
        url: '/v1/config/sftp-server/edit',
        payload: { ...record, ...change, sftp_password: '', private_key: '' },
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toMatch(/Re-enter the password or private key when you change the address/);
    }
    // The saved record still points where it did: its test goes there (nothing listens: 422).
    r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/test/sftp/connection',
      payload: { sftp_server_id: 'sftp-r', company_code: 'A' },
    });
    expect(r.statusCode).toBe(422);
    expect(sshConnections).toBe(before);
    const row = await t.database.db.kysely
      .selectFrom('sftp_servers')
      .select(['host', 'port', 'username'])
      .where('sftp_server_id', '=', 'sftp-r')
      .executeTakeFirstOrThrow();
    expect({ ...row, port: Number(row.port) }).toEqual({ host: '127.0.0.1', port: 9, username: 'lis' });

    r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/sftp-server/edit',
      payload: { ...record, sftp_password: '' },
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/sftp-server/edit',
      payload: { ...record, sftp_port: sshTrapPort, sftp_password: 'Typed-Again-2' },
    });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('DMS server: a new URL with a blank token is refused when a token is stored', async () => {
    const record = {
      sid: '555',
      companycode: 'A',
      dms_serverid: 'dms-r',
      dms_url: 'https://dms.example.com',
    };
    let r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/dms',
      payload: { ...record, dms_token: DMS_TOKEN },
    });
    expect(r.statusCode, r.body).toBe(200);
    const stored = () =>
      t.database.db.kysely
        .selectFrom('dms_servers')
        .select(['dms_url', 'dms_token_enc'])
        .where('dms_server_id', '=', 'dms-r')
        .executeTakeFirstOrThrow();
    const before = await stored();
    r = await t.as('admin-a', {
      method: 'PUT',
      url: '/v1/config/dms',
      payload: { ...record, dms_url: trapUrl, dms_token: '' },
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().message).toMatch(/Re-enter the token when you change the address/);
    expect(await stored()).toEqual(before);

    r = await t.as('admin-a', {
      method: 'PUT',
      url: '/v1/config/dms',
      payload: { ...record, dms_url: trapUrl, dms_token: 'Typed-Again-3' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await stored()).dms_url).toBe(trapUrl);

    // Nothing to protect: a server without a token may move freely.
    r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/config/dms',
      payload: { ...record, dms_serverid: 'dms-plain' },
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await t.as('admin-a', {
      method: 'PUT',
      url: '/v1/config/dms',
      payload: { ...record, dms_serverid: 'dms-plain', dms_url: trapUrl },
    });
    expect(r.statusCode, r.body).toBe(200);
  });
});
