import ssh2, { type ConnectConfig, type FileEntryWithStats, type SFTPWrapper } from 'ssh2';
import { RemoteCallError, type FunctionServerInfo } from '../../adapters/function-server/index.js';
import type { PeerClients } from '../../adapters/peer-clients.js';

import { isOutboundDenied, outboundSocket } from '../../platform/outbound-policy.js';

/** Socket errors that all mean "cannot connect" to the person testing (issue 32). */
const CANNOT_CONNECT = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EHOSTDOWN',
  'ECONNRESET',
  'EADDRNOTAVAIL',
]);

// ssh2 is CommonJS: Node's ESM loader offers its default export only (named `utils` is not detected).
const { utils } = ssh2;

/** Both tests give up after this long (spec: a clear failure, never a hanging dialog). */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/** Why a connection test failed, as a message key of i18n/messages.ts and its values. */
export class ConnectionTestError extends Error {
  constructor(
    readonly key:
      | 'sftpTestAuthFailed'
      | 'sftpTestCannotConnect'
      | 'sftpTestNotAllowed'
      | 'sftpTestHostNotFound'
      | 'sftpTestFailed'
      | 'fappTestAuthFailed'
      | 'fappTestHttp'
      | 'fappTestCannotConnect'
      | 'fappTestNotAllowed'
      | 'fappTestBadReply'
      | 'fappTestFailed',
    readonly values: Record<string, string | number>,
  ) {
    super(key);
    this.name = 'ConnectionTestError';
  }
}

export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  password?: string | undefined;
  privateKey?: string | undefined;
}

/** Whether text parses as an unencrypted private key ssh2 can use. */
export function isUsablePrivateKey(text: string): boolean {
  try {
    const parsed = utils.parseKey(text);
    return !(parsed instanceof Error) && !(Array.isArray(parsed) && parsed.length === 0);
  } catch {
    return false;
  }
}

/** Removes every secret from a text meant for people (ssh2 and fetch messages never should hold one). */
function scrub(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 3) out = out.split(secret).join('***');
  return out.slice(0, 300);
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Really connects over SSH (password and/or private key), opens SFTP, runs `work` and closes the
 * connection. Host keys are not pinned (reachability and credentials); a failure to connect is a
 * ConnectionTestError, and so is a failure of `work` unless it threw its own error. The time limit
 * covers connecting and the work.
 */
export async function withSftpSession<T>(
  peers: Pick<PeerClients, 'ssh'>,
  target: SftpTarget,
  work: (sftp: SFTPWrapper) => Promise<T>,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<T> {
  const where = { host: target.host, port: target.port };
  const secrets = [target.password, target.privateKey];
  return new Promise<T>((resolve, reject) => {
    const client = peers.ssh();
    let settled = false;
    const finish = (error: unknown, result?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.end();
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result as T);
    };
    const failed = (reason: string) =>
      new ConnectionTestError('sftpTestFailed', { reason: scrub(reason, secrets) });
    // Refused, unreachable and timed out are one answer (issue 32): an admin needs "cannot connect",
    // not a map of which internal ports are closed and which are filtered.
    const cannotConnect = () =>
      new ConnectionTestError('sftpTestCannotConnect', { ...where, seconds: timeoutMs / 1000 });
    const timer = setTimeout(() => finish(cannotConnect()), timeoutMs);
    client.on('error', (error: Error & { level?: string }) => {
      const code = errorCode(error);
      if (error.level === 'client-authentication')
        finish(new ConnectionTestError('sftpTestAuthFailed', where));
      else if (isOutboundDenied(error)) finish(new ConnectionTestError('sftpTestNotAllowed', where));
      else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        finish(new ConnectionTestError('sftpTestHostNotFound', where));
      else if (error.level === 'client-timeout' || (code !== undefined && CANNOT_CONNECT.has(code)))
        finish(cannotConnect());
      else finish(failed(error.message));
    });
    client.on('close', () => finish(failed('the server closed the connection')));
    client.on('ready', () => {
      client.sftp((error, sftp) => {
        if (error) {
          finish(failed(error.message));
          return;
        }
        work(sftp).then(
          (result) => finish(undefined, result),
          (workError: unknown) =>
            finish(
              workError instanceof Error && workError.name !== 'Error'
                ? workError
                : failed(workError instanceof Error ? workError.message : String(workError)),
            ),
        );
      });
    });
    const config: ConnectConfig = {
      host: target.host,
      port: target.port,
      username: target.username,
      readyTimeout: timeoutMs,
      keepaliveInterval: 0,
    };
    if (target.password) config.password = target.password;
    if (target.privateKey) config.privateKey = target.privateKey;
    try {
      // Through the outbound policy: the socket connects to the addresses it checked (issue 32).
      config.sock = outboundSocket(target.host, target.port);
      client.connect(config);
    } catch (error) {
      if (isOutboundDenied(error)) finish(new ConnectionTestError('sftpTestNotAllowed', where));
      else finish(failed(error instanceof Error ? error.message : String(error)));
    }
  });
}

/** Promisified `readdir` of one remote folder. */
export function readRemoteDir(sftp: SFTPWrapper, path: string): Promise<FileEntryWithStats[]> {
  return new Promise((resolve, reject) => {
    sftp.readdir(path, (error, list) => (error ? reject(error) : resolve(list)));
  });
}

/** Connects, opens SFTP and lists '/': the sFTP Config screen's Test Connection. */
export async function testSftpConnection(
  peers: Pick<PeerClients, 'ssh'>,
  target: SftpTarget,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<string[]> {
  return withSftpSession(
    peers,
    target,
    async (sftp) => (await readRemoteDir(sftp, '/')).map((entry) => entry.filename).sort(),
    timeoutMs,
  );
}

export interface FunctionServerTarget {
  url: string;
  username: string;
  password: string;
}

/**
 * DESIGN §5: `GET {api_url_callfunction}/info` with HTTP Basic auth, through the function-server
 * client (no redirects followed, answers checked against the contract, 10 s limit).
 */
export async function fetchFunctionServerInfo(
  peers: Pick<PeerClients, 'functionServer'>,
  target: FunctionServerTarget,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<FunctionServerInfo> {
  const client = peers.functionServer({
    baseUrl: target.url,
    username: target.username,
    password: target.password,
    infoTimeoutMs: timeoutMs,
  });
  try {
    return await client.info();
  } catch (error) {
    if (!(error instanceof RemoteCallError)) throw error;
    const url = target.url;
    switch (error.code) {
      case 'UNAUTHORIZED':
        throw new ConnectionTestError('fappTestAuthFailed', { status: error.status ?? 401 });
      case 'NOT_ALLOWED':
        throw new ConnectionTestError('fappTestNotAllowed', { url });
      case 'TIMEOUT':
        throw new ConnectionTestError('fappTestCannotConnect', { url, seconds: timeoutMs / 1000 });
      case 'UNREACHABLE':
        // Refused, unreachable, timed out: one answer (issue 32); an unknown host name is still said.
        if (/host not found|lookup failed|closed before a complete answer/.test(error.message))
          throw new ConnectionTestError('fappTestFailed', {
            reason: scrub(error.message, [target.password]),
          });
        throw new ConnectionTestError('fappTestCannotConnect', { url, seconds: timeoutMs / 1000 });
      case 'HTTP_STATUS':
        throw new ConnectionTestError('fappTestHttp', { status: error.status ?? 0 });
      case 'NOT_FOUND':
      case 'INVALID_RESPONSE':
        throw new ConnectionTestError('fappTestBadReply', { url });
      default:
        throw new ConnectionTestError('fappTestFailed', { reason: scrub(error.message, [target.password]) });
    }
  }
}
