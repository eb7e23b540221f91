import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { createTestApp, type TestApp } from '../src/test-support/test-app.js';

/** Issue 15: the first start's one-time passwords, printed so that they are seen; a quiet request log. */
describe('the first start prints its one-time passwords in a block of their own', () => {
  let server: RunningServer | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the URL, the user and a password that must be changed at the first sign-in', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-first-start-'));
    const notices: string[] = [];
    const config = loadConfig({
      LIS_DATA_DIR: dataDir,
      LIS_PORT: '0',
      LIS_LOG_LEVEL: 'silent',
      LIS_DEMO: 'off',
      LIS_TIMEZONE: 'Asia/Bangkok',
    });
    server = await startServer(config, { version: 'test', notice: (text) => notices.push(text) });
    expect(notices).toHaveLength(1);
    const notice = notices[0] ?? '';
    expect(notice).toContain(`at ${server.url}/`);
    expect(notice).toContain('user reset-password NAME');
    const password = /^ {4}admin {2}(\S+) {2}\(super_admin\)$/m.exec(notice)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(await login.json()).toMatchObject({ must_change_password: true });

    // The second start creates nobody and prints nothing.
    await server.close();
    server = await startServer(config, { version: 'test', notice: (text) => notices.push(text) });
    expect(notices).toHaveLength(1);
  });
});

describe('request log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function linesFor(mode: string | undefined) {
    const logLines: string[] = [];
    t = await createTestApp('sqlite', mode ? { LIS_LOG_REQUESTS: mode } : {}, { logLines });
    await t.user('someone', [['*', 'super_admin']]);
    const calls = [
      t.as('someone', { method: 'POST', url: '/v1/ping', payload: {} }),
      t.as('someone', { url: '/v1/version' }),
      t.app.inject({ url: '/legacyreport' }),
      t.app.inject({ url: '/healthz' }),
    ];
    for (const call of calls) await call;
    return logLines
      .map((line) => JSON.parse(line) as { msg: string; url?: string; statusCode?: number; user?: string })
      .filter((line) => line.msg === 'request' || /incoming request|request completed/.test(line.msg));
  }

  it('writes one line per API call by default, none for the ping, probes or console paths', async () => {
    const lines = await linesFor(undefined);
    expect(lines.map((line) => [line.msg, line.url, line.statusCode, line.user])).toEqual([
      ['request', '/v1/version', 200, 'someone'],
    ]);
  });

  it('LIS_LOG_REQUESTS=all logs every request once; off logs none', async () => {
    const urls = (await linesFor('all')).map((line) => line.url);
    expect(urls.sort()).toEqual(['/healthz', '/legacyreport', '/v1/ping', '/v1/version']);
    await t?.close();
    expect(await linesFor('off')).toEqual([]);
  });
});
