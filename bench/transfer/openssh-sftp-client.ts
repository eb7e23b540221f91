import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { OpenSshServer } from '../../apps/server/src/test-support/openssh-server.js';

const GNU_TIME = '/usr/bin/time';

export interface SftpBatchTiming {
  /** Wall time: process start, handshake and transfer (like ours, which includes its connect). */
  ms: number;
  /** User + system CPU of the `sftp` process, when /usr/bin/time is there to measure it. */
  cpuMs: number | undefined;
}

/**
 * Runs OpenSSH's `sftp` client in batch mode (`sftp -b`) against the test server with the same key the
 * adapter uses, default buffer and request settings.
 */
export async function runSftpBatch(server: OpenSshServer, commands: string[]): Promise<SftpBatchTiming> {
  const batch = path.join(server.dir, 'bench-batch.txt');
  const cpuFile = path.join(server.dir, 'bench-cpu.txt');
  fs.writeFileSync(batch, `${commands.join('\n')}\n`);
  fs.rmSync(cpuFile, { force: true });
  const sftpArgs = [
    '-b',
    batch,
    '-i',
    path.join(server.dir, 'client_key'),
    '-P',
    String(server.port),
    '-o',
    'StrictHostKeyChecking=no',
    '-o',
    'UserKnownHostsFile=/dev/null',
    '-o',
    'BatchMode=yes',
    '-o',
    'LogLevel=ERROR',
    `${server.keyUser}@${server.host}`,
  ];
  const measured = fs.existsSync(GNU_TIME);
  const [command, args] = measured
    ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, 'sftp', ...sftpArgs]]
    : ['sftp', sftpArgs];
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`sftp exited ${code}: ${stderr}`)),
    );
  });
  const ms = performance.now() - started;
  const [user, system] = measured ? fs.readFileSync(cpuFile, 'utf8').trim().split(/\s+/).map(Number) : [];
  const cpuMs = user !== undefined && system !== undefined ? (user + system) * 1000 : undefined;
  return { ms, cpuMs };
}
