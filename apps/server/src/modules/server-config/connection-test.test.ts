import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerClients } from '../../composition/peer-clients.js';
import { ConnectionTestError, fetchFunctionServerInfo, testSftpConnection } from './connection-test.js';

/** A server that accepts connections and never says a word (a firewall black hole stand-in). */
describe('connection tests give up after their time limit', () => {
  let silent: net.Server;
  let port: number;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('sFTP: a silent server is a timeout, not a hang', async () => {
    const error = await testSftpConnection(
      peerClients,
      { host: '127.0.0.1', port, username: 'u', password: 'Silent-Secret-1' },
      500,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionTestError);
    expect(error).toMatchObject({
      key: 'sftpTestCannotConnect',
      values: { host: '127.0.0.1', port, seconds: 0.5 },
    });
  });

  it('function server: a silent server is a timeout', async () => {
    const error = await fetchFunctionServerInfo(
      peerClients,
      { url: `http://127.0.0.1:${port}/api`, username: 'u', password: 'Silent-Secret-1' },
      500,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionTestError);
    expect(error).toMatchObject({ key: 'fappTestCannotConnect' });
  });
});
