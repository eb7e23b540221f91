import type { Client as SshClient } from 'ssh2';
import type { DmsClient, DmsClientOptions } from './dms/index.js';
import type { FunctionServerClient, FunctionServerClientOptions } from './function-server/index.js';
import type { OpenSftpOptions, SftpSession, SftpTarget } from './sftp/index.js';

/**
 * The clients of the peers LIS talks to, as the code that uses them receives them: built by the
 * composition root (composition/peer-clients.ts), never by a service or a pipeline step (lint:
 * tools/eslint/server-layers.js). Each call makes a client of one server.
 */
export interface PeerClients {
  /** A connected sFTP session (read-ahead downloads, temp-then-rename uploads; `openSftp`). */
  sftp(target: SftpTarget, options?: OpenSftpOptions): Promise<SftpSession>;
  /** A bare SSH client, not yet connected: the connection tests try a server without a session's retries. */
  ssh(): SshClient;
  /** A client of one function server. */
  functionServer(options: FunctionServerClientOptions): FunctionServerClient;
  /** A client of one DMS server. */
  dms(options: DmsClientOptions): DmsClient;
}
