import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { OpenSshServer } from '../../apps/server/src/test-support/openssh-server.js';

/**
 * Runs OpenSSH's `sftp` client in batch mode (`sftp -b`) against the test server with the same key the
 * adapter uses, default buffer and request settings. Resolves with the wall time in ms (process start,
 * handshake and transfer, like the adapter's figure which includes its connect).
 */
export async function runSftpBatch(server: OpenSshServer, commands: string[]): Promise<number> {
  const batch = path.join(server.dir, 'bench-batch.txt');
  fs.writeFileSync(batch, `${commands.join('\n')}\n`);
  const args = [
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
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('sftp', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`sftp exited ${code}: ${stderr}`)),
    );
  });
  return performance.now() - started;
}
