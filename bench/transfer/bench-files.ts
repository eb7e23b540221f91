import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Writes `bytes` of random data to `file` 4 MiB at a time (flat memory). */
export async function writeRandomFile(file: string, bytes: number): Promise<void> {
  const out = fs.createWriteStream(file);
  const block = 4 * 1024 * 1024;
  for (let written = 0; written < bytes; written += block) {
    const chunk = crypto.randomBytes(Math.min(block, bytes - written));
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
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
