import path from 'node:path';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { SecretBox } from '../../modules/secrets/secret-box.js';
import { ServerConfigRepository } from '../../modules/server-config/server-config.repository.js';
import { LocalBlobStore } from '../files/blob-store.js';
import type { SchedulerSignal } from '../scheduler/scheduler-signal.js';
import { DEFAULT_PIPELINE_SETTINGS, type PipelineSettings } from './pipeline-context.js';
import { PipelineJobLoader } from './pipeline-job.js';
import { PipelineHandler } from './pipeline.handler.js';

/** Where run backups are kept: `{LIS_DATA_DIR}/files`; downloads in progress: `{LIS_DATA_DIR}/tmp`. */
export function blobRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/** The job handler of a worker node: the file pipeline over the data folder's blob store. */
export function createPipelineHandler(
  config: Pick<Config, 'dataDir' | 'smtp'>,
  db: Db,
  masterKey: Buffer,
  overrides: Partial<PipelineSettings> = {},
  signal?: SchedulerSignal,
): PipelineHandler {
  return new PipelineHandler({
    db,
    signal,
    blobs: new LocalBlobStore(blobRoot(config)),
    loader: new PipelineJobLoader(new ServerConfigRepository(db.kysely), new SecretBox(masterKey)),
    settings: {
      ...DEFAULT_PIPELINE_SETTINGS,
      scratchDir: path.join(config.dataDir, 'tmp'),
      smtpConfigured: config.smtp !== undefined,
      ...overrides,
    },
  });
}
