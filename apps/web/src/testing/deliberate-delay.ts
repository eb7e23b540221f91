/**
 * The console's twin of the server's `deliberateDelay` (apps/server/src/test-support): a delay that is
 * the thing under test — here a mocked network's latency (mock-fetch.ts) — never a wait for something
 * to happen (that is `waitFor`). The lint rule against sleeps in tests allows this file by name.
 */
export function deliberateDelay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
