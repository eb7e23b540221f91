import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { filterMatching, RegexTimeoutError } from './bounded-regex.js';
import { threadCpuMs } from './thread-cpu.js';

const CATASTROPHIC = /^(a+)+$/u;
const CATASTROPHIC_NAME = `${'a'.repeat(40)}!`;

/** Threads that only spin, so this thread gets a small share of the cores (a loaded server). */
async function startSpinners(count: number): Promise<() => Promise<void>> {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const source = `
    const { workerData, parentPort } = require('node:worker_threads');
    const stop = new Int32Array(workerData);
    parentPort.postMessage('spinning');
    while (Atomics.load(stop, 0) === 0) {}
  `;
  const workers = Array.from(
    { length: count },
    () => new Worker(source, { eval: true, workerData: stop.buffer }),
  );
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  return async () => {
    Atomics.store(stop, 0, 1);
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
  };
}

/** Names a plain pattern takes some milliseconds of CPU to go through. */
function manyNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    index % 3 === 0 ? `INV_${String(index).padStart(8, '0')}.csv` : `report_${index}_${'x'.repeat(60)}.txt`,
  );
}

describe('filterMatching', () => {
  let stopSpinners: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stopSpinners?.();
    stopSpinners = undefined;
  });

  it('keeps the names the pattern matches, in order', () => {
    expect(filterMatching(/^INV_\d+\.csv$/u, ['INV_1.csv', 'x.csv', 'INV_22.csv'])).toEqual([
      'INV_1.csv',
      'INV_22.csv',
    ]);
  });

  it('ignores the global flag, so every name is tested from its start', () => {
    expect(filterMatching(/a/gu, ['a', 'a', 'b'])).toEqual(['a', 'a']);
  });

  it('stops a catastrophic pattern at the time limit instead of hanging', () => {
    // Without the limit this pattern backtracks for minutes and the test times out: answering at
    // all, with the limit's error, is the check (how soon is not asserted: a loaded machine is slow).
    expect(() => filterMatching(CATASTROPHIC, [CATASTROPHIC_NAME], { cpuMs: 100, wallMs: 5_000 })).toThrow(
      RegexTimeoutError,
    );
  });

  it('answers a plain pattern on a starved thread, where the wall clock alone would refuse it', async () => {
    const pattern = /^INV_\d{8}\.csv$/u;
    const names = manyNames(60_000);
    const expected = names.filter((name) => pattern.test(name));
    const cpuBefore = threadCpuMs();
    filterMatching(pattern, names, { cpuMs: 60_000, wallMs: 60_000 });
    // A limit a few times this thread's own cost: met idle, missed by the wall clock when the cores
    // are shared with many spinning threads (each gets about cores / (spinners + 1) of a core).
    const cpuMs = Math.max(40, 3 * (threadCpuMs() - cpuBefore));
    stopSpinners = await startSpinners(8 * availableParallelism());

    expect(filterMatching(pattern, names, { cpuMs, wallMs: 60_000 })).toEqual(expected);
  });

  it('still refuses a catastrophic pattern on a starved thread', async () => {
    stopSpinners = await startSpinners(8 * availableParallelism());

    expect(() => filterMatching(CATASTROPHIC, [CATASTROPHIC_NAME], { cpuMs: 60, wallMs: 60_000 })).toThrow(
      RegexTimeoutError,
    );
  });
});
