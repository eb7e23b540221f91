import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder, type DataFolderLock } from './data-folder-lock.js';

const held: DataFolderLock[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lis-lock-'));
}

describe('lockDataFolder', () => {
  it('refuses a second holder while the first holds the folder, and names the first', () => {
    const dir = tempDir();
    held.push(lockDataFolder(dir, () => 'pid 1 (first)'));
    expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
    expect(() => lockDataFolder(dir)).toThrow(/in use by another running LIS process \(pid 1 \(first\)\)/);
  });

  it('can be taken again after release', () => {
    const dir = tempDir();
    lockDataFolder(dir).release();
    held.push(lockDataFolder(dir));
    expect(fs.readFileSync(path.join(dir, 'lis.pid'), 'utf8')).toContain(`pid ${process.pid}`);
  });

  it('is free again once a holding process was killed with SIGKILL (no stale lock)', async () => {
    const dir = tempDir();
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(${JSON.stringify(path.join(dir, 'lis.lock'))});
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); COMMIT');
      process.stdout.write('locked\\n');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['-e', script], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('locked')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the holder exited early (${code})`)));
    });
    expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    held.push(lockDataFolder(dir));
  });
});
