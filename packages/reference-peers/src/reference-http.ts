import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the reference servers share: loopback listening, JSON answers, bounded bodies, secret comparison. */

export interface RunningServer {
  /** `http://127.0.0.1:{port}` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (never another interface) on the given port (0: any free one). */
export async function listenOnLoopback(server: http.Server, port = 0): Promise<RunningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

export class BodyTooLarge extends Error {}
export class BodyNotJson extends Error {}

/** Reads a JSON body of at most `maxBytes`; throws BodyTooLarge or BodyNotJson. */
export async function readJsonBody(request: http.IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw new BodyTooLarge(`the body is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new BodyNotJson('the body is not JSON');
  }
}

/** Constant-time comparison of two secrets of any length. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

/** An AbortSignal aborted when the client hangs up before the answer is complete. */
export function hangUpSignal(request: http.IncomingMessage, response: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort(new Error('the client hung up'));
  });
  request.on('aborted', () => controller.abort(new Error('the client hung up')));
  return controller.signal;
}
