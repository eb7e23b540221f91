import crypto from 'node:crypto';
import fs from 'node:fs';
import ssh2 from 'ssh2';
import {
  createReferenceDmsServer,
  createReferenceFunctionServer,
  type ReferenceDmsServer,
  type ReferenceFunctionServer,
} from '@lis/reference-peers';
import { DEMO_DMS_BUCKET, DEMO_INPUT_FOLDERS, DEMO_RETURN_ROOT, type DemoPaths } from './demo-layout.js';
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

/** The peers' credentials and the sFTP host key: read, or generated on the first start of the demo. */
export function loadOrCreateDemoSecrets(paths: DemoPaths): { secrets: DemoSecrets; hostKey: string } {
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
  if (!fs.existsSync(paths.hostKey))
    writePrivate(paths.hostKey, ssh2.utils.generateKeyPairSync('ed25519').private);
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

/** Starts the demo sFTP server, the reference function server and the reference DMS, each on a free loopback port. */
export async function startDemoPeers(paths: DemoPaths): Promise<{ peers: DemoPeers; secrets: DemoSecrets }> {
  const { secrets, hostKey } = loadOrCreateDemoSecrets(paths);
  createDemoFolders(paths);
  const started: { close(): Promise<void> }[] = [];
  try {
    const sftp = await startDemoSftpServer({
      root: paths.sftpRoot,
      username: secrets.sftpUsername,
      password: secrets.sftpPassword,
      hostKey,
    });
    started.push(sftp);
    const functions = await createReferenceFunctionServer({
      username: secrets.functionUsername,
      password: secrets.functionPassword,
      dmsBucket: DEMO_DMS_BUCKET,
    });
    started.push(functions);
    const dms = await createReferenceDmsServer({ token: secrets.dmsToken, storageDir: paths.dmsStore });
    started.push(dms);
    const close = async () => {
      await Promise.allSettled(started.map((peer) => peer.close()));
    };
    return { peers: { sftp, functions, dms, close }, secrets };
  } catch (error) {
    await Promise.allSettled(started.map((peer) => peer.close()));
    throw error;
  }
}
