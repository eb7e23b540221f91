import type { Company } from '@lis/contracts';
import { mockFetch, type MockEndpoint } from './mock-fetch';

/** One request the screen made, as a test reads it back. */
export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * A fake server behind `mockFetch`: the screen's documented routes over data the test keeps in memory.
 * `calls(method, path)` lists the requests made to one path, in order, with their parsed JSON body.
 */
export function fakeApi(endpoints: Record<string, MockEndpoint>) {
  const fetchMock = mockFetch(endpoints);
  const calls = (method: string, path: string): RecordedCall[] =>
    fetchMock.mock.calls
      .map(([input, init]) => ({
        method: (init?.method ?? 'GET').toUpperCase(),
        url: new URL(String(input)),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      }))
      .filter((call) => call.method === method && call.url.pathname === path);
  return { fetchMock, calls };
}

/** A list answer of the API: every row, on one page. */
export const page = <T>(rows: readonly T[]) => ({ result_list: [...rows], total_count: rows.length });

export const company = (code: string, name: string, status: Company['status'] = 'active'): Company => ({
  sid: '555',
  company_code: code,
  company_name: name,
  status,
});

/** The two companies most screen tests offer in their Company selects. */
export const COMPANIES: Company[] = [company('ACME', 'Acme Trading'), company('SIAM', 'Siam Logistics')];
