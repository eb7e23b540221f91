import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeLocalFailure } from '../pipeline/steps/local-failure.js';
import { LocalBlobStore } from './blob-store.js';

const temporaries: string[] = [];
afterAll(() => {
  for (const dir of temporaries) {
    spawnSync('umount', [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-local-store-'));
  temporaries.push(dir);
  return dir;
}

/** A read-only file system of its own (a tmpfs mounted read-only), where this machine allows mounts. */
function readOnlyMount(): string | undefined {
  const dir = tempDir();
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir]);
  return mounted.status === 0 ? dir : undefined;
}

const readOnly = readOnlyMount();

describe('the local file store on an unkind disk', () => {
  it.skipIf(readOnly === undefined)(
    'a read-only file system is named as such (EROFS), not as a missing folder (ENOENT … mkdir)',
    async () => {
      const store = new LocalBlobStore(path.join(readOnly as string, 'files'));
      const failure = await store.put('A/JOB/1/source/a.csv', Buffer.from('x')).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((failure as { code?: unknown }).code).toBe('EROFS');
      expect(describeLocalFailure(failure)).toMatch(/^the file store is on a read-only file system \(EROFS/);
    },
  );

  it('keeps a file whose name is 250 bytes long (its temporary name stays short)', async () => {
    const store = new LocalBlobStore(tempDir());
    const name = `${'n'.repeat(246)}.csv`;
    const stored = await store.put(`A/JOB/1/source/${name}`, Buffer.from('long,name\n'));
    expect(stored.size).toBe(10);
    expect(await store.list('A/JOB/1')).toEqual([`A/JOB/1/source/${name}`]);
  });

  it("removes a run's emptied folders with its last file, and keeps the job's folder", async () => {
    const root = tempDir();
    const store = new LocalBlobStore(root);
    await store.put('A/JOB/1/source/a.csv', Buffer.from('a'));
    await store.put('A/JOB/1/source/b.csv', Buffer.from('b'));
    await store.put('A/JOB/2/source/c.csv', Buffer.from('c'));
    await store.delete('A/JOB/1/source/a.csv');
    expect(fs.existsSync(path.join(root, 'A/JOB/1/source'))).toBe(true);
    await store.delete('A/JOB/1/source/b.csv');
    expect(fs.existsSync(path.join(root, 'A/JOB/1'))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'A/JOB'))).toEqual(['2']);
  });
});
