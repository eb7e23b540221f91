import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { removeDemoData, type DemoRemovalResult } from '../demo/demo-removal.js';
import { DemoRemovalRepository } from '../demo/demo-removal.repository.js';
import type { BlobStore } from '../engine/files/blob-store.js';
import { openBlobStore } from '../engine/files/file-store.js';
import type { Clock } from '../platform/clock.js';

/**
 * The demo's removal over one database and file store, by a named person: `DELETE /v1/demo` (through
 * createServices) and `lis demo remove`.
 */
export function createDemoRemoval(
  db: Db,
  config: Pick<Config, 'dataDir' | 'fileStore'>,
  clock: Clock,
  blobs: BlobStore = openBlobStore(config, db),
): (by: string) => Promise<DemoRemovalResult | undefined> {
  const repo = new DemoRemovalRepository(db.kysely);
  return (by) => removeDemoData(repo, config.dataDir, clock, by, blobs);
}
