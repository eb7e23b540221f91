import ssh2, { type ConnectConfig, type SFTPWrapper } from 'ssh2';
import { outboundSocket } from '../../platform/outbound-policy.js';
import { SftpError, abortedError, toSftpError } from './sftp-error.js';
import { SftpChannel, type TransferTuning } from './sftp-channel.js';
import { SftpSession } from './sftp-session.js';

// ssh2 is CommonJS: Node's ESM loader offers its default export only (a named import crashes at start).
const { Client } = ssh2;

export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  password?: string | undefined;
  privateKey?: string | undefined;
}

export interface OpenSftpOptions {
  /** Cancels the connection attempt (the session, once open, is closed by `close()`). */
  signal?: AbortSignal | undefined;
  /** How long the TCP connect + SSH handshake + authentication may take. Default 20 s. */
  readyTimeoutMs?: number | undefined;
  /**
   * SSH keepalive period; after 3 unanswered keepalives the connection counts as lost (TIMEOUT), so a
   * transfer never hangs on a silent peer. Default 10 s; 0 turns keepalives off.
   */
  keepaliveIntervalMs?: number | undefined;
  /** Read-ahead / write-behind tuning of transfers (defaults: DEFAULT_TRANSFER_TUNING). */
  tuning?: Partial<TransferTuning> | undefined;
}

export const DEFAULT_READY_TIMEOUT_MS = 20_000;
export const DEFAULT_KEEPALIVE_INTERVAL_MS = 10_000;

/**
 * Connects over SSH (password and/or private key) and opens the SFTP subsystem. Host keys are not
 * pinned (as the connection test). Every failure is an SftpError whose message names host and port only.
 */
export async function openSftp(target: SftpTarget, options: OpenSftpOptions = {}): Promise<SftpSession> {
  const where = `${target.host}:${target.port}`;
  const secrets = [target.password, target.privateKey];
  const what = `sFTP connection to ${where}`;
  if (options.signal?.aborted) throw abortedError(what, options.signal);
  const client = new Client();
  const channel = await new Promise<SftpChannel>((resolve, reject) => {
    let settled = false;
    const settle = (error: SftpError | undefined, wrapper?: SFTPWrapper) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      // The channel adds its own 'error' and 'close' listeners before these go: no moment without one.
      if (!error && wrapper) resolve(new SftpChannel(client, wrapper, where, secrets, options.tuning));
      client.removeListener('error', onError);
      client.removeListener('close', onClose);
      if (error || !wrapper) {
        client.on('error', () => {}); // late errors of a connection being dropped have nowhere to go
        client.end();
        reject(error ?? new SftpError('FAILED', `${what}: no SFTP channel`));
      }
    };
    const onAbort = () => settle(abortedError(what, options.signal));
    const onError = (error: Error) => settle(toSftpError(error, what, secrets));
    const onClose = () =>
      settle(new SftpError('CONNECTION_LOST', `${what}: the server closed the connection`));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    client.on('error', onError);
    client.on('close', onClose);
    client.on('ready', () => {
      // Nagle's algorithm would hold back the small READ requests and window adjustments behind
      // unacknowledged data: transfers pipeline requests, so each goes out at once.
      client.setNoDelay(true);
      client.sftp((error, wrapper) =>
        settle(error ? toSftpError(error, `${what}: SFTP subsystem`, secrets) : undefined, wrapper),
      );
    });
    const keepaliveInterval = options.keepaliveIntervalMs ?? DEFAULT_KEEPALIVE_INTERVAL_MS;
    const config: ConnectConfig = {
      host: target.host,
      port: target.port,
      username: target.username,
      readyTimeout: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      keepaliveInterval,
      keepaliveCountMax: 3,
    };
    if (target.password) config.password = target.password;
    if (target.privateKey) config.privateKey = target.privateKey;
    try {
      // Through the outbound policy: the socket connects to the addresses it checked (issue 32).
      config.sock = outboundSocket(target.host, target.port);
      client.connect(config);
    } catch (error) {
      settle(toSftpError(error, what, secrets));
    }
  });
  return new SftpSession(channel);
}
