import crypto from 'node:crypto';
import net from 'node:net';
import { createReferenceFunctionServer, type ReferenceFunctionServer } from '@lis/reference-peers';
import { createAlertSink } from '../src/composition/alerts.js';
import { createRepositories } from '../src/composition/repositories.js';
import { createServerChecker } from '../src/composition/server-checks.js';
import type { Db } from '../src/db/database.js';
import type { ServerChecker } from '../src/engine/server-checks/server-checker.js';
import {
  startMemorySftpServer,
  type MemorySftpServer,
} from '../src/adapters/sftp/memory-sftp-server-test-support.js';
import { startReceiver, type Receiver } from '../src/modules/alerts/alerts-test-support.js';
import { channelSecretSlot, maskUrl } from '../src/modules/alerts/channel-address.js';
import { SecretBox } from '../src/modules/secrets/secret-box.js';
import { apiPasswordSlot } from '../src/modules/server-config/api-server.service.js';
import { sftpSecretSlot } from '../src/modules/server-config/sftp-server.service.js';

export const FAPP_PASSWORD = 'Fapp-Secret-Pw-77';
export const SFTP_PASSWORD = 'test';

/**
 * The connection checks' scene (issue 35, decision 0049) on one database: company A with a function
 * server (the reference one) and an sFTP server (ssh2's in-process server), both on loopback; a
 * webhook channel on a real receiver and a rule routing SERVER_UNREACHABLE to it; and two nodes'
 * checkers over the real probe, alert sink and lease.
 */
export interface CheckScene {
  masterKey: Buffer;
  receiver: Receiver;
  fapp: ReferenceFunctionServer;
  fappPort: number;
  sftp: MemorySftpServer | undefined;
  nodes: [ServerChecker, ServerChecker];
  /** Starts the function server again on its old port. */
  restartFapp(): Promise<void>;
  close(): Promise<void>;
}

export async function startCheckScene(db: Db, errors: unknown[]): Promise<CheckScene> {
  const masterKey = crypto.randomBytes(32);
  const box = new SecretBox(masterKey);
  const repositories = createRepositories(db);
  const receiver = await startReceiver();
  let fapp = await createReferenceFunctionServer({ username: 'fapp', password: FAPP_PASSWORD });
  const fappPort = Number(new URL(fapp.url).port);
  const sftp = await startMemorySftpServer();
  await repositories.serverConfigs.insertApiServer({
    company_code: 'A',
    api_server_id: 'FAPP01',
    sid: '1',
    api_url: fapp.url,
    api_username: 'fapp',
    api_password_enc: box.seal(FAPP_PASSWORD, apiPasswordSlot('A', 'FAPP01')),
    created_at: 0,
    updated_at: 0,
    updated_by: null,
  });
  await repositories.serverConfigs.insertSftpServer({
    company_code: 'A',
    sftp_server_id: 'SFTP01',
    sid: '1',
    host: '127.0.0.1',
    port: sftp.port,
    username: 'test',
    password_enc: box.seal(SFTP_PASSWORD, sftpSecretSlot('A', 'SFTP01', 'password_enc')),
    private_key_enc: null,
    privatekey_path: '',
    created_at: 0,
    updated_at: 0,
    updated_by: null,
  });
  const url = receiver.url('/hook');
  await repositories.alertConfigs.insertChannel({
    company_code: 'A',
    name: 'HOOK',
    kind: 'webhook',
    language: 'en',
    enabled: 1,
    recipients: '[]',
    url_enc: box.seal(url, channelSecretSlot('A', 'HOOK', 'url_enc')),
    url_masked: maskUrl(new URL(url)),
    secret_enc: box.seal('the-webhook-secret-of-the-test', channelSecretSlot('A', 'HOOK', 'secret_enc')),
    created_at: 0,
    updated_at: 0,
    updated_by: null,
  });
  await repositories.alertConfigs.insertRule({
    company_code: 'A',
    name: 'SERVERS',
    enabled: 1,
    conditions: '["SERVER_UNREACHABLE"]',
    jobs: '[]',
    channels: '["HOOK"]',
    escalate_after_minutes: null,
    escalate_to: null,
    created_at: 0,
    updated_at: 0,
    updated_by: null,
  });
  const failed = (error: unknown) => errors.push(error);
  const alerts = createAlertSink(db, failed);
  const node = (nodeId: string) =>
    createServerChecker({
      db,
      masterKey,
      nodeId,
      timeZone: 'Asia/Bangkok',
      settings: { intervalMs: 3_600_000, timeoutMs: 3_000, failureThreshold: 2 },
      alerts,
      failed,
    });
  const scene: CheckScene = {
    masterKey,
    receiver,
    fapp,
    fappPort,
    sftp,
    nodes: [node('node-a'), node('node-b')],
    restartFapp: async () => {
      fapp = await createReferenceFunctionServer({
        username: 'fapp',
        password: FAPP_PASSWORD,
        port: fappPort,
      });
      scene.fapp = fapp;
    },
    close: async () => {
      await Promise.all(scene.nodes.map((checker) => checker.stop()));
      await receiver.close();
      await scene.fapp.close().catch(() => undefined);
      await scene.sftp?.close().catch(() => undefined);
    },
  };
  return scene;
}

/** Whether something refuses connections on the port now (the server has gone away). */
export function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
