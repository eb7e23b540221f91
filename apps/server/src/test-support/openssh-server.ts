import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from './eventually.js';

export const SSHD_PATH = '/usr/sbin/sshd';
/** The system user password logins use (created only when running as root). */
export const SFTP_TEST_USER = 'lis-sftp-test';

export interface OpenSshServer {
  host: '127.0.0.1';
  port: number;
  /** The user key logins use (the current user; root when running as root). */
  keyUser: string;
  /** An unencrypted OpenSSH private key accepted for `keyUser`. */
  privateKey: string;
  /** A password accepted for `passwordUser`; undefined when password logins cannot be set up. */
  password: string | undefined;
  passwordUser: string | undefined;
  /** Why there is no password login (for a skip message). */
  passwordSkipReason: string | undefined;
  dir: string;
  stop(): Promise<void>;
}

/** Whether a real sshd can be started here. */
export function canRunOpenSsh(): boolean {
  return fs.existsSync(SSHD_PATH) && process.platform === 'linux';
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function waitForBanner(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`sshd exited (${child.exitCode}): ${log()}`);
    return new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('SSH-'));
      });
      socket.once('error', () => resolve(false));
      socket.setTimeout(1000, () => {
        socket.destroy();
        resolve(false);
      });
    });
  };
  try {
    await eventually(answers, { interval: 100, message: `sshd to answer on port ${port}` });
  } catch (error) {
    if (child.exitCode !== null) throw error;
    throw new Error(`sshd did not answer on port ${port}: ${log()}`, { cause: error });
  }
}

/**
 * The password of the test user: one per machine, kept in a root-only file. Test files run in
 * parallel and share the one system user, so a fresh password per server would let the last one to
 * start lock the others out.
 */
function sharedTestPassword(): string {
  const file = path.join(os.tmpdir(), `${SFTP_TEST_USER}.password`);
  const fresh = `Pw-${crypto.randomBytes(12).toString('hex')}`;
  try {
    fs.writeFileSync(file, fresh, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** Creates (once) the system user for password logins and sets its shared password; root only. */
function preparePasswordUser(): { user?: string; password?: string; reason?: string } {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0)
    return { reason: 'password login needs a system user with a known password: run the tests as root' };
  const exists = () => {
    try {
      execFileSync('id', ['-u', SFTP_TEST_USER], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  try {
    if (!exists()) {
      try {
        execFileSync('useradd', ['-M', '-s', '/usr/sbin/nologin', SFTP_TEST_USER], { stdio: 'ignore' });
      } catch (error) {
        // Another test file created it at the same moment.
        if (!exists()) throw error;
      }
    }
    const password = sharedTestPassword();
    execFileSync('chpasswd', [], {
      input: `${SFTP_TEST_USER}:${password}\n`,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    return { user: SFTP_TEST_USER, password };
  } catch (error) {
    return { reason: `could not prepare ${SFTP_TEST_USER}: ${(error as Error).message}` };
  }
}

/**
 * Starts a real OpenSSH server (internal-sftp) on a random loopback port with a generated host key
 * and client key; password login for `lis-sftp-test` when running as root.
 */
export async function startOpenSshServer(): Promise<OpenSshServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-sshd-'));
  const hostKey = path.join(dir, 'ssh_host_ed25519_key');
  const clientKey = path.join(dir, 'client_key');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey], { stdio: 'ignore' });
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'lis-test', '-f', clientKey], {
    stdio: 'ignore',
  });
  fs.copyFileSync(`${clientKey}.pub`, path.join(dir, 'authorized_keys'));
  fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const passwordUser = preparePasswordUser();
  const keyUser = os.userInfo().username;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  fs.writeFileSync(
    config,
    [
      'ListenAddress 127.0.0.1',
      `Port ${port}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
      'StrictModes no',
      'UsePAM no',
      'PubkeyAuthentication yes',
      `PasswordAuthentication ${passwordUser.user ? 'yes' : 'no'}`,
      'KbdInteractiveAuthentication no',
      `PermitRootLogin ${isRoot ? 'prohibit-password' : 'no'}`,
      `AllowUsers ${[keyUser, passwordUser.user].filter(Boolean).join(' ')}`,
      'MaxAuthTries 6',
      'LoginGraceTime 20',
      'Subsystem sftp internal-sftp',
      '',
    ].join('\n'),
  );
  let output = '';
  const child = spawn(SSHD_PATH, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  try {
    await waitForBanner(port, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    keyUser,
    privateKey: fs.readFileSync(clientKey, 'utf8'),
    password: passwordUser.password,
    passwordUser: passwordUser.user,
    passwordSkipReason: passwordUser.reason,
    dir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
