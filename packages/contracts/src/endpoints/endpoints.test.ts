import { describe, expect, it } from 'vitest';
import { endpointGroups, endpoints } from './index.js';

// The types the table gives a call are checked where tsc reads the tests: apps/web's
// platform/api/endpoint-client.test.ts. That each entry is its route's: apps/server/test/endpoint-table.test.ts.

describe('the endpoint table', () => {
  it('has each route once: no key in two of its groups', () => {
    const keys = Object.values(endpointGroups).flatMap((group) => Object.keys(group));
    expect(keys.length).toBe(new Set(keys).size);
    expect(Object.keys(endpoints).length).toBe(keys.length);
  });

  it('keys each entry by a method and an absolute path', () => {
    const malformed = Object.keys(endpoints).filter((key) => !/^(GET|POST|PUT|DELETE) \/\S+$/.test(key));
    expect(malformed).toEqual([]);
  });

  it('declares params exactly where the path has parameters, with the same names', () => {
    for (const [key, entry] of Object.entries(endpoints)) {
      const names = [...key.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared =
        'params' in entry ? Object.keys((entry.params as { properties: object }).properties) : [];
      expect(declared.sort(), key).toEqual(names);
    }
  });
});
