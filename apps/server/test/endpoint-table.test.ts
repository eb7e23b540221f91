import { endpoints, type EndpointSchemas } from '@lis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/test-support/test-app.js';

/** Routes for operators and probes, not the API the console calls: outside the table. */
const OUTSIDE_THE_TABLE = ['GET /healthz', 'GET /readyz', 'GET /metrics'];

const table: Record<string, EndpointSchemas> = endpoints;

/**
 * The contracts' endpoint table (`@lis/contracts` endpoints) types every call of the console; this holds
 * it true: the same routes as the server registers, each with the very schemas its route declares.
 */
describe('the endpoint table of @lis/contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const routes = () => t.routes.filter((route) => route.method !== 'HEAD');

  it('names every route the server registers (method and path), and no other', () => {
    const registered = routes()
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !OUTSIDE_THE_TABLE.includes(key))
      .sort();
    expect(Object.keys(table).sort()).toEqual(registered);
  });

  it('holds for each endpoint the schemas its route declares (params, query, body, the 200 answer)', () => {
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const entry = table[key];
      if (!entry) continue;
      const declared = (route.schema ?? {}) as {
        params?: unknown;
        querystring?: unknown;
        body?: unknown;
        response?: Record<string, unknown>;
      };
      // The same objects, not equal copies: a route declares its schemas from @lis/contracts.
      expect(entry.params, `${key}: params`).toBe(declared.params);
      expect(entry.query, `${key}: query`).toBe(declared.querystring);
      expect(entry.body, `${key}: body`).toBe(declared.body);
      expect(entry.response, `${key}: the 200 answer`).toBe(declared.response?.['200']);
    }
  });

  it('gives every endpoint a JSON answer or says what else it answers', () => {
    const neither = Object.entries(table)
      .filter(([, entry]) => entry.response === undefined && entry.answer === undefined)
      .map(([key]) => key);
    expect(neither).toEqual([]);
  });
});
