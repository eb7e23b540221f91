import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenSshServer, type OpenSshServer } from '../../test-support/openssh-server.js';
import type { SftpTarget } from './sftp-connect.js';

/** A real OpenSSH server on loopback and a fresh folder the tests use as the remote side. */
export interface OpenSshFixture {
  server: OpenSshServer;
  target: SftpTarget;
  /** An absolute folder on this machine, reached through sFTP by the same absolute path. */
  remoteDir: string;
  /** A local folder for downloads and upload sources. */
  localDir: string;
  stop(): Promise<void>;
}

export async function startOpenSshFixture(): Promise<OpenSshFixture> {
  const server = await startOpenSshServer();
  const remoteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-sftp-remote-'));
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-sftp-local-'));
  return {
    server,
    target: { host: server.host, port: server.port, username: server.keyUser, privateKey: server.privateKey },
    remoteDir,
    localDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(remoteDir, { recursive: true, force: true });
      fs.rmSync(localDir, { recursive: true, force: true });
    },
  };
}

/** Writes `bytes` random bytes to `file`; returns their hex SHA-256. */
export function writeRandomFile(file: string, bytes: number): string {
  const content = crypto.randomBytes(bytes);
  fs.writeFileSync(file, content);
  return sha256Hex(content);
}

export function sha256Hex(content: Buffer): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

export function sha256OfFile(file: string): string {
  return sha256Hex(fs.readFileSync(file));
}
