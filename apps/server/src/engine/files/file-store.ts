import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config, FileStoreSetting } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import { syncDirectory } from '../../platform/sync-directory.js';
import {
  isMissingBlob,
  LocalBlobStore,
  type BlobStat,
  type BlobStore,
  type StoredBlob,
} from './blob-store.js';
import { DatabaseBlobStore } from './database-blob-store.js';
import { liveOtherNodes } from './file-store.repository.js';

/** The data folder's own store: `{LIS_DATA_DIR}/files` (the embedded default, and the old place). */
export function localBlobRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/**
 * A store that writes to `primary` and reads what it lacks from `legacy`: an install that kept its
 * backups in its data folder and moved to PostgreSQL (or a shared mount) still reads them, without a
 * copy (docs/decisions/0019-file-store.md). New content goes to the primary only.
 */
export class StoreWithLegacyFolder implements BlobStore {
  readonly description: string;

  constructor(
    readonly primary: BlobStore,
    readonly legacy: LocalBlobStore,
  ) {
    this.description = primary.description;
  }

  put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob> {
    return this.primary.put(key, content, signal);
  }

  async read(key: string): Promise<Readable> {
    try {
      return await this.primary.read(key);
    } catch (error) {
      if (!isMissingBlob(error)) throw error;
      return this.legacy.read(key);
    }
  }

  async stat(key: string): Promise<BlobStat | undefined> {
    return (await this.primary.stat(key)) ?? (await this.legacy.stat(key));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.primary.exists(key)) || (await this.legacy.exists(key));
  }

  async delete(key: string): Promise<void> {
    await this.primary.delete(key);
    await this.legacy.delete(key);
  }

  async list(prefix: string): Promise<string[]> {
    const keys = new Set([...(await this.primary.list(prefix)), ...(await this.legacy.list(prefix))]);
    return [...keys].sort();
  }

  deleteUnreferenced(): Promise<number> {
    return this.primary.deleteUnreferenced();
  }
}

/**
 * The file store of this node (LIS_FILE_STORE, DESIGN §2 "Files"): the data folder (embedded
 * default), the database (default with DATABASE_URL) or a shared mount. The database and the shared
 * mount also read keys the data folder still holds from before.
 */
export function openBlobStore(
  config: Pick<Config, 'dataDir'> & { fileStore?: FileStoreSetting | undefined },
  db: Db,
): BlobStore {
  const local = new LocalBlobStore(localBlobRoot(config));
  const setting = config.fileStore ?? { kind: 'local' };
  switch (setting.kind) {
    case 'local':
      return local;
    case 'database':
      return new StoreWithLegacyFolder(new DatabaseBlobStore(db), local);
    case 'shared':
      return new StoreWithLegacyFolder(
        new LocalBlobStore(path.join(setting.path, 'files'), `the shared folder ${setting.path}`),
        local,
      );
  }
}

/** A node that is running but whose marker this node does not see in the shared mount. */
export class FileStoreCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileStoreCheckError';
  }
}

/** A node counts as live when it heartbeated this recently (workers heartbeat every few seconds). */
const LIVE_MS = 60_000;
const MARKERS = '.lis-nodes';

const markerName = (nodeId: string) => nodeId.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The start check of a shared mount (LIS_FILE_STORE=shared:/path): this node writes a marker holding
 * its id into the mount, then must find the marker of every other live node (scheduler_nodes). A node
 * whose mount is a different folder (not mounted, another share, a local folder by mistake) does not
 * see them: it refuses to start rather than keep backups that other nodes cannot read.
 */
export async function checkSharedFileStore(mount: string, db: Db, nodeId: string): Promise<void> {
  const folder = path.join(mount, MARKERS);
  try {
    await fs.promises.mkdir(folder, { recursive: true });
    const marker = path.join(folder, markerName(nodeId));
    const handle = await fs.promises.open(marker, 'w');
    try {
      await handle.writeFile(`${nodeId}\n${os.hostname()}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await syncDirectory(folder);
  } catch (error) {
    throw new FileStoreCheckError(
      `the shared file store ${mount} cannot be written (${(error as Error).message}): mount it on this node, or choose LIS_FILE_STORE=database`,
    );
  }
  const now = await databaseNow(db.kysely, db.dialect);
  const others = await liveOtherNodes(db, nodeId, now, LIVE_MS);
  const unseen: string[] = [];
  for (const other of others) {
    const seen = await fs.promises
      .readFile(path.join(folder, markerName(other.id)), 'utf8')
      .then((text) => text.split('\n')[0] === other.id)
      .catch(() => false);
    if (!seen) unseen.push(`${other.id} (host ${other.hostname})`);
  }
  if (unseen.length > 0)
    throw new FileStoreCheckError(
      `the shared file store ${mount} is not the folder the other nodes use: no marker of the running node(s) ${unseen.join(', ')} in ${folder}. Mount the same share at ${mount} on every node (or choose LIS_FILE_STORE=database): a run one node starts must be continued by any other with its backups`,
    );
}
