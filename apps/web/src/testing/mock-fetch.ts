import { vi } from 'vitest';
import { deliberateDelay } from './deliberate-delay';

/** What a mocked endpoint answers: a JSON body (status 200), or a full Response. */
export type MockAnswer = unknown | Response;
export type MockEndpoint = (request: { url: URL; body: unknown }) => MockAnswer | Promise<MockAnswer>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * `LIS_TEST_FETCH_JITTER_MS=n` (`npm run test:web:jitter`): every mocked answer first waits a random
 * 0–n ms, as a real network would. Screen tests that pass only because answers come back within a few
 * microtasks fail under it: a race to find (CI run 29's flake was one), not a wait to rely on.
 */
const JITTER_MS = Number(process.env.LIS_TEST_FETCH_JITTER_MS ?? 0);

async function networkLatency(): Promise<void> {
  // Under fake timers a delay would wait for a tick the test never gives.
  if (JITTER_MS > 0 && !vi.isFakeTimers()) await deliberateDelay(Math.random() * JITTER_MS);
}

/**
 * Replaces the global fetch with a table of endpoints keyed `METHOD /path` (unknown ones answer 404).
 * Returns the mock, whose calls tests can inspect.
 */
export function mockFetch(endpoints: Record<string, MockEndpoint>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const endpoint = endpoints[`${method} ${url.pathname}`];
    if (!endpoint) return jsonResponse({ message: `no mock for ${method} ${url.pathname}` }, 404);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    await networkLatency();
    const answer = await endpoint({ url, body });
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** An unsigned JWT with the given payload (the console only reads tokens; the server verifies them). */
export function fakeToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export function futureExp(seconds = 3600): number {
  return Math.floor(Date.now() / 1000) + seconds;
}
