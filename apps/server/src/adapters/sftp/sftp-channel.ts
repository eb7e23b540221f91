import type { Client, SFTPWrapper } from 'ssh2';
import { SftpError, toSftpError } from './sftp-error.js';

/** How transfers keep the connection busy. */
export interface TransferTuning {
  /** Bytes per READ / WRITE request (capped by the server's limits). */
  chunkBytes: number;
  /** Requests outstanding at once; chunkBytes × maxInFlight is the most a transfer holds in memory. */
  maxInFlight: number;
}

/**
 * Measured with `npm run bench:transfer` on loopback OpenSSH 9.2 (docs/performance.md, sFTP section):
 * 255 KiB (OpenSSH's largest READ) × 16 downloads faster than 128 KiB × 32 with the same 4 MiB at most
 * in memory per transfer, and half the requests. Servers announcing smaller limits get smaller chunks.
 */
export const DEFAULT_TRANSFER_TUNING: TransferTuning = { chunkBytes: 255 * 1024, maxInFlight: 16 };

/** What ssh2 reads and writes per request when the server announces no limits (its own default). */
const SSH2_DEFAULT_IO_LIMIT = 34000 - 1024;

/**
 * One open SFTP channel and what transfers need around it: error mapping with the peer's name, the
 * tuning, and notice of the connection's end. ssh2 answers requests sent after the channel closed never
 * (it queues them as if sent), so every waiter also listens for `onLost`.
 */
export class SftpChannel {
  private lost: SftpError | undefined;
  private readonly lostListeners = new Set<(error: SftpError) => void>();
  readonly tuning: TransferTuning;

  constructor(
    readonly client: Client,
    readonly sftp: SFTPWrapper,
    readonly where: string,
    private readonly secrets: readonly (string | undefined)[],
    tuning: Partial<TransferTuning> | undefined,
  ) {
    const wanted = { ...DEFAULT_TRANSFER_TUNING, ...tuning };
    // ssh2 keeps the limits the server announced (limits@openssh.com) in private fields; a larger request is
    // split by ssh2 into sequential round trips, which would defeat the read-ahead.
    const limits = sftp as unknown as { _maxReadLen?: number; _maxWriteLen?: number };
    const ioLimit = Math.min(
      limits._maxReadLen ?? SSH2_DEFAULT_IO_LIMIT,
      limits._maxWriteLen ?? SSH2_DEFAULT_IO_LIMIT,
    );
    this.tuning = {
      chunkBytes: Math.max(1024, Math.min(wanted.chunkBytes, ioLimit)),
      maxInFlight: Math.max(1, Math.floor(wanted.maxInFlight)),
    };
    const markLost = (error: SftpError) => {
      if (this.lost) return;
      this.lost = error;
      for (const listener of [...this.lostListeners]) listener(error);
      this.lostListeners.clear();
    };
    // An 'error' without a listener would crash the process: keepalive timeouts and resets land here.
    client.on('error', (error: Error) => markLost(this.error(error, `sFTP connection to ${where}`)));
    client.on('close', () =>
      markLost(new SftpError('CONNECTION_LOST', `sFTP connection to ${where}: the connection closed`)),
    );
    sftp.on('close', () =>
      markLost(new SftpError('CONNECTION_LOST', `sFTP connection to ${where}: the SFTP channel closed`)),
    );
  }

  /** The error that ended the connection, if it has ended. */
  get lostError(): SftpError | undefined {
    return this.lost;
  }

  /** Calls `listener` once when the connection ends (at once if it has); returns the unsubscribe. */
  onLost(listener: (error: SftpError) => void): () => void {
    if (this.lost) {
      listener(this.lost);
      return () => {};
    }
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Maps an ssh2 or file-system error, preferring the connection's own end reason when it has ended. */
  error(error: unknown, what: string): SftpError {
    if (error instanceof SftpError) return error;
    const mapped = toSftpError(error, what, this.secrets);
    if (this.lost && mapped.code === 'CONNECTION_LOST' && this.lost.code !== 'CONNECTION_LOST')
      return new SftpError(this.lost.code, `${what}: ${this.lost.message}`, { cause: error });
    return mapped;
  }

  /** Runs one SFTP request as a promise; rejects at once when the connection is or becomes lost. */
  request<T>(what: string, send: (callback: (error?: Error | null, value?: T) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const stopWaiting = this.onLost((lost) => reject(new SftpError(lost.code, `${what}: ${lost.message}`)));
      if (this.lost) return;
      try {
        send((error, value) => {
          stopWaiting();
          if (error) reject(this.error(error, what));
          else resolve(value as T);
        });
      } catch (error) {
        stopWaiting();
        reject(this.error(error, what));
      }
    });
  }
}
