import type { PeerClients } from '../adapters/peer-clients.js';
import { TransferTargets } from '../engine/pipeline/transfer-targets.js';
import { dmsDelivery } from '../engine/pipeline/transfer/dms-delivery.js';
import { sftpDelivery } from '../engine/pipeline/transfer/sftp-delivery.js';
import { sftpSource } from '../engine/pipeline/transfer/sftp-source.js';

/**
 * Where the pipeline moves files (engine/pipeline/source.ts, delivery.ts): the first entry that serves a
 * job is its place. A new target is its adapter and one line here, before the sFTP one that serves
 * every job the others do not.
 */
export function createTransferTargets(peers: PeerClients): TransferTargets {
  return new TransferTargets({
    sources: [sftpSource(peers.sftp)],
    deliveries: [dmsDelivery(peers), sftpDelivery(peers.sftp)],
  });
}
