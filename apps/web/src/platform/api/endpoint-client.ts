import type {
  BodyOf,
  EndpointKey,
  JsonEndpointKey,
  ParamsOf,
  QueryOf,
  ResponseOf,
  UploadEndpointKey,
} from '@lis/contracts';
import { sendRequest, type Query } from './http';

/** One part of a request: absent when the endpoint has none, optional when nothing in it is required. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { readonly [P in Name]?: never }
  : Partial<T> extends T
    ? { readonly [P in Name]?: T }
    : { readonly [P in Name]: T };

/**
 * What a call of `endpoint` sends, typed by the contracts' endpoint table: its path parameters, query
 * and body (a FormData for an upload), and the request's signal and extra headers.
 */
export type EndpointRequest<K extends EndpointKey> = Part<'params', ParamsOf<K>> &
  Part<'query', QueryOf<K>> &
  Part<'body', K extends UploadEndpointKey ? FormData : BodyOf<K>> & {
    readonly signal?: AbortSignal;
    /** Extra headers (e.g. the action password); they cannot replace Authorization. */
    readonly headers?: Readonly<Record<string, string>>;
  };

/** The request argument: optional when the endpoint needs nothing. */
export type RequestArgs<K extends EndpointKey> =
  Partial<EndpointRequest<K>> extends EndpointRequest<K>
    ? [request?: EndpointRequest<K>]
    : [request: EndpointRequest<K>];

/** A request as the client reads it, whatever its endpoint (the parts it fills in are narrowed at run time). */
export interface AnyEndpointRequest {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null;

/** A request's query, as the address builder takes it. */
export const queryOf = (request: AnyEndpointRequest): Query | undefined =>
  isRecord(request.query) ? request.query : undefined;

/** The method and the path (pattern) of an endpoint of the table (`'GET /v1/legacy/task'`). */
export function splitEndpoint(endpoint: EndpointKey): { method: string; path: string } {
  const space = endpoint.indexOf(' ');
  return { method: endpoint.slice(0, space), path: endpoint.slice(space + 1) };
}

/** The path of a pattern with its `:name` parameters filled in, each encoded as one path segment. */
export function fillPath(pattern: string, params?: unknown): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = isRecord(params) ? params[name] : undefined;
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '')
      throw new Error(`${pattern}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls an endpoint of the contracts' table: `call('GET /v1/legacy/task', { query, signal })`. The
 * request is typed by the endpoint's schemas, and so is the answer — declared, not checked: the server
 * validated the request and serialized its answer with the same schemas (its response serializer keeps
 * only what the schema names), and `apps/server/test/endpoint-table.test.ts` holds every entry of the
 * table to its route. This signature is the console's one place that trusts the contract; no call site
 * names a type of its own. Failures are those of `sendRequest` (ApiError, 401 and 403 listeners).
 */
export function call<K extends JsonEndpointKey>(
  endpoint: K,
  ...request: RequestArgs<K>
): Promise<ResponseOf<K>>;
export function call(endpoint: JsonEndpointKey, request: AnyEndpointRequest = {}): Promise<unknown> {
  const { method, path } = splitEndpoint(endpoint);
  const { body, signal, headers } = request;
  return sendRequest(method, fillPath(path, request.params), {
    query: queryOf(request),
    body,
    signal,
    headers,
  });
}
