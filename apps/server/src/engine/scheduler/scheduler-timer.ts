/** How the loop waits: injected so tests can observe or shorten the sleeps. */
export interface SchedulerTimer {
  /** Resolves after `ms`, or at once when `wake` aborts. */
  sleep(ms: number, wake: AbortSignal): Promise<void>;
}

export const realTimer: SchedulerTimer = {
  sleep: (ms, wake) =>
    new Promise((resolve) => {
      if (wake.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        wake.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake.addEventListener('abort', done, { once: true });
    }),
};
