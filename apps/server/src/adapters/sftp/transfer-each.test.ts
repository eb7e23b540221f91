import { describe, expect, it } from 'vitest';
import { SftpError } from './sftp-error.js';
import { transferEach } from './transfer-each.js';

/** A piece of work that finishes when told to, or fails with ABORTED when its signal fires. */
function controllable() {
  const running = new Map<number, () => void>();
  let now = 0;
  let max = 0;
  const work = (index: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      now += 1;
      max = Math.max(max, now);
      let settled = false;
      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        now -= 1;
        running.delete(index);
        if (error) reject(error);
        else resolve();
      };
      running.set(index, () => settle());
      signal.addEventListener('abort', () => settle(new SftpError('ABORTED', `item ${index}: aborted`)), {
        once: true,
      });
    });
  return { running, work, max: () => max, now: () => now };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('transferEach', () => {
  it('runs every item, never more than the limit at once', async () => {
    const items = Array.from({ length: 20 }, (_, index) => index);
    const c = controllable();
    const done: number[] = [];
    const all = transferEach(items, { concurrency: 3 }, async (item, signal) => {
      await c.work(item, signal);
      done.push(item);
    });
    while (done.length < items.length) {
      await tick();
      expect(c.now()).toBeLessThanOrEqual(3);
      // Finish the oldest running item.
      const [first] = c.running.values();
      first?.();
    }
    await all;
    expect(c.max()).toBe(3);
    expect([...done].sort((a, b) => a - b)).toEqual(items);
  });

  it('reports the first failure, cancels the running items and starts no new one', async () => {
    const started: number[] = [];
    const c = controllable();
    const all = transferEach(
      Array.from({ length: 10 }, (_, index) => index),
      { concurrency: 3 },
      (item, signal) => {
        started.push(item);
        if (item === 4) return Promise.reject(new Error('file-4.csv: permission denied'));
        return c.work(item, signal);
      },
    );
    await tick();
    c.running.get(0)?.();
    c.running.get(1)?.();
    await expect(all).rejects.toThrow('file-4.csv: permission denied');
    // 0 and 1 finished, 2 and 3 were cancelled, 4 failed: nothing after it started, nothing still runs.
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(c.now()).toBe(0);
  });

  it("with afterError 'finish', lets the running items complete, starts no new one, reports the failure", async () => {
    const c = controllable();
    const started: number[] = [];
    const finished: number[] = [];
    const all = transferEach(
      Array.from({ length: 10 }, (_, index) => index),
      { concurrency: 3, afterError: 'finish' },
      async (item, signal) => {
        started.push(item);
        if (item === 2) throw new Error('file-2.csv: permission denied');
        await c.work(item, signal);
        finished.push(item);
      },
    );
    await tick();
    // 2 failed at once; 0 and 1 still run, not cancelled, and nothing new starts when they end.
    expect(c.now()).toBe(2);
    c.running.get(0)?.();
    await tick();
    c.running.get(1)?.();
    await expect(all).rejects.toThrow('file-2.csv: permission denied');
    expect(started).toEqual([0, 1, 2]);
    expect(finished).toEqual([0, 1]);
  });

  it('stops everything when the caller aborts, and rejects ABORTED once all have stopped', async () => {
    const controller = new AbortController();
    const c = controllable();
    const started: number[] = [];
    const all = transferEach(
      [1, 2, 3, 4, 5],
      { concurrency: 2, signal: controller.signal },
      (item, signal) => {
        started.push(item);
        return c.work(item, signal);
      },
    );
    await tick();
    controller.abort();
    const error = await all.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SftpError);
    expect((error as SftpError).code).toBe('ABORTED');
    expect(started).toEqual([1, 2]);
    expect(c.now()).toBe(0);
  });

  it('does nothing for no items, and refuses to start when already aborted', async () => {
    await transferEach([], { concurrency: 4 }, () => Promise.reject(new Error('never')));
    await expect(
      transferEach([1], { concurrency: 4, signal: AbortSignal.abort() }, () => Promise.resolve()),
    ).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
