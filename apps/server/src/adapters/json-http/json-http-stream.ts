import http from 'node:http';
import https from 'node:https';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkLiteral, outboundLookup } from '../../platform/outbound-policy.js';
import { classifyFailure, interpret } from './json-http.js';
import { RemoteCallError } from './remote-call-error.js';

/** A JSON call whose body and answer are streams: memory does not grow with either (a function call). */
export interface StreamedJsonRequest {
  readonly method: 'POST' | 'PUT';
  readonly url: URL;
  readonly shownUrl: string;
  readonly headers: Readonly<Record<string, string>>;
  /** A fresh body for each attempt. */
  body(): AsyncIterable<Uint8Array>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  /** Largest accepted 2xx answer; a larger one fails with TOO_LARGE before `sink` has all of it. */
  readonly maxResponseBytes: number;
  /** What the refusal of a too-large answer adds, e.g. the setting that raises the limit. */
  readonly tooLargeHint: string;
  readonly unauthorizedMessage: string;
  /** Takes a 2xx answer's body; the call ends when it resolves. */
  sink(body: Readable): Promise<void>;
}

/** Error answers are read whole up to this size for their message. */
const ERROR_ANSWER_BYTES = 1024 * 1024;

/**
 * Sends `body()` as a chunked request and hands a 2xx answer to `sink` as a stream, counted against
 * `maxResponseBytes`. A 404 resolves with its status (the caller says what is missing); other statuses,
 * network failures and time-outs throw {@link RemoteCallError}s as {@link requestJson} does.
 *
 * node:http rather than fetch: undici's fetch kept every chunk of a streamed request body until the
 * request was collected (a 300 MiB file's call held 400 MiB; decision 0040).
 */
export async function requestStreamed(request: StreamedJsonRequest): Promise<{ status: number }> {
  const shown = request.shownUrl;
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new Error(`timed out after ${request.timeoutMs} ms`)),
    request.timeoutMs,
  );
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  const fail = (error: unknown): never => {
    throw error instanceof RemoteCallError ? error : classifyFailure(error, shown, request, timeout.signal);
  };
  try {
    if (request.signal?.aborted) fail(request.signal.reason);
    const response = await send(request, signal).catch(fail);
    const status = response.statusCode ?? 0;
    const head = {
      status,
      headers: { get: (name: string) => String(response.headers[name.toLowerCase()] ?? '') || null },
    };
    if (status < 200 || status > 299) {
      const text = await readSmall(response, ERROR_ANSWER_BYTES).catch(fail);
      return interpret(head, text, shown, request.unauthorizedMessage);
    }
    const limit = request.maxResponseBytes;
    let total = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        if (total > limit) {
          done(
            new RemoteCallError(
              'TOO_LARGE',
              `${shown} answered more than ${megabytes(limit)} MB, the largest function answer accepted; ` +
                `nothing of it was used (${request.tooLargeHint})`,
              { url: shown, status },
            ),
          );
          return;
        }
        done(null, chunk);
      },
    });
    /** What the sink threw (the store's own failure): passed on as it is, not as a network failure. */
    let sinkFailure: { error: unknown } | undefined;
    await Promise.all([
      pipeline(response, counter, { signal }),
      request.sink(counter).catch((error: unknown) => {
        sinkFailure = { error };
        counter.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }),
    ]).catch((error: unknown) => {
      response.destroy();
      if (sinkFailure && !(error instanceof RemoteCallError)) throw sinkFailure.error;
      fail(error);
    });
    return { status };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends the request and its body; resolves with the answer once its head has arrived. The outbound
 * policy decides as for every other connection (outbound-fetch.ts): an IP literal is checked here (it is
 * never looked up), a name by the policy's lookup, which hands the socket the addresses it checked.
 */
function send(request: StreamedJsonRequest, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = request.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    checkLiteral(request.url.hostname);
    const outgoing = client.request(request.url, {
      method: request.method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...request.headers },
      lookup: outboundLookup,
      // A connection of its own, checked by the policy in force: a kept-alive one is never looked up again.
      agent: false,
      signal,
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    // A server may answer (401, 413) before it has read the body: the answer decides, not the upload.
    pipeline(Readable.from(request.body()), outgoing).catch((error: unknown) => {
      if (!outgoing.writableFinished) reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

async function readSmall(response: http.IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) break;
    chunks.push(chunk);
  }
  response.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / 1024 / 1024) * 10) / 10);
}
