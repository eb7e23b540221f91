import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { startServer, type RunningServer } from '../src/server.js';

const PASSWORD = 'demo-start-test-password';

/** `npm start` on an empty data folder, with and without the demo (server.ts wiring). */
describe('the first start', () => {
  let server: RunningServer | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-demo-start-'));
    const config = loadConfig({
      LIS_DATA_DIR: dataDir,
      LIS_PORT: '0',
      LIS_ADMIN_PASSWORD: PASSWORD,
      LIS_LOG_LEVEL: 'silent',
      LIS_TIMEZONE: 'Asia/Bangkok',
      ...env,
    });
    server = await startServer(config, { version: 'test' });
    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const get = async (url: string) =>
      (await fetch(`${server?.url}${url}`, { headers: { authorization: `Bearer ${token}` } })).json();
    return { dataDir, get };
  }

  it('with LIS_DEMO=off starts an empty product', async () => {
    const { dataDir: dir, get } = await start({ LIS_DEMO: 'off' });
    expect(await get('/v1/demo')).toEqual({ present: false, running: false });
    expect(await get('/v1/company_master')).toMatchObject({ total_count: 0 });
    expect(fs.existsSync(path.join(dir, 'demo'))).toBe(false);
  });

  it('by default seeds the demo and runs its peers on loopback until the server closes', async () => {
    const { dataDir: dir, get } = await start({});
    expect(await get('/v1/demo')).toEqual({ present: true, running: true });
    const sftp = (await get('/v1/config/sftp-server?company_code=DEMO')) as {
      result_list: { sftp_ip: string; sftp_port: number }[];
    };
    const peer = sftp.result_list[0];
    expect(peer?.sftp_ip).toBe('127.0.0.1');
    expect(fs.existsSync(path.join(dir, 'demo', 'sftp', 'in', 'orders'))).toBe(true);
    await server?.close();
    server = undefined;
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(peer?.sftp_port ?? 0, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
