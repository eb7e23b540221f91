import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileSink } from './local-file-sink.js';

describe('LocalFileSink', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-file-sink-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes chunks handed over at once in order, in few writes, syncing in the background', async () => {
    const file = await fsp.open(path.join(dir, 'out.bin'), 'wx');
    const calls = { writev: 0, datasync: 0 };
    const writev = file.writev.bind(file);
    const datasync = file.datasync.bind(file);
    file.writev = (buffers, position) => {
      calls.writev++;
      return writev(buffers, position);
    };
    file.datasync = () => {
      calls.datasync++;
      return datasync();
    };
    const chunks = Array.from({ length: 40 }, () => crypto.randomBytes(1024));
    const sink = new LocalFileSink(file, 4 * 1024);
    let position = 0;
    const writes = chunks.map((chunk) => {
      const write = sink.write(chunk, position);
      position += chunk.length;
      return write;
    });
    await Promise.all(writes);
    const syncsBeforeFinish = calls.datasync;
    await sink.finish(true);
    await file.close();
    expect(fs.readFileSync(path.join(dir, 'out.bin'))).toEqual(Buffer.concat(chunks));
    // The first chunk goes out alone; the 39 that queued meanwhile in one writev.
    expect(calls.writev).toBe(2);
    expect(syncsBeforeFinish).toBe(1);
    expect(calls.datasync).toBe(2);
  });

  it('does not sync when not asked to', async () => {
    const file = await fsp.open(path.join(dir, 'plain.bin'), 'wx');
    let syncs = 0;
    file.datasync = () => {
      syncs++;
      return Promise.resolve();
    };
    const sink = new LocalFileSink(file, undefined);
    await sink.write(Buffer.from('abc'), 0);
    await sink.finish(false);
    await file.close();
    expect(syncs).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'plain.bin'), 'utf8')).toBe('abc');
  });

  it('refuses a chunk out of file order', async () => {
    const file = await fsp.open(path.join(dir, 'order.bin'), 'wx');
    const sink = new LocalFileSink(file, undefined);
    await expect(sink.write(Buffer.from('abc'), 5)).rejects.toThrow(/5 handed over, 0 expected/);
    await file.close();
  });

  it('fails every queued write and the finish when the file system refuses', async () => {
    fs.writeFileSync(path.join(dir, 'read-only.bin'), '');
    const file = await fsp.open(path.join(dir, 'read-only.bin'), 'r');
    const sink = new LocalFileSink(file, undefined);
    const writes = [sink.write(Buffer.from('ab'), 0), sink.write(Buffer.from('cd'), 2)];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(sink.write(Buffer.from('ef'), 4)).rejects.toMatchObject({ code: 'EBADF' });
    await expect(sink.finish(true)).rejects.toMatchObject({ code: 'EBADF' });
    await file.close();
  });
});
