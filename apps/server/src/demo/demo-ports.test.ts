import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnKeptPort, readDemoPorts, writeDemoPorts } from './demo-ports.js';

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

describe('the demo peers’ kept ports', () => {
  const open: net.Server[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map(close));
  });

  it('are read back as written; a missing or foreign file keeps nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-demo-ports-'));
    try {
      const file = path.join(dir, 'ports.json');
      expect(readDemoPorts(file)).toEqual({});
      writeDemoPorts(file, { sftp: 40001, functions: 40002, dms: 40003 });
      expect(readDemoPorts(file)).toEqual({ sftp: 40001, functions: 40002, dms: 40003 });
      fs.writeFileSync(file, '{"sftp": "22", "functions": 70000, "dms": 40003}');
      expect(readDemoPorts(file)).toEqual({ dms: 40003 });
      fs.writeFileSync(file, 'not json');
      expect(readDemoPorts(file)).toEqual({});
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('listen on the kept port when it is free', async () => {
    const probe = await listen(0);
    const free = portOf(probe);
    await close(probe);
    const warnings: string[] = [];
    const server = await listenOnKeptPort('sftp', free, listen, (_, message) => warnings.push(message));
    open.push(server);
    expect(portOf(server)).toBe(free);
    expect(warnings).toEqual([]);
  });

  it('move to a new free port with a warning when another program holds the kept one', async () => {
    const squatter = await listen(0);
    open.push(squatter);
    const taken = portOf(squatter);
    const warnings: { object: object; message: string }[] = [];
    const server = await listenOnKeptPort('dms', taken, listen, (object, message) =>
      warnings.push({ object, message }),
    );
    open.push(server);
    expect(portOf(server)).not.toBe(taken);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.object).toMatchObject({ peer: 'dms', port: taken });
    expect(warnings[0]?.message).toContain(`port ${taken} of the demo dms peer is taken by another program`);
  });
});
