import net from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { deliberateDelay } from '../src/test-support/deliberate-delay.js';

/** Passes bytes on at most `bytesPerSecond` (so a test can act while a transfer is under way). */
function rateLimit(bytesPerSecond: number): Transform {
  let freeAt = Date.now();
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      const now = Date.now();
      const wait = Math.max(0, freeAt - now);
      freeAt = Math.max(freeAt, now) + (chunk.length / bytesPerSecond) * 1000;
      if (wait === 0) done(null, chunk);
      else void deliberateDelay(wait).then(() => done(null, chunk));
    },
  });
}

export interface SlowForwarder {
  port: number;
  close(): Promise<void>;
}

/**
 * A loopback TCP forwarder on `port` (0: any free one) to `targetPort` that slows both directions to
 * `bytesPerSecond`. When the
 * far side drops (a cut proxy behind it), the near side is reset too, as a real broken link would.
 */
export async function startSlowForwarder(
  targetPort: number,
  bytesPerSecond: number,
  port = 0,
): Promise<SlowForwarder> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    open.add(client).add(upstream);
    const drop = () => {
      client.resetAndDestroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(rateLimit(bytesPerSecond)).pipe(upstream);
    upstream.pipe(rateLimit(bytesPerSecond)).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('forwarder has no port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
