import ssh2, { type ConnectConfig } from 'ssh2';
import {
  FunctionServerClient,
  RemoteCallError,
  type FunctionServerInfo,
} from '../../adapters/function-server/index.js';

// ssh2 is CommonJS: Node's ESM loader offers its default export only (named `utils` is not detected).
const { Client, utils } = ssh2;

/** Both tests give up after this long (spec: a clear failure, never a hanging dialog). */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/** Why a connection test failed, as a message key of i18n/messages.ts and its values. */
export class ConnectionTestError extends Error {
  constructor(
    readonly key:
      | 'sftpTestAuthFailed'
      | 'sftpTestRefused'
      | 'sftpTestTimeout'
      | 'sftpTestHostNotFound'
      | 'sftpTestFailed'
      | 'fappTestAuthFailed'
      | 'fappTestHttp'
      | 'fappTestRefused'
      | 'fappTestTimeout'
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
 * Really connects over SSH (password and/or private key), opens SFTP and lists '/'. Host keys are
 * not pinned (a test of reachability and credentials); every failure is a ConnectionTestError.
 */
export async function testSftpConnection(
  target: SftpTarget,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<string[]> {
  const where = { host: target.host, port: target.port };
  const secrets = [target.password, target.privateKey];
  return new Promise<string[]>((resolve, reject) => {
    const client = new Client();
    let settled = false;
    const finish = (error: ConnectionTestError | undefined, entries?: string[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.end();
      if (error) reject(error);
      else resolve(entries ?? []);
    };
    const timer = setTimeout(
      () => finish(new ConnectionTestError('sftpTestTimeout', { ...where, seconds: timeoutMs / 1000 })),
      timeoutMs,
    );
    client.on('error', (error: Error & { level?: string }) => {
      const code = errorCode(error);
      if (error.level === 'client-authentication')
        finish(new ConnectionTestError('sftpTestAuthFailed', where));
      else if (code === 'ECONNREFUSED') finish(new ConnectionTestError('sftpTestRefused', where));
      else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        finish(new ConnectionTestError('sftpTestHostNotFound', where));
      else if (error.level === 'client-timeout' || code === 'ETIMEDOUT')
        finish(new ConnectionTestError('sftpTestTimeout', { ...where, seconds: timeoutMs / 1000 }));
      else finish(new ConnectionTestError('sftpTestFailed', { reason: scrub(error.message, secrets) }));
    });
    client.on('close', () =>
      finish(new ConnectionTestError('sftpTestFailed', { reason: 'the server closed the connection' })),
    );
    client.on('ready', () => {
      client.sftp((error, sftp) => {
        if (error) {
          finish(new ConnectionTestError('sftpTestFailed', { reason: scrub(error.message, secrets) }));
          return;
        }
        sftp.readdir('/', (listError, list) => {
          if (listError)
            finish(new ConnectionTestError('sftpTestFailed', { reason: scrub(listError.message, secrets) }));
          else finish(undefined, list.map((entry) => entry.filename).sort());
        });
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
      client.connect(config);
    } catch (error) {
      finish(
        new ConnectionTestError('sftpTestFailed', {
          reason: scrub(error instanceof Error ? error.message : String(error), secrets),
        }),
      );
    }
  });
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
  target: FunctionServerTarget,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<FunctionServerInfo> {
  const client = new FunctionServerClient({
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
      case 'TIMEOUT':
        throw new ConnectionTestError('fappTestTimeout', { url, seconds: timeoutMs / 1000 });
      case 'UNREACHABLE':
        if (/refused/i.test(error.message)) throw new ConnectionTestError('fappTestRefused', { url });
        throw new ConnectionTestError('fappTestFailed', { reason: scrub(error.message, [target.password]) });
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
