import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { displayUrl, joinUrl, requestJson } from '../json-http/json-http.js';
import { requestStreamed } from '../json-http/json-http-stream.js';
import { DEFAULT_API_TIMEOUT_SECONDS } from '@lis/contracts';
import { RemoteCallError } from '../json-http/remote-call-error.js';
import { ResponseShape } from '../json-http/response-shape.js';
import {
  FunctionCallResponse,
  FunctionDescription,
  FunctionServerInfo,
  type FunctionCallRequest,
} from './function-server.schemas.js';

export interface FunctionServerClientOptions {
  /** The API server's `api_url_callfunction`, e.g. `https://functions.example.com/api`. */
  readonly baseUrl: string;
  readonly username: string;
  readonly password: string;
  /**
   * Time limit of a function call, answer included, repeats after a 409 included (default 120 s; the
   * pipeline passes the API server's `api_timeout_seconds`).
   */
  readonly callTimeoutMs?: number;
  /** Pause before repeating a call the server answered 409 (its first call with the key still runs). */
  readonly conflictRetryMs?: number;
  /** Time limit of info and has-function (default 10 s). */
  readonly infoTimeoutMs?: number;
  /** Largest accepted answer of a call (default 256 MB; the pipeline passes LIS_FUNCTION_MAX_ANSWER_MB). */
  readonly maxResponseBytes?: number;
}

export const DEFAULT_CALL_TIMEOUT_MS = DEFAULT_API_TIMEOUT_SECONDS * 1000;
const DEFAULT_CONFLICT_RETRY_MS = 1_000;
export const DEFAULT_INFO_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
const SMALL_RESPONSE_BYTES = 1024 * 1024;

export const WRONG_API_CREDENTIALS = 'API username or password is wrong';

const infoShape = new ResponseShape(FunctionServerInfo, 'info answer');
const descriptionShape = new ResponseShape(FunctionDescription, 'function description');
const callShape = new ResponseShape(FunctionCallResponse, 'function answer');

/**
 * Client of a function server (DESIGN §5, docs/function-server.md): JSON over HTTP with Basic auth.
 * Every failure is a {@link RemoteCallError} whose message names the URL and never a credential.
 */
export class FunctionServerClient {
  private readonly authorization: string;
  private readonly callTimeoutMs: number;
  private readonly conflictRetryMs: number;
  private readonly infoTimeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: FunctionServerClientOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64')}`;
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    this.conflictRetryMs = options.conflictRetryMs ?? DEFAULT_CONFLICT_RETRY_MS;
    this.infoTimeoutMs = options.infoTimeoutMs ?? DEFAULT_INFO_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** The URL of a call as messages show it (no credentials, no query). */
  shownCallUrl(className: string, functionName: string): string {
    return displayUrl(joinUrl(this.options.baseUrl, 'functions', className, functionName));
  }

  /** `GET …/info`: the Test Connection fields. */
  async info(signal?: AbortSignal): Promise<FunctionServerInfo> {
    const url = joinUrl(this.options.baseUrl, 'info');
    const answer = await this.send('GET', url, undefined, this.infoTimeoutMs, SMALL_RESPONSE_BYTES, signal);
    if (answer.status === 404) throw notFound(url, `${displayUrl(url)} is not a function server (no info)`);
    return infoShape.parse(answer.body, displayUrl(url), answer.status);
  }

  /** `GET …/functions/{class}/{function}`: true on 200, false on 404. */
  async hasFunction(className: string, functionName: string, signal?: AbortSignal): Promise<boolean> {
    const url = joinUrl(this.options.baseUrl, 'functions', className, functionName);
    const answer = await this.send('GET', url, undefined, this.infoTimeoutMs, SMALL_RESPONSE_BYTES, signal);
    if (answer.status === 404) return false;
    descriptionShape.parse(answer.body, displayUrl(url), answer.status);
    return true;
  }

  /**
   * `POST …/functions/{class}/{function}` with the request's `idempotency_key` also as the
   * `Idempotency-Key` header. An answer with status 'error' is returned (the function ran and says it
   * failed); HTTP errors, timeouts and malformed answers throw. A 409 (the server still executes the first
   * call with this key: a takeover or a re-run overtook it) is repeated every `conflictRetryMs` until
   * the call's time limit; the last 409 is thrown then (also when the last repeat is the one that ran
   * out of time: the 409 is why the call did not complete).
   */
  async call(
    className: string,
    functionName: string,
    request: FunctionCallRequest,
    signal?: AbortSignal,
  ): Promise<FunctionCallResponse> {
    const url = joinUrl(this.options.baseUrl, 'functions', className, functionName);
    const headers = { 'idempotency-key': request.idempotency_key };
    const answer = await this.repeatingConflicts(url, signal, (remaining) =>
      this.send('POST', url, request, remaining, this.maxResponseBytes, signal, headers),
    );
    if (answer.status === 404) {
      throw notFound(url, `function ${className}.${functionName} does not exist on ${displayUrl(url)}`);
    }
    return callShape.parse(answer.body, displayUrl(url), answer.status);
  }

  /**
   * The same call with a streamed body and answer (memory does not grow with the files): `body()` gives
   * the request's JSON for each attempt, `sink` takes the 2xx answer as it arrives (at most
   * `maxResponseBytes`, else TOO_LARGE naming `tooLargeHint`). Repeats after a 409 as {@link call}.
   */
  async callStreamed(
    className: string,
    functionName: string,
    call: {
      idempotencyKey: string;
      body: () => AsyncIterable<Uint8Array>;
      sink: (answer: Readable) => Promise<void>;
      tooLargeHint: string;
    },
    signal?: AbortSignal,
  ): Promise<void> {
    const url = joinUrl(this.options.baseUrl, 'functions', className, functionName);
    const answer = await this.repeatingConflicts(url, signal, (remaining) =>
      requestStreamed({
        method: 'POST',
        url,
        shownUrl: displayUrl(url),
        headers: { 'idempotency-key': call.idempotencyKey, authorization: this.authorization },
        body: call.body,
        timeoutMs: remaining,
        signal,
        maxResponseBytes: this.maxResponseBytes,
        tooLargeHint: call.tooLargeHint,
        unauthorizedMessage: WRONG_API_CREDENTIALS,
        sink: call.sink,
      }),
    );
    if (answer.status === 404) {
      throw notFound(url, `function ${className}.${functionName} does not exist on ${displayUrl(url)}`);
    }
  }

  /**
   * Runs one attempt after another while the server answers 409 (it still executes the first call with
   * this key: a takeover or a re-run overtook it), every `conflictRetryMs` until the call's time limit;
   * the last 409 is thrown then (also when the last repeat is the one that ran out of time: the 409 is
   * why the call did not complete).
   */
  private async repeatingConflicts<T>(
    url: URL,
    signal: AbortSignal | undefined,
    attempt: (remainingMs: number) => Promise<T>,
  ): Promise<T> {
    const deadline = performance.now() + this.callTimeoutMs;
    /** The last 409: if a repeat runs out of time, the call failed because of it. */
    let conflict: RemoteCallError | undefined;
    for (;;) {
      const remaining = Math.max(1, Math.ceil(deadline - performance.now()));
      try {
        return await attempt(remaining);
      } catch (error) {
        if (!(error instanceof RemoteCallError)) throw error;
        // The message names the call's whole time limit, not what was left of it for this attempt.
        if (error.code === 'TIMEOUT') throw conflict ?? this.timedOut(url, error);
        // Repeated only while a repeat still has time to be answered; else the 409 names the reason.
        const left = deadline - performance.now() - this.conflictRetryMs;
        if (error.code !== 'HTTP_STATUS' || error.status !== 409 || left < this.conflictRetryMs) throw error;
        conflict = error;
        await sleep(this.conflictRetryMs, undefined, signal ? { signal } : {}).catch((reason: unknown) => {
          throw new RemoteCallError(
            'ABORTED',
            `the call to ${displayUrl(url)} was cancelled`,
            { url: displayUrl(url) },
            { cause: reason },
          );
        });
      }
    }
  }

  private timedOut(url: URL, cause: RemoteCallError): RemoteCallError {
    const seconds = Math.round((this.callTimeoutMs / 1000) * 10) / 10;
    return new RemoteCallError(
      'TIMEOUT',
      `no answer from ${displayUrl(url)} within ${seconds} s`,
      { url: displayUrl(url) },
      { cause },
    );
  }

  private send(
    method: 'GET' | 'POST',
    url: URL,
    body: unknown,
    timeoutMs: number,
    maxResponseBytes: number,
    signal: AbortSignal | undefined,
    headers: Readonly<Record<string, string>> = {},
  ) {
    return requestJson({
      method,
      url,
      body,
      headers: { ...headers, authorization: this.authorization },
      timeoutMs,
      maxResponseBytes,
      signal,
      unauthorizedMessage: WRONG_API_CREDENTIALS,
    });
  }
}

function notFound(url: URL, message: string): RemoteCallError {
  return new RemoteCallError('NOT_FOUND', message, { url: displayUrl(url), status: 404 });
}
