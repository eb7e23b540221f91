import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { API_PASSWORD, API_USER, LEGACY_ID, startFilesFixture, type FilesFixture } from './files-harness.js';

let fapp: ReferenceFunctionServer;
let sshd: OpenSshServer | undefined;

beforeAll(async () => {
  fapp = await createReferenceFunctionServer({ username: API_USER, password: API_PASSWORD });
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
});
afterAll(async () => {
  await fapp?.close();
  await sshd?.stop();
});

/** Established TCP connections from this machine to the sFTP server's port (Linux /proc). */
function sftpConnections(port: number): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const columns = line.trim().split(/\s+/);
      return columns[2]?.endsWith(hex) === true && columns[3] === '01';
    }).length;
}

// One database is enough: this is about the sFTP session, not the queries.
describe.skipIf(!canRunOpenSsh())('a download the client abandons', () => {
  let f: FilesFixture;
  let base: string;
  beforeAll(async () => {
    f = await startFilesFixture('sqlite', sshd as OpenSshServer, fapp);
    fs.writeFileSync(path.join(f.inbox, 'huge.bin'), crypto.randomBytes(48 * 1024 * 1024));
    await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => f?.close());

  /** Starts the download, waits for the first bytes, then hangs up. */
  async function abandon(url: string, body: Record<string, unknown>): Promise<void> {
    const token = await f.t.tokenFor('user-a');
    await new Promise<void>((resolve, reject) => {
      const request = http.request(`${base}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      request.on('response', (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          expect(sftpConnections((sshd as OpenSshServer).port)).toBe(1);
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      request.end(JSON.stringify(body));
    });
  }

  it('closes the sFTP session of a single-file download', async () => {
    expect(sftpConnections((sshd as OpenSshServer).port)).toBe(0);
    await abandon('/v1/lis-server/get-source-file-with-legacyid', {
      company_code: 'A',
      legacy_id: LEGACY_ID,
      path: 'huge.bin',
    });
    await eventually(() => sftpConnections((sshd as OpenSshServer).port) === 0, {
      interval: 50,
      message: 'the session to close',
    });
  });

  it('closes the sFTP session of a zip download', async () => {
    await abandon('/v1/lis-server/get-all-source-files-with-legacyid', {
      company_code: 'A',
      legacy_id: LEGACY_ID,
    });
    await eventually(() => sftpConnections((sshd as OpenSshServer).port) === 0, {
      interval: 50,
      message: 'the session to close',
    });
  });
});
