/**
 * The real peers the service tests of issue 33 talk to, all on loopback: OpenSSH (when this machine
 * can run it), the reference function server and the reference DMS server of @lis/reference-peers.
 * Started once per test file; `savePeerServers` records them as a company's servers through the
 * services, as an admin would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  createReferenceDmsServer,
  createReferenceFunctionServer,
  type ReferenceDmsServer,
  type ReferenceFunctionServer,
} from '@lis/reference-peers';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from './openssh-server.js';
import type { ServiceHarness } from './service-harness.js';

export const FAPP_USER = 'fapp';
export const FAPP_PASSWORD = 'Fapp-Secret-3321';
export const DMS_TOKEN = 'Dms-Token-77x1';

export interface ServicePeers {
  /**
   * Undefined where OpenSSH cannot run (`describe.skipIf(!canRunOpenSsh())` the tests that need it) or
   * was not asked for.
   */
  readonly sshd: OpenSshServer | undefined;
  readonly fapp: ReferenceFunctionServer;
  readonly dms: ReferenceDmsServer;
  /** A fresh folder under /tmp, readable by the OpenSSH user, removed after the file. */
  readonly root: string;
}

/**
 * Starts the peers for the test file (module-level hooks) and stops them after it; `sshd: false` for a
 * file that needs no sFTP server.
 */
export function useServicePeers(options: { sshd?: boolean } = {}): ServicePeers {
  const peers: { -readonly [K in keyof ServicePeers]?: ServicePeers[K] } = {};
  beforeAll(async () => {
    peers.root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-service-peers-'));
    fs.chmodSync(peers.root, 0o755);
    peers.fapp = await createReferenceFunctionServer({ username: FAPP_USER, password: FAPP_PASSWORD });
    peers.dms = await createReferenceDmsServer({ token: DMS_TOKEN });
    peers.sshd = (options.sshd ?? true) && canRunOpenSsh() ? await startOpenSshServer() : undefined;
  });
  afterAll(async () => {
    await peers.fapp?.close();
    await peers.dms?.close();
    await peers.sshd?.stop();
    if (peers.root) fs.rmSync(peers.root, { recursive: true, force: true });
  });
  const started = <K extends keyof ServicePeers>(key: K): ServicePeers[K] => {
    if (!peers.root) throw new Error('the peers start in beforeAll: read them in a hook or test');
    return peers[key] as ServicePeers[K];
  };
  return {
    get sshd() {
      return started('sshd');
    },
    get fapp() {
      return started('fapp');
    },
    get dms() {
      return started('dms');
    },
    get root() {
      return started('root');
    },
  };
}

/**
 * Saves the peers as `company`'s servers: `sftp-{c}` (key login on OpenSSH, when it runs), `fapp-{c}`
 * and `dms-{c}` (c: the company code in lower case).
 */
export async function savePeerServers(
  h: ServiceHarness,
  peers: ServicePeers,
  company: string,
): Promise<void> {
  const c = company.toLowerCase();
  const { sshd } = peers;
  if (sshd)
    await h.services.sftpServers.save(
      {
        companycode: company,
        sftp_server_id: `sftp-${c}`,
        sftp_ip: sshd.host,
        sftp_port: sshd.port,
        sftp_username: sshd.keyUser,
        private_key: sshd.privateKey,
      },
      'add',
      'root',
    );
  await h.services.apiServers.save(
    {
      companycode: company,
      api_serverid: `fapp-${c}`,
      api_url_callfunction: peers.fapp.url,
      api_username: FAPP_USER,
      api_password: FAPP_PASSWORD,
    },
    'add',
    'root',
  );
  await h.services.dmsServers.save(
    { companycode: company, dms_serverid: `dms-${c}`, dms_url: peers.dms.url, dms_token: DMS_TOKEN },
    'add',
    'root',
  );
}
