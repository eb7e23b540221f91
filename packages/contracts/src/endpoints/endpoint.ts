import type { Static, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `'GET /v1/legacy/task'`: the method, a space, and the path pattern (`:name` marks a path parameter). */
export type EndpointPattern = `${HttpMethod} /${string}`;

/**
 * One route of the API as the server declares it: the TypeBox schemas it validates the request with
 * and describes its 200 answer with (the same objects, held so by the endpoint table's test).
 */
export interface EndpointSchemas {
  /** The path parameters (`:name` in the pattern). */
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  /** The 200 answer: the JSON's schema; for a file, what the route declares for the OpenAPI document. */
  readonly response?: TSchema;
  /**
   * The answer when it is not the JSON `response` describes: a file (Content-Disposition names it),
   * plain text, or a stream of server-sent events.
   */
  readonly answer?: 'file' | 'text' | 'stream';
  /** The body is a multipart form (a file upload), which no JSON schema declares. */
  readonly upload?: 'multipart';
}

export type EndpointTable = Readonly<Record<EndpointPattern, EndpointSchemas>>;

type StaticOf<E, Part extends keyof EndpointSchemas> =
  E extends Readonly<Record<Part, infer S extends TSchema>> ? Static<S> : undefined;

/** The path of `'GET /v1/jobs/:id'`: `'/v1/jobs/:id'`. */
export type PathOf<K extends string> = K extends `${HttpMethod} ${infer Path}` ? Path : never;

/** The names of a path pattern's parameters: `'/v1/jobs/:id/runs/:run'` → `'id' | 'run'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of an endpoint (filled into its pattern and encoded by the client), else undefined. */
export type EndpointParams<K extends string> = [PathParamNames<PathOf<K>>] extends [never]
  ? undefined
  : Record<PathParamNames<PathOf<K>>, string | number>;
export type EndpointQuery<E> = StaticOf<E, 'query'>;
export type EndpointBody<E> = StaticOf<E, 'body'>;
/** A JSON answer's type; `unknown` where the route declares none. */
export type EndpointResponse<E> =
  E extends Readonly<Record<'response', infer S extends TSchema>> ? Static<S> : unknown;
