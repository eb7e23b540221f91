import type { PeerClients } from '../../../adapters/peer-clients.js';
import { runMessage } from '../../../i18n/run-message.js';
import type { Delivery, ResultFile } from '../delivery.js';
import type { RunContext } from '../pipeline-context.js';

/** The legacy types whose result files go to the job's DMS. */
export const DMS_TYPES = new Set(['DMS_WAIT', 'DMS_DYN_WAIT', 'DMS_ETAX_WAIT']);

async function deliverToDms(
  peers: Pick<PeerClients, 'dms'>,
  context: RunContext,
  files: readonly ResultFile[],
): Promise<number> {
  const { job, run, recorder, signal } = context;
  const dms = job.dms;
  if (!dms) throw new Error('no DMS server is configured');
  const { config } = job;
  const client = peers.dms({ baseUrl: dms.url, token: dms.token });
  let delivered = 0;
  for (const file of files) {
    const dynamic = config.legacy_type === 'DMS_DYN_WAIT';
    const place = dynamic
      ? file.result.dms
      : {
          bucket: config.dms_bucket ?? '',
          box_id: config.dms_boxid ?? '',
          group_id: config.dms_groupid ?? '',
        };
    if (!place)
      throw new Error(`the function gave no DMS bucket, box and group for ${file.result.file_name}`);
    const destination = `dms:${dms.serverId}:${place.bucket}/${place.box_id}/${place.group_id}/${file.result.file_name}`;
    if (await recorder.alreadyDelivered(file.ledger, destination)) continue;
    await client.putFile(
      {
        bucket: place.bucket,
        box: place.box_id,
        group: place.group_id,
        role: file.result.dms?.role ?? config.dms_roleaccess ?? '',
        job_instance_no: run.job_instance_no,
        file_name: file.result.file_name,
        content: () => context.blobs.read(file.key),
      },
      signal,
    );
    await recorder.recordDelivery(file.ledger, destination);
    await recorder.log(
      'INFO',
      runMessage('returnDeliveredDms', {
        file: file.result.file_name,
        server: dms.serverId,
        bucket: place.bucket,
      }),
    );
    delivered += 1;
  }
  return delivered;
}

/**
 * Step 3 to the job's DMS (`dms_serverid`) for the DMS types: into the job's bucket, box and group, or
 * (DMS_DYN_WAIT) those the function chose for each file.
 */
export function dmsDelivery(peers: Pick<PeerClients, 'dms'>): Delivery {
  return {
    serves: (job) => DMS_TYPES.has(job.config.legacy_type),
    deliver: (context, files) => deliverToDms(peers, context, files),
  };
}
