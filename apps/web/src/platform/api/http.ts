import { isErrorCode, PASSWORD_CHANGE_REQUIRED, type ErrorCode } from '@lis/contracts';
import { readSession } from '../session/session';
import { storedLanguage } from '../i18n/language';

/** An answer other than 2xx: carries the server's `{message, code}` and the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /**
     * The server's stable code of the refusal (docs/error-codes.md): branch on it, never on the
     * message. Undefined without an answer (status 0) or when the answer carries no known code.
     */
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A request's query: each value a string, number or boolean, or a list of them; empty ones are left out. */
export type Query = Readonly<Record<string, unknown>>;

export interface RequestOptions {
  query?: Query | undefined;
  /** Sent as JSON, or as it is when it is a FormData (a multipart upload). */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Extra headers of this request (e.g. the action password); they cannot replace Authorization. */
  headers?: Readonly<Record<string, string>> | undefined;
}

/** Listeners told when the server answers 401 (expired or revoked session). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Listeners told when the server answers 403 PASSWORD_CHANGE_REQUIRED (a one-time password). */
const passwordChangeListeners = new Set<() => void>();
export function onPasswordChangeRequired(listener: () => void): () => void {
  passwordChangeListeners.add(listener);
  return () => passwordChangeListeners.delete(listener);
}

/** API paths are relative to the page's base, so the console works under any base path. */
export function apiUrl(path: string, query?: Query): string {
  const relative = path.replace(/^\//, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v: unknown) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return new URL(relative + (qs ? `?${qs}` : ''), document.baseURI).toString();
}

/**
 * One request to the API: the language, the bearer token, a JSON or multipart body; the answer parsed
 * when it is JSON, else its text. A failure is an ApiError (status 0: the server could not be reached);
 * a 401 tells the `onUnauthorized` listeners, a 403 PASSWORD_CHANGE_REQUIRED the
 * `onPasswordChangeRequired` ones. Endpoints are called through `call` (endpoint-client.ts), which
 * types the answer by the contracts' endpoint table; this is for an address outside it (the ping
 * address an administrator configures), whose answer stays unknown.
 */
export async function sendRequest(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<unknown> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': storedLanguage(),
    ...options.headers,
  };
  const session = readSession();
  if (session) headers.Authorization = `Bearer ${session.access_token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network');
  }
  const text = await response.text();
  const data: unknown =
    text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  if (!response.ok) {
    if (response.status === 401 && session) unauthorizedListeners.forEach((listener) => listener());
    const message =
      typeof data === 'object' && data && 'message' in data
        ? String((data as { message: unknown }).message)
        : text;
    const answered = typeof data === 'object' && data && 'code' in data ? data.code : undefined;
    const code = isErrorCode(answered) ? answered : undefined;
    if (response.status === 403 && code === PASSWORD_CHANGE_REQUIRED && session)
      passwordChangeListeners.forEach((listener) => listener());
    throw new ApiError(response.status, message || response.statusText, code);
  }
  return data;
}
