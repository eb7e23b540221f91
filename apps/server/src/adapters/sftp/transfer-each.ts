import { abortedError, throwIfAborted } from './sftp-error.js';

export interface TransferEachOptions {
  /** How many items are worked on at once (at least 1). */
  concurrency: number;
  /** Stops every item: those running are cancelled through their signal, no new one starts. */
  signal?: AbortSignal | undefined;
  /**
   * After a failure: 'cancel' (the default) fires the signal of the items still running; 'finish' lets
   * them complete (a delivery half done is not wasted). Either way no new item starts.
   */
  afterError?: 'cancel' | 'finish' | undefined;
}

/**
 * Runs `work` for every item, at most `concurrency` at once, each given a signal that fires when the
 * caller's does or (with `afterError: 'cancel'`) when another item failed. The first failure is what
 * rejects (the error of that item, as `work` threw it); no new item starts after it, and the items still
 * running are cancelled or finished, and awaited, first — so when this settles nothing is running any
 * more. Items are started in order.
 */
export async function transferEach<T>(
  items: readonly T[],
  options: TransferEachOptions,
  work: (item: T, signal: AbortSignal, index: number) => Promise<void>,
): Promise<void> {
  const outer = options.signal;
  throwIfAborted(outer, 'transferring files');
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let next = 0;
  let failed = false;
  let firstError: unknown;
  const worker = async () => {
    while (next < items.length && !failed && !stop.signal.aborted) {
      const index = next++;
      try {
        await work(items[index] as T, stop.signal, index);
      } catch (error) {
        // After the first failure (or an abort) only that one is reported: the others' are its consequence.
        if (failed || stop.signal.aborted) continue;
        failed = true;
        firstError = error;
        if (options.afterError !== 'finish') stop.abort(error);
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(options.concurrency) || 1, items.length));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
  }
  if (failed) throw firstError;
  if (outer?.aborted) throw abortedError('transferring files', outer);
}
