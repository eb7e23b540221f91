/**
 * The one way the tests wait (LIS issue 20): on a condition, never on a clock. Server, tools and e2e
 * tests import it from here; the web's tests use Testing Library's `waitFor`.
 */
export interface EventuallyOptions {
  /** How long the condition may take before the test fails; 10 s unless told. */
  timeout?: number;
  /** How often the condition is checked; every 20 ms unless told. */
  interval?: number;
  /** What is awaited, for the failure's message ("the run to finish"). */
  message?: string;
}

/**
 * Checks `check` until it answers a value other than `undefined` or `false`, and answers that value.
 * An error thrown by `check` is not retried: it fails the wait at once. It paces itself on the real
 * clock: under `vi.useFakeTimers` use `vi.waitFor`, which moves the fake one.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: EventuallyOptions = {},
): Promise<T> {
  const { timeout = 10_000, interval = 20 } = options;
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${options.message ?? 'the condition'}`);
    }
    await nextCheck(interval);
  }
}

/** The pause between two checks of a condition: the poll interval, not a wait for anything. */
function nextCheck(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
