import ssh2 from 'ssh2';
import { DmsClient } from '../adapters/dms/index.js';
import { FunctionServerClient } from '../adapters/function-server/index.js';
import type { PeerClients } from '../adapters/peer-clients.js';
import { openSftp } from '../adapters/sftp/index.js';

/** The real clients of the peers (sFTP, SSH, function servers, DMS), the one place they are built. */
export const peerClients: PeerClients = {
  sftp: openSftp,
  // ssh2 is CommonJS: Node's ESM loader offers its default export only.
  ssh: () => new ssh2.Client(),
  functionServer: (options) => new FunctionServerClient(options),
  dms: (options) => new DmsClient(options),
};
