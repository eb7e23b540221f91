import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import {
  BodyNotJson,
  BodyTooLarge,
  hangUpSignal,
  listenOnLoopback,
  readJsonBody,
  sameSecret,
  sendJson,
} from './reference-http.js';
import { demoFunctions, type DemoFunctionOptions } from './demo-functions.js';
import {
  HttpFailure,
  requestProblem,
  type CallRequest,
  type ReferenceFunction,
} from './function-contract.js';
import { IdempotencyStore, type IdempotencyOptions, type IdempotencyRecord } from './idempotency-store.js';

export const REFERENCE_FUNCTION_SERVER_VERSION = '1.0.0';

export interface ReferenceFunctionServerOptions extends DemoFunctionOptions {
  readonly username: string;
  readonly password: string;
  /** Functions keyed `Class/function`, added to (or replacing) the Demo ones. */
  readonly functions?: Record<string, ReferenceFunction>;
  /** The path the contract lives under (default '/api'); `url` includes it. */
  readonly basePath?: string;
  /** Port on 127.0.0.1 (default 0: any free port). */
  readonly port?: number;
  /** Stable id answered as clientUUID (default: a new UUID per server instance). */
  readonly clientUUID?: string;
  /** Largest accepted call body (default 64 MB; larger answers 413). */
  readonly maxBodyBytes?: number;
  /** How long and how many answers are remembered per idempotency key (default 24 h, 10,000, 256 MB). */
  readonly idempotency?: IdempotencyOptions;
  readonly now?: () => Date;
}

export interface ReferenceFunctionServer {
  /** The value to configure as the API server's `api_url_callfunction`, e.g. `http://127.0.0.1:41234/api`. */
  readonly url: string;
  /** Functions executed so far (the info's functionUsage); a repeat answered from memory is not counted. */
  readonly callCount: () => number;
  /** What the server knows of an idempotency key: state, executions, replays, conflicts. */
  readonly idempotencyRecord: (
    className: string,
    functionName: string,
    key: string,
  ) => IdempotencyRecord | undefined;
  close(): Promise<void>;
}

/** The reference function server of docs/function-server.md, on 127.0.0.1 only. */
export async function createReferenceFunctionServer(
  options: ReferenceFunctionServerOptions,
): Promise<ReferenceFunctionServer> {
  const functions = new Map(Object.entries({ ...demoFunctions(options), ...options.functions }));
  const basePath = `/${(options.basePath ?? '/api').replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '');
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? (() => new Date());
  const clientUUID = options.clientUUID ?? randomUUID();
  const startedAt = now();
  const serverSession = `${process.pid}-${startedAt.getTime().toString(36)}-${randomUUID().slice(0, 8)}`;
  const usage = new UsageSampler();
  const remembered = new IdempotencyStore(options.idempotency ?? {}, () => now().getTime());
  const storeKey = (className: string, functionName: string, key: string) =>
    `${className}/${functionName}\n${key}`;
  let calls = 0;

  const authorised = (request: http.IncomingMessage): boolean => {
    const header = request.headers.authorization ?? '';
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    const userOk = sameSecret(decoded.slice(0, colon), options.username);
    const passwordOk = sameSecret(decoded.slice(colon + 1), options.password);
    return userOk && passwordOk;
  };

  const info = () => ({
    ...usage.sample(),
    serverVersion: `LIS reference function server ${REFERENCE_FUNCTION_SERVER_VERSION} (Node ${process.version})`,
    serverOS: `${os.type()} ${os.release()} ${os.arch()}`,
    serverTime: now().toISOString(),
    serverSession,
    functionUsage: calls,
    clientUUID,
  });

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    // The path as sent: dot segments are not resolved, so `..` arrives as a (refused) name.
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith(`${basePath}/`)) return sendJson(response, 404, { message: 'not found' });
    if (!authorised(request)) {
      response.setHeader('www-authenticate', 'Basic realm="reference function server", charset="UTF-8"');
      return sendJson(response, 401, { message: 'wrong username or password' });
    }
    const route = path.slice(basePath.length + 1).split('/');
    if (route.length === 1 && route[0] === 'info') {
      return request.method === 'GET' ? sendJson(response, 200, info()) : methodNotAllowed(response, 'GET');
    }
    if (route.length !== 3 || route[0] !== 'functions')
      return sendJson(response, 404, { message: 'not found' });
    const className = decodeURIComponent(route[1] ?? '');
    const functionName = decodeURIComponent(route[2] ?? '');
    const fn = functions.get(`${className}/${functionName}`);
    if (!fn) {
      return sendJson(response, 404, { message: `function ${className}.${functionName} does not exist` });
    }
    if (request.method === 'GET') {
      return sendJson(response, 200, {
        class_name: className,
        function_name: functionName,
        description: fn.description,
      });
    }
    if (request.method !== 'POST') return methodNotAllowed(response, 'GET, POST');
    const body = await readJsonBody(request, maxBodyBytes);
    const problem = requestProblem(body);
    if (problem) return sendJson(response, 400, { message: problem });
    const key = idempotencyKeyOf(request, body as CallRequest);
    if (typeof key === 'object') return sendJson(response, 400, key);
    const claim = key === undefined ? undefined : remembered.claim(storeKey(className, functionName, key));
    if (claim?.kind === 'replay') {
      response.setHeader('idempotent-replayed', 'true');
      return sendText(response, 200, claim.answer);
    }
    if (claim?.kind === 'conflict') {
      return sendJson(response, 409, {
        message: `the first call with this Idempotency-Key is still executing; repeat it later`,
      });
    }
    calls += 1;
    const signal = hangUpSignal(request, response);
    let answer;
    try {
      answer = await fn.run(body as CallRequest, { signal, now });
    } catch (error) {
      claim?.failed();
      throw error;
    }
    // Remembered even when the caller hung up meanwhile: its repeat gets this answer. An `error` answer
    // says the function did not do its work: not remembered, so a repeat (a re-run of step 2) retries.
    if (answer.status === 'error') claim?.failed();
    else claim?.done(answer);
    sendJson(response, 200, answer);
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof HttpFailure) return sendJson(response, error.status, { message: error.message });
      if (error instanceof BodyTooLarge) return sendJson(response, 413, { message: error.message });
      if (error instanceof BodyNotJson) return sendJson(response, 400, { message: error.message });
      if (error instanceof URIError) return sendJson(response, 400, { message: 'malformed path' });
      if (response.destroyed) return;
      sendJson(response, 500, { message: error instanceof Error ? error.message : 'internal error' });
    });
  });
  const running = await listenOnLoopback(server, options.port);
  return {
    url: `${running.origin}${basePath}`,
    callCount: () => calls,
    idempotencyRecord: (className, functionName, key) =>
      remembered.record(storeKey(className, functionName, key)),
    close: running.close,
  };
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The call's idempotency key: the `Idempotency-Key` header (a bare token or a quoted string) or the body's
 * `idempotency_key`; both present must agree. Undefined when the caller sent none (it runs every time);
 * `{message}` when the key is malformed.
 */
function idempotencyKeyOf(
  request: http.IncomingMessage,
  body: CallRequest,
): string | undefined | { message: string } {
  const header = request.headers['idempotency-key'];
  const fromHeader = typeof header === 'string' ? header.trim().replace(/^"(.*)"$/, '$1') : undefined;
  const fromBody = body.idempotency_key;
  if (fromBody !== undefined && typeof fromBody !== 'string')
    return { message: 'idempotency_key must be a string' };
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody)
    return { message: 'the Idempotency-Key header and idempotency_key differ' };
  const key = fromHeader ?? fromBody;
  if (key !== undefined && !KEY_PATTERN.test(key))
    return { message: 'an idempotency key is 1 to 255 visible ASCII characters' };
  return key;
}

function sendText(response: http.ServerResponse, status: number, text: string): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

function methodNotAllowed(response: http.ServerResponse, allow: string): void {
  response.setHeader('allow', allow);
  sendJson(response, 405, { message: 'method not allowed' });
}

/** CPU usage of the machine and of this process since the previous sample (or since start). */
class UsageSampler {
  private machine = machineTimes();
  private process = process.cpuUsage();
  private wall = process.hrtime.bigint();

  sample() {
    const machine = machineTimes();
    const processUsage = process.cpuUsage();
    const wall = process.hrtime.bigint();
    const machineTotal = machine.total - this.machine.total;
    const machineIdle = machine.idle - this.machine.idle;
    const wallMicros = Number(wall - this.wall) / 1000;
    const processMicros = processUsage.user - this.process.user + (processUsage.system - this.process.system);
    this.machine = machine;
    this.process = processUsage;
    this.wall = wall;
    const cpuCount = Math.max(1, os.availableParallelism());
    return {
      percentTotalCPUUsage: round(machineTotal > 0 ? (100 * (machineTotal - machineIdle)) / machineTotal : 0),
      percentProcessCPUUsage: round(wallMicros > 0 ? (100 * processMicros) / wallMicros / cpuCount : 0),
      megaByteTotalMemory: round(os.totalmem() / 1024 / 1024),
      megaByteFreeMemory: round(os.freemem() / 1024 / 1024),
      megaByteProcessMemoryUsage: round(process.memoryUsage.rss() / 1024 / 1024),
    };
  }
}

function machineTimes(): { total: number; idle: number } {
  let total = 0;
  let idle = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq } = cpu.times;
    total += user + nice + sys + irq + cpu.times.idle;
    idle += cpu.times.idle;
  }
  return { total, idle };
}

function round(value: number): number {
  return Math.max(0, Math.round(value * 100) / 100);
}
