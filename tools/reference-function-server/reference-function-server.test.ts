import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../apps/server/src/test-support/eventually.js';
import { createReferenceFunctionServer, type ReferenceFunctionServer } from './reference-function-server.js';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('reference function server', () => {
  let server: ReferenceFunctionServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const start = async (options: Partial<Parameters<typeof createReferenceFunctionServer>[0]> = {}) => {
    server = await createReferenceFunctionServer({ username: 'svc', password: 's3cret', ...options });
    return server;
  };

  it('listens on 127.0.0.1 under /api', async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  });

  it('answers 401 with a Basic challenge to missing or wrong credentials', async () => {
    const { url } = await start();
    for (const authorization of [
      undefined,
      basic('svc', 'wrong'),
      basic('other', 's3cret'),
      'Bearer s3cret',
    ]) {
      const response = await fetch(`${url}/info`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(await response.json()).toEqual({ message: 'wrong username or password' });
    }
    const ok = await fetch(`${url}/info`, { headers: { authorization: basic('svc', 's3cret') } });
    expect(ok.status).toBe(200);
  });

  it('info reports the machine and the process plausibly, with a fixed clientUUID when given', async () => {
    const { url } = await start({ clientUUID: '6f1c7d1e-0000-4000-8000-000000000001' });
    const info = (await (
      await fetch(`${url}/info`, { headers: { authorization: basic('svc', 's3cret') } })
    ).json()) as Record<string, unknown>;
    expect(info.clientUUID).toBe('6f1c7d1e-0000-4000-8000-000000000001');
    expect(info.percentTotalCPUUsage).toBeGreaterThanOrEqual(0);
    expect(info.percentTotalCPUUsage).toBeLessThanOrEqual(100);
    expect(info.functionUsage).toBe(0);
    expect(info.serverOS).toMatch(/\S+ \S+ \S+/);
  });

  it('answers 400 to a body that is not JSON or not a call, 405 to other methods, 404 elsewhere', async () => {
    const { url } = await start();
    const headers = { authorization: basic('svc', 's3cret'), 'content-type': 'application/json' };
    const notJson = await fetch(`${url}/functions/Demo/echo`, { method: 'POST', headers, body: '{' });
    expect([notJson.status, await notJson.json()]).toEqual([400, { message: 'the body is not JSON' }]);
    const notCall = await fetch(`${url}/functions/Demo/echo`, {
      method: 'POST',
      headers,
      body: '{"sid":"555"}',
    });
    expect([notCall.status, await notCall.json()]).toEqual([
      400,
      { message: 'company_code must be a string' },
    ]);
    expect((await fetch(`${url}/functions/Demo/echo`, { method: 'DELETE', headers })).status).toBe(405);
    expect((await fetch(`${url}/elsewhere`, { headers })).status).toBe(404);
    expect((await fetch(`${url.replace(/\/api$/, '')}/info`, { headers })).status).toBe(404);
  });

  it('answers 413 to a body over the limit', async () => {
    const { url } = await start({ maxBodyBytes: 1024 });
    const response = await fetch(`${url}/functions/Demo/echo`, {
      method: 'POST',
      headers: { authorization: basic('svc', 's3cret'), 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(4096) }),
    });
    expect(response.status).toBe(413);
  });

  it('close() ends a slow call in flight instead of waiting for it', async () => {
    const running = await start({ slowSeconds: 60 });
    const call = fetch(`${running.url}/functions/Demo/slow`, {
      method: 'POST',
      headers: { authorization: basic('svc', 's3cret'), 'content-type': 'application/json' },
      body: JSON.stringify({
        sid: '555',
        company_code: 'C',
        legacy_id: 'L',
        legacy_type: 'IN_WAIT',
        job_instance_no: 'J',
        files: [],
      }),
    }).catch((error: unknown) => error);
    await eventually(() => running.callCount() === 1, { message: 'the slow call to be in flight' });
    // Waiting for the call instead would take its 60 s, past the test's time-out: closing at all is the check.
    await running.close();
    server = undefined;
    expect(await call).toBeInstanceOf(Error);
  });
});
