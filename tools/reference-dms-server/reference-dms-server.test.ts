import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createReferenceDmsServer, type ReferenceDmsServer } from './reference-dms-server.js';

describe('reference DMS server', () => {
  let server: ReferenceDmsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const start = async (options: { maxBodyBytes?: number; now?: () => Date } = {}) => {
    server = await createReferenceDmsServer({ token: 'tok-1', ...options });
    return server;
  };
  const headers = { authorization: 'Bearer tok-1', 'content-type': 'application/json' };
  const body = (text: string) =>
    JSON.stringify({
      box_id: 'b',
      group_id: 'g',
      role: 'r',
      content_base64: Buffer.from(text).toString('base64'),
    });

  it('listens on 127.0.0.1 under /dms', async () => {
    expect((await start()).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dms$/);
  });

  it('answers 401 to a missing or wrong token', async () => {
    const { url } = await start();
    for (const authorization of [undefined, 'Bearer tok-2', 'Basic dG9rLTE6', 'Bearer tok-1x']) {
      const response = await fetch(`${url}/buckets/b/jobs/j/files`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'wrong token' });
    }
  });

  it('reports file_size in kilobytes as text, and lists a run oldest first', async () => {
    let clock = Date.parse('2025-03-01T00:00:00Z');
    const { url } = await start({ now: () => new Date((clock += 1000)) });
    await fetch(`${url}/buckets/b/jobs/j/files/z.txt`, {
      method: 'PUT',
      headers,
      body: body('x'.repeat(2048)),
    });
    await fetch(`${url}/buckets/b/jobs/j/files/a.txt`, { method: 'PUT', headers, body: body('y') });
    const list = (await (await fetch(`${url}/buckets/b/jobs/j/files`, { headers })).json()) as {
      result_list: Array<{ file_name: string; file_size: string; created_on: string }>;
      total_count: number;
    };
    expect(list.total_count).toBe(2);
    expect(list.result_list.map((file) => [file.file_name, file.file_size, file.created_on])).toEqual([
      ['z.txt', '2', '2025-03-01T00:00:01.000Z'],
      ['a.txt', '0.0009765625', '2025-03-01T00:00:02.000Z'],
    ]);
  });

  it('refuses bad bodies (400), too large bodies (413) and other methods (405)', async () => {
    const { url } = await start({ maxBodyBytes: 512 });
    const put = (name: string, payload: string) =>
      fetch(`${url}/buckets/b/jobs/j/files/${name}`, { method: 'PUT', headers, body: payload });
    expect((await put('a', '{')).status).toBe(400);
    expect((await put('a', JSON.stringify({ box_id: 'b' }))).status).toBe(400);
    expect((await put('a', body('x'.repeat(2048)))).status).toBe(413);
    expect((await put('a%5Cb', body('x'))).status).toBe(400);
    expect(await rawPutStatus(`${url}/buckets/b/jobs/j/files/%2e%2e`, body('x'))).toBe(400);
    expect(
      (await fetch(`${url}/buckets/b/jobs/j/files`, { method: 'POST', headers, body: body('x') })).status,
    ).toBe(405);
  });
});

/** A PUT whose path is sent as written (fetch would resolve `%2e%2e` before sending). */
function rawPutStatus(url: string, payload: string): Promise<number> {
  const { hostname, port, pathname } = new URL(url.replace('%2e%2e', 'DOTDOT'));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        path: pathname.replace('DOTDOT', '%2e%2e'),
        method: 'PUT',
        headers: { authorization: 'Bearer tok-1' },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
