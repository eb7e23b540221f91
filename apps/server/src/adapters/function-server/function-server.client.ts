import { displayUrl, joinUrl, requestJson } from '../json-http/json-http.js';
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
  /** Time limit of a function call, answer included (default 30 s). */
  readonly callTimeoutMs?: number;
  /** Time limit of info and has-function (default 10 s). */
  readonly infoTimeoutMs?: number;
  /** Largest accepted answer of a call (default 256 MB). */
  readonly maxResponseBytes?: number;
}

export const DEFAULT_CALL_TIMEOUT_MS = 30_000;
export const DEFAULT_INFO_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
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
  private readonly infoTimeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: FunctionServerClientOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64')}`;
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    this.infoTimeoutMs = options.infoTimeoutMs ?? DEFAULT_INFO_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
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
   * `POST …/functions/{class}/{function}`. An answer with status 'error' is returned (the function ran and
   * says it failed); HTTP errors, timeouts and malformed answers throw.
   */
  async call(
    className: string,
    functionName: string,
    request: FunctionCallRequest,
    signal?: AbortSignal,
  ): Promise<FunctionCallResponse> {
    const url = joinUrl(this.options.baseUrl, 'functions', className, functionName);
    const answer = await this.send('POST', url, request, this.callTimeoutMs, this.maxResponseBytes, signal);
    if (answer.status === 404) {
      throw notFound(url, `function ${className}.${functionName} does not exist on ${displayUrl(url)}`);
    }
    return callShape.parse(answer.body, displayUrl(url), answer.status);
  }

  private send(
    method: 'GET' | 'POST',
    url: URL,
    body: unknown,
    timeoutMs: number,
    maxResponseBytes: number,
    signal: AbortSignal | undefined,
  ) {
    return requestJson({
      method,
      url,
      body,
      headers: { authorization: this.authorization },
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
