import net from 'node:net';

/**
 * A loopback TCP link to `targetPort` on a port that stays the same, whose connections a trial can cut
 * and which can be taken down (every new connection reset at once) and brought back: an sFTP server
 * that drops, or is unreachable for a while, behind a saved server configuration that does not change.
 */
export class SwitchableLink {
  private readonly open = new Set<net.Socket>();
  private down = false;
  connections = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<SwitchableLink> {
    const accepted: { link?: SwitchableLink } = {};
    const server = net.createServer((client) => accepted.link?.accept(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the link has no port');
    accepted.link = new SwitchableLink(server, address.port);
    return accepted.link;
  }

  private accept(client: net.Socket, targetPort: number): void {
    this.connections += 1;
    if (this.down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    this.open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
      this.open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Stops passing bytes on every open connection (a link that stalls), until `resume()`. */
  stall(): void {
    for (const socket of this.open) socket.pause();
  }

  resume(): void {
    for (const socket of this.open) socket.resume();
  }

  /** Resets every open connection (both sides see a reset). */
  cutAll(): void {
    for (const socket of this.open) socket.resetAndDestroy();
    this.open.clear();
  }

  /** Cuts every connection and refuses new ones until `up()`. */
  takeDown(): void {
    this.down = true;
    this.cutAll();
  }

  up(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.takeDown();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
