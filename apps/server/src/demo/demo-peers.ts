import crypto from 'node:crypto';
import fs from 'node:fs';
import { generateReadableEd25519Key, unreadable } from '../adapters/sftp/readable-ed25519-key.js';
import {
  createReferenceDmsServer,
  createReferenceFunctionServer,
  type ReferenceDmsServer,
  type ReferenceFunctionServer,
} from '@lis/reference-peers';
import { DEMO_DMS_BUCKET, DEMO_INPUT_FOLDERS, DEMO_RETURN_ROOT, type DemoPaths } from './demo-layout.js';
import { listenOnKeptPort, readDemoPorts, writeDemoPorts, type DemoPorts } from './demo-ports.js';
import { startDemoSftpServer, type DemoSftpServer } from './demo-sftp-server.js';

/** The generated credentials of the demo peers, kept in `{LIS_DATA_DIR}/demo/peers.json` (0600). */
export interface DemoSecrets {
  sftpUsername: string;
  sftpPassword: string;
  functionUsername: string;
  functionPassword: string;
  dmsToken: string;
}

const secret = () => crypto.randomBytes(24).toString('base64url');

function writePrivate(file: string, content: string): void {
  fs.writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
}

function isDemoSecrets(value: unknown): value is DemoSecrets {
  const v = value as Partial<Record<keyof DemoSecrets, unknown>> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    ['sftpUsername', 'sftpPassword', 'functionUsername', 'functionPassword', 'dmsToken'].every(
      (key) => typeof v[key as keyof DemoSecrets] === 'string',
    )
  );
}

/**
 * A new host key for the demo sFTP server; a kept key ssh2 could not read stopped the demo on every
 * start, so only a readable one is kept (see generateReadableEd25519Key).
 */
export function generateDemoHostKey(generate?: () => string): string {
  return generateReadableEd25519Key(generate);
}

/** The peers' credentials and the sFTP host key: read, or generated on the first start of the demo. */
export function loadOrCreateDemoSecrets(
  paths: DemoPaths,
  warn: (object: object, message: string) => void = () => undefined,
): { secrets: DemoSecrets; hostKey: string } {
  fs.mkdirSync(paths.sftpRoot, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(paths.secrets)) {
    const fresh: DemoSecrets = {
      sftpUsername: 'demo',
      sftpPassword: secret(),
      functionUsername: 'demo-functions',
      functionPassword: secret(),
      dmsToken: secret(),
    };
    writePrivate(paths.secrets, `${JSON.stringify(fresh, null, 2)}\n`);
  }
  if (fs.existsSync(paths.hostKey) && unreadable(fs.readFileSync(paths.hostKey, 'utf8'))) {
    warn(
      { file: paths.hostKey },
      'demo: the sFTP host key cannot be read (made by an earlier version); a new one replaces it, so sFTP clients see a new host key',
    );
    fs.rmSync(paths.hostKey);
  }
  if (!fs.existsSync(paths.hostKey)) writePrivate(paths.hostKey, generateDemoHostKey());
  const parsed: unknown = JSON.parse(fs.readFileSync(paths.secrets, 'utf8'));
  if (!isDemoSecrets(parsed)) throw new Error(`${paths.secrets} is not the demo's credentials file`);
  return { secrets: parsed, hostKey: fs.readFileSync(paths.hostKey, 'utf8') };
}

/** The input and return folders the demo jobs use, created before the first run. */
export function createDemoFolders(paths: DemoPaths): void {
  for (const folder of [...Object.values(DEMO_INPUT_FOLDERS), DEMO_RETURN_ROOT])
    fs.mkdirSync(`${paths.sftpRoot}${folder}`, { recursive: true });
}

export interface DemoPeers {
  sftp: DemoSftpServer;
  functions: ReferenceFunctionServer;
  dms: ReferenceDmsServer;
  close(): Promise<void>;
}

const portOf = (url: string) => Number(new URL(url).port);

/**
 * Starts the demo sFTP server, the reference function server and the reference DMS on loopback, each on
 * the port it had before (`{LIS_DATA_DIR}/demo/ports.json`) so that what an admin configured against
 * them keeps working across restarts; free ports on the first start, or when another program took a
 * kept one (`warn` says so).
 */
export async function startDemoPeers(
  paths: DemoPaths,
  warn: (object: object, message: string) => void = () => undefined,
): Promise<{ peers: DemoPeers; secrets: DemoSecrets }> {
  const { secrets, hostKey } = loadOrCreateDemoSecrets(paths, warn);
  createDemoFolders(paths);
  const kept = readDemoPorts(paths.ports);
  const started: { close(): Promise<void> }[] = [];
  try {
    const sftp = await listenOnKeptPort(
      'sftp',
      kept.sftp,
      (port) =>
        startDemoSftpServer({
          root: paths.sftpRoot,
          username: secrets.sftpUsername,
          password: secrets.sftpPassword,
          hostKey,
          port,
        }),
      warn,
    );
    started.push(sftp);
    const functions = await listenOnKeptPort(
      'functions',
      kept.functions,
      (port) =>
        createReferenceFunctionServer({
          username: secrets.functionUsername,
          password: secrets.functionPassword,
          dmsBucket: DEMO_DMS_BUCKET,
          port,
        }),
      warn,
    );
    started.push(functions);
    const dms = await listenOnKeptPort(
      'dms',
      kept.dms,
      (port) => createReferenceDmsServer({ token: secrets.dmsToken, storageDir: paths.dmsStore, port }),
      warn,
    );
    started.push(dms);
    const ports: DemoPorts = { sftp: sftp.port, functions: portOf(functions.url), dms: portOf(dms.url) };
    if (ports.sftp !== kept.sftp || ports.functions !== kept.functions || ports.dms !== kept.dms)
      writeDemoPorts(paths.ports, ports);
    const close = async () => {
      await Promise.allSettled(started.map((peer) => peer.close()));
    };
    return { peers: { sftp, functions, dms, close }, secrets };
  } catch (error) {
    await Promise.allSettled(started.map((peer) => peer.close()));
    throw error;
  }
}
