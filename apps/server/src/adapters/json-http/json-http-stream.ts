import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { classifyFailure, interpret, readText } from './json-http.js';
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
    throw classifyFailure(error, shown, request, timeout.signal);
  };
  try {
    if (request.signal?.aborted) fail(request.signal.reason);
    const response = await fetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...request.headers },
      body: Readable.toWeb(Readable.from(request.body())) as ReadableStream<Uint8Array>,
      duplex: 'half',
      redirect: 'manual',
      signal,
    } as RequestInit).catch(fail);
    if (response.status < 200 || response.status > 299 || !response.body) {
      const text = await readText(response, ERROR_ANSWER_BYTES, shown).catch(fail);
      return interpret(response, text, shown, request.unauthorizedMessage);
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
              { url: shown, status: response.status },
            ),
          );
          return;
        }
        done(null, chunk);
      },
    });
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    await Promise.all([
      pipeline(body, counter, { signal }).catch(fail),
      request.sink(counter).catch((error: unknown) => {
        counter.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }),
    ]).catch((error: unknown) => {
      body.destroy();
      throw error instanceof RemoteCallError ? error : classifyFailure(error, shown, request, timeout.signal);
    });
    return { status: response.status };
  } finally {
    clearTimeout(timer);
  }
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / 1024 / 1024) * 10) / 10);
}
