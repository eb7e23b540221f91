import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes `bytes` of random data to `file` in a child process (`head -c N /dev/urandom`), so generating
 * hundreds of MiB leaves no garbage in this process's RSS, which the benchmark reports.
 */
export function writeRandomFile(file: string, bytes: number): void {
  const out = fs.openSync(file, 'w');
  try {
    execFileSync('head', ['-c', String(bytes), '/dev/urandom'], { stdio: ['ignore', out, 'inherit'] });
  } finally {
    fs.closeSync(out);
  }
}

/** `count` files `small-0000.bin` … of `bytes` random bytes each, in `dir`. */
export function writeSmallFiles(dir: string, count: number, bytes: number): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `small-${String(i).padStart(4, '0')}.bin`;
    fs.writeFileSync(path.join(dir, name), crypto.randomBytes(bytes));
    names.push(name);
  }
  return names;
}

/** Empties a folder (keeps the folder). */
export function emptyDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}

export function totalBytes(dir: string): number {
  return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

/** fdatasync of each file (what our download does before its rename), for the OpenSSH side. */
export function syncFilesToDisk(files: string[]): void {
  for (const file of files) {
    const fd = fs.openSync(file, 'r');
    try {
      fs.fdatasyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
}
