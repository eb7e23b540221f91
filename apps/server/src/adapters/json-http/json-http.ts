import type { Response } from 'undici';
import { isOutboundDenied } from '../../platform/outbound-policy.js';
import { outboundFetch } from './outbound-fetch.js';
import { RemoteCallError } from './remote-call-error.js';

/** One JSON call to a remote server; every failure becomes a {@link RemoteCallError} with a clear message. */
export interface JsonRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** The full URL (base URL joined with the path). */
  readonly url: URL;
  /** e.g. the Authorization header; never part of a message. */
  readonly headers: Readonly<Record<string, string>>;
  /** Sent as JSON when present. */
  readonly body?: unknown;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly maxResponseBytes: number;
  /** The message of a 401 or 403 answer, e.g. 'API username or password is wrong'. */
  readonly unauthorizedMessage: string;
}

export interface JsonAnswer {
  /** 2xx or 404 (other statuses throw). */
  readonly status: number;
  /** The parsed JSON body; undefined for a 404 whose body is not JSON. */
  readonly body: unknown;
}

const EXCERPT_CHARS = 500;

/**
 * Joins a configured base URL (e.g. `api_url_callfunction`, with or without a trailing slash) and path
 * segments, each segment percent-encoded. Throws INVALID_URL when the base is not http(s).
 */
export function joinUrl(base: string, ...segments: string[]): URL {
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch (error) {
    throw new RemoteCallError(
      'INVALID_URL',
      'the server URL is not a valid http or https URL',
      { url: '' },
      { cause: error },
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RemoteCallError('INVALID_URL', 'the server URL is not a valid http or https URL', {
      url: displayUrl(parsed),
    });
  }
  for (const segment of segments) {
    // URL parsing would resolve these (even percent-encoded) instead of sending them as names.
    if (segment === '' || segment === '.' || segment === '..') {
      throw new RemoteCallError('INVALID_ARGUMENT', `"${segment}" cannot be used as a name in a URL`, {
        url: displayUrl(parsed),
      });
    }
  }
  const path = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = [path, ...segments.map((segment) => encodeURIComponent(segment))].join('/');
  return parsed;
}

/** The URL as shown in messages: no user info, no query, no fragment. */
export function displayUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

export async function requestJson(request: JsonRequest): Promise<JsonAnswer> {
  const shown = displayUrl(request.url);
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
    const response = await outboundFetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'manual',
      signal,
    }).catch(fail);
    const text = await readText(response, request.maxResponseBytes, shown).catch(fail);
    return interpret(response, text, shown, request.unauthorizedMessage);
  } finally {
    clearTimeout(timer);
  }
}

/** What {@link interpret} reads of an answer (a fetch Response, or a node:http one adapted). */
export interface AnswerHead {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
}

export function interpret(
  response: AnswerHead,
  text: string,
  shown: string,
  unauthorizedMessage: string,
): JsonAnswer {
  const { status } = response;
  const parsed = parseJson(text);
  if (status === 401 || status === 403) {
    throw new RemoteCallError('UNAUTHORIZED', unauthorizedMessage, { url: shown, status });
  }
  if (status === 404) return { status, body: parsed.ok ? parsed.value : undefined };
  if (status < 200 || status > 299) {
    const remote = parsed.ok ? messageOf(parsed.value) : undefined;
    const suffix = remote ? `: ${truncate(remote)}` : '';
    throw new RemoteCallError('HTTP_STATUS', `${shown} answered HTTP ${status}${suffix}`, {
      url: shown,
      status,
      bodyExcerpt: truncate(text),
    });
  }
  if (!parsed.ok) {
    const type = response.headers.get('content-type') ?? 'no content type';
    throw new RemoteCallError(
      'INVALID_RESPONSE',
      `${shown} answered HTTP ${status} with something other than JSON (${truncate(type, 80)})`,
      { url: shown, status, bodyExcerpt: truncate(text) },
    );
  }
  return { status, body: parsed.value };
}

export async function readText(response: Response, maxBytes: number, shown: string): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  // A reader rather than `for await`: the DOM's ReadableStream type (which the browser tests compile
  // this with) has no async iterator.
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    total += chunk.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new RemoteCallError(
        'INVALID_RESPONSE',
        `${shown} answered more than ${Math.round(maxBytes / 1024 / 1024)} MB`,
        { url: shown, status: response.status },
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function classifyFailure(
  error: unknown,
  shown: string,
  request: Pick<JsonRequest, 'signal' | 'timeoutMs'>,
  timeoutSignal: AbortSignal,
): RemoteCallError {
  if (error instanceof RemoteCallError) return error;
  if (request.signal?.aborted) {
    return new RemoteCallError(
      'ABORTED',
      `the call to ${shown} was cancelled`,
      { url: shown },
      {
        cause: request.signal.reason,
      },
    );
  }
  if (timeoutSignal.aborted) {
    const seconds = Math.round((request.timeoutMs / 1000) * 10) / 10;
    return new RemoteCallError(
      'TIMEOUT',
      `no answer from ${shown} within ${seconds} s`,
      { url: shown },
      { cause: error },
    );
  }
  if (isOutboundDenied(error))
    return new RemoteCallError(
      'NOT_ALLOWED',
      `cannot connect to ${shown}: address not allowed by the outbound policy`,
      { url: shown },
      { cause: error },
    );
  const code = networkCode(error);
  const reason = code ? (NETWORK_REASONS[code] ?? code) : 'network error';
  const message =
    code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE'
      ? `the connection to ${shown} closed before a complete answer`
      : `cannot connect to ${shown} (${reason})`;
  return new RemoteCallError('UNREACHABLE', message, { url: shown }, { cause: error });
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
};

/** The system error code inside fetch's "fetch failed" TypeError (its cause, or an AggregateError's first). */
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const inner: unknown[] = current instanceof AggregateError ? current.errors : [];
    current = inner[0] ?? current.cause;
  }
  return undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

function truncate(text: string, max = EXCERPT_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
