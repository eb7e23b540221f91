import http from 'node:http';
import {
  BodyNotJson,
  BodyTooLarge,
  listenOnLoopback,
  readJsonBody,
  sameSecret,
  sendJson,
} from './reference-http.js';
import { DmsStore, type StoredFileMeta } from './dms-store.js';

export interface ReferenceDmsServerOptions {
  /** The only accepted `Authorization: Bearer …` token. */
  readonly token: string;
  /** Keep files in this folder (kept across restarts); default: in memory. */
  readonly storageDir?: string;
  /** The path the contract lives under (default '/dms'); `url` includes it. */
  readonly basePath?: string;
  /** Port on 127.0.0.1 (default 0: any free port). */
  readonly port?: number;
  /** Largest accepted put body (default 64 MB; larger answers 413). */
  readonly maxBodyBytes?: number;
  readonly now?: () => Date;
}

export interface ReferenceDmsServer {
  /** The value to configure as the DMS server's `dms_url`, e.g. `http://127.0.0.1:41235/dms`. */
  readonly url: string;
  close(): Promise<void>;
}

const MAX_NAME = 255;

/** The reference DMS server of docs/dms-server.md, on 127.0.0.1 only. */
export async function createReferenceDmsServer(
  options: ReferenceDmsServerOptions,
): Promise<ReferenceDmsServer> {
  const store = await DmsStore.open(options.storageDir);
  const basePath = `/${(options.basePath ?? '/dms').replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '');
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? (() => new Date());

  const authorised = (request: http.IncomingMessage): boolean => {
    const match = /^Bearer\s+(\S+)$/i.exec((request.headers.authorization ?? '').trim());
    return match?.[1] !== undefined && sameSecret(match[1], options.token);
  };

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    // The path as sent: dot segments are not resolved, so `..` arrives as a (refused) name.
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith(`${basePath}/`)) return sendJson(response, 404, { message: 'not found' });
    if (!authorised(request)) {
      response.setHeader('www-authenticate', 'Bearer realm="reference DMS"');
      return sendJson(response, 401, { message: 'wrong token' });
    }
    const route = path
      .slice(basePath.length + 1)
      .split('/')
      .map((segment) => decodeURIComponent(segment));

    // GET /files/{id}
    if (route.length === 2 && route[0] === 'files') {
      if (request.method !== 'GET') return methodNotAllowed(response, 'GET');
      const meta = store.meta(route[1] ?? '');
      if (!meta) return sendJson(response, 404, { message: 'no such file' });
      const content = await store.content(meta.id);
      return sendJson(response, 200, {
        ...listed(meta),
        bucket: meta.bucket,
        job_instance_no: meta.job_instance_no,
        box_id: meta.box_id,
        group_id: meta.group_id,
        role: meta.role,
        content_base64: content.toString('base64'),
      });
    }

    // /buckets/{bucket}/jobs/{job_instance_no}/files[/{file_name}]
    const [buckets, bucket = '', jobs, jobInstanceNo = '', files, fileName] = route;
    if (
      buckets !== 'buckets' ||
      jobs !== 'jobs' ||
      files !== 'files' ||
      route.length < 5 ||
      route.length > 6
    ) {
      return sendJson(response, 404, { message: 'not found' });
    }
    for (const [label, value] of [
      ['bucket', bucket],
      ['job_instance_no', jobInstanceNo],
    ] as const) {
      if (!isName(value)) return sendJson(response, 400, { message: `${label} is not a valid name` });
    }
    if (fileName === undefined) {
      if (request.method !== 'GET') return methodNotAllowed(response, 'GET');
      const result = store.list(bucket, jobInstanceNo).map(listed);
      return sendJson(response, 200, { result_list: result, total_count: result.length });
    }
    if (request.method !== 'PUT') return methodNotAllowed(response, 'PUT');
    if (!isName(fileName)) return sendJson(response, 400, { message: 'file_name is not a valid file name' });
    const body = await readJsonBody(request, maxBodyBytes);
    const problem = putProblem(body);
    if (problem) return sendJson(response, 400, { message: problem });
    const fields = body as Record<'box_id' | 'group_id' | 'role' | 'content_base64', string>;
    const { meta, created } = await store.put({
      bucket,
      job_instance_no: jobInstanceNo,
      file_name: fileName,
      box_id: fields.box_id,
      group_id: fields.group_id,
      role: fields.role,
      content: Buffer.from(fields.content_base64, 'base64'),
      now: now(),
    });
    return sendJson(response, created ? 201 : 200, listed(meta));
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) return sendJson(response, 413, { message: error.message });
      if (error instanceof BodyNotJson) return sendJson(response, 400, { message: error.message });
      if (error instanceof URIError) return sendJson(response, 400, { message: 'malformed path' });
      sendJson(response, 500, { message: error instanceof Error ? error.message : 'internal error' });
    });
  });
  const running = await listenOnLoopback(server, options.port);
  return { url: `${running.origin}${basePath}`, close: running.close };
}

/** The listing fields of spec 000 §3; file_size is kilobytes as text, exact (bytes / 1024). */
function listed(meta: StoredFileMeta) {
  return {
    id: meta.id,
    file_name: meta.file_name,
    created_on: meta.created_on,
    file_size: String(meta.size / 1024),
  };
}

/** A name, not a path: no separators, no `.` or `..`, no control characters, at most 255 characters. */
function isName(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= MAX_NAME &&
    value !== '.' &&
    value !== '..' &&
    // eslint-disable-next-line no-control-regex
    !/[/\\\u0000-\u001f]/.test(value)
  );
}

function putProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the body must be a JSON object';
  const fields = body as Record<string, unknown>;
  for (const key of ['box_id', 'group_id', 'role', 'content_base64']) {
    if (typeof fields[key] !== 'string') return `${key} must be a string`;
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(fields.content_base64 as string)) return 'content_base64 is not base64';
  return null;
}

function methodNotAllowed(response: http.ServerResponse, allow: string): void {
  response.setHeader('allow', allow);
  sendJson(response, 405, { message: 'method not allowed' });
}
