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

  async function stop() {
    await server?.close();
    server = undefined;
  }

  async function start(env: Record<string, string>, reuse?: string) {
    dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lis-demo-start-'));
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

  it('keeps the peers on the ports of the first start; a taken port moves and the configuration follows', async () => {
    type ServerList<T> = { result_list: T[] };
    const peerPorts = async (get: (url: string) => Promise<unknown>) => {
      const sftp = (await get('/v1/config/sftp-server?company_code=DEMO')) as ServerList<{
        sftp_port: number;
      }>;
      const api = (await get('/v1/config/api-server?company_code=DEMO')) as ServerList<{
        api_url_callfunction: string;
      }>;
      const dms = (await get('/v1/config/dms?company_code=DEMO')) as ServerList<{ dms_url: string }>;
      const status = (await get('/v1/demo')) as {
        sftp?: { port: number; username: string; password: string };
      };
      return {
        sftp: sftp.result_list[0]?.sftp_port,
        functions: Number(new URL(api.result_list[0]?.api_url_callfunction ?? 'http://x').port),
        dms: Number(new URL(dms.result_list[0]?.dms_url ?? 'http://x').port),
        shown: status.sftp,
      };
    };
    const first = await start({});
    const before = await peerPorts(first.get);
    expect(before.sftp).toBeGreaterThan(0);
    expect(before.shown).toMatchObject({ port: before.sftp, username: 'demo' });
    const kept = JSON.parse(fs.readFileSync(path.join(first.dataDir, 'demo', 'ports.json'), 'utf8'));
    expect(kept).toEqual({ sftp: before.sftp, functions: before.functions, dms: before.dms });
    await stop();

    const second = await start({}, first.dataDir);
    expect(await peerPorts(second.get)).toEqual(before);
    await stop();

    // Another program listens on the sFTP port meanwhile: the peer moves, the demo's server follows.
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(before.sftp, '127.0.0.1', resolve));
    try {
      const third = await start({}, first.dataDir);
      const after = await peerPorts(third.get);
      expect(after.sftp).not.toBe(before.sftp);
      expect(after.shown?.port).toBe(after.sftp);
      expect({ functions: after.functions, dms: after.dms }).toEqual({
        functions: before.functions,
        dms: before.dms,
      });
      expect(JSON.parse(fs.readFileSync(path.join(first.dataDir, 'demo', 'ports.json'), 'utf8'))).toEqual({
        sftp: after.sftp,
        functions: before.functions,
        dms: before.dms,
      });
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('by default seeds the demo and runs its peers on loopback until the server closes', async () => {
    const { dataDir: dir, get } = await start({});
    const secrets = JSON.parse(fs.readFileSync(path.join(dir, 'demo', 'peers.json'), 'utf8'));
    // The super_admin sees how to reach the demo sFTP server (the password file's content).
    expect(await get('/v1/demo')).toEqual({
      present: true,
      running: true,
      sftp: { host: '127.0.0.1', port: expect.any(Number), username: 'demo', password: secrets.sftpPassword },
    });
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
