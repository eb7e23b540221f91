import path from 'node:path';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { localBlobRoot, openBlobStore } from '../engine/files/file-store.js';
import { DEFAULT_PIPELINE_SETTINGS, type PipelineSettings } from '../engine/pipeline/pipeline-context.js';
import { PipelineHandler } from '../engine/pipeline/pipeline.handler.js';
import type { AlertSink } from '../engine/alerts/alert-sink.js';
import type { SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import { SecretBox } from '../modules/secrets/secret-box.js';
import { PipelineJobLoader } from '../modules/server-config/pipeline-job-loader.js';
import { ServerConfigRepository } from '../modules/server-config/server-config.repository.js';
import { peerClients } from './peer-clients.js';
import { createTransferTargets } from './transfer-targets.js';

/**
 * The data folder's own file store, `{LIS_DATA_DIR}/files` (the embedded default; see file-store.ts for
 * the store a node uses); downloads in progress: `{LIS_DATA_DIR}/tmp`.
 */
export function blobRoot(config: Pick<Config, 'dataDir'>): string {
  return localBlobRoot(config);
}

/**
 * The job handler of a worker node: the file pipeline over the node's file store (LIS_FILE_STORE), with
 * its sources and deliveries (createTransferTargets) and the peers' clients; a suspension raises
 * JOB_SUSPENDED through `alerts`.
 */
export function createPipelineHandler(
  config: Pick<Config, 'dataDir' | 'smtp'> & Partial<Pick<Config, 'fileStore' | 'functionMaxAnswerBytes'>>,
  db: Db,
  masterKey: Buffer,
  overrides: Partial<PipelineSettings> = {},
  signal?: SchedulerSignal,
  alerts?: AlertSink,
): PipelineHandler {
  return new PipelineHandler({
    db,
    signal,
    alerts,
    blobs: openBlobStore(config, db),
    loader: new PipelineJobLoader(new ServerConfigRepository(db.kysely), new SecretBox(masterKey)),
    targets: createTransferTargets(peerClients),
    peers: peerClients,
    settings: {
      ...DEFAULT_PIPELINE_SETTINGS,
      scratchDir: path.join(config.dataDir, 'tmp'),
      smtpConfigured: config.smtp !== undefined,
      ...(config.functionMaxAnswerBytes ? { maxAnswerBytes: config.functionMaxAnswerBytes } : {}),
      ...overrides,
    },
  });
}
