/**
 * A delay that is the thing under test — a peer that answers slowly so a timeout can be seen, a fault
 * injector that stalls a stream, notifies spaced to straddle a coalescing window — never a wait for
 * something to happen (that is `eventually`). The only place a test may pause on a clock: the lint
 * rule against sleeps in tests (eslint.config.js) allows this file, so every such pause is named here.
 */
export function deliberateDelay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
