import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseReadStream } from './release-read-stream.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('releaseReadStream', () => {
  it('closes a stream that was never read, before the file may be removed', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-release-'));
    const file = path.join(dir, 'scratch');
    fs.writeFileSync(file, 'x'.repeat(1000));
    const stream = fs.createReadStream(file);
    await releaseReadStream(stream);
    expect(stream.closed).toBe(true);
    fs.rmSync(file);
  });

  it('closes a stream a reader destroyed while it was still opening', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-release-'));
    const file = path.join(dir, 'scratch');
    fs.writeFileSync(file, 'x');
    const stream = fs.createReadStream(file);
    stream.destroy();
    await releaseReadStream(stream);
    expect(stream.closed).toBe(true);
  });

  it('takes the late failure of an open (the file already gone) without an uncaught error', async () => {
    const stream = fs.createReadStream(path.join(os.tmpdir(), `lis-missing-${process.pid}-${Date.now()}`));
    stream.destroy();
    await releaseReadStream(stream);
    expect(stream.closed).toBe(true);
  });
});
