import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { ASCII_CONTROL_CHARACTERS } from '@lis/contracts';
import { pipeline } from 'node:stream/promises';
import { syncDirectory } from '../../platform/sync-directory.js';

/** What was stored: the byte count and the SHA-256 of the content (hex). */
export interface StoredBlob {
  size: number;
  sha256: string;
}

/** What is kept under a key. */
export interface BlobStat {
  size: number;
}

/**
 * Where runs keep their files (DESIGN §2 "Files", §4: source, return, API request/response backups and
 * step-4 error files). Keys are `/`-joined segments, each a plain name (see {@link blobKey}).
 * Implementations: a local folder (the embedded default, or a shared mount), and the database itself
 * (database-blob-store.ts, the default on PostgreSQL); see file-store.ts for which one a node uses.
 */
export interface BlobStore {
  /** Where the content is kept, for messages: "the local folder /data/files on host-a". */
  readonly description: string;
  /**
   * Stores the content under `key` whole or not at all (an existing key is replaced). When the promise
   * resolves the content is durable: step 1 deletes a source file on it.
   */
  put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob>;
  /** The content; rejects with code ENOENT when there is none. */
  read(key: string): Promise<Readable>;
  /** The size of what is kept under `key`, or undefined when there is nothing. */
  stat(key: string): Promise<BlobStat | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the key (and its content when no other key shares it); nothing when there is none. */
  delete(key: string): Promise<void>;
  /** The keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Removes content that no key refers to any more (a content-addressed store keeps it when a key is
   * replaced or a put's key write lost a race); answers how many contents went. A folder store has
   * none.
   */
  deleteUnreferenced(): Promise<number>;
}

/** The error of a key with nothing under it: code ENOENT, as fs gives. */
export function missingBlob(key: string): Error {
  return Object.assign(new Error(`ENOENT: no file kept under ${key}`), { code: 'ENOENT' });
}

/** Whether `error` says there is nothing under the key. */
export function isMissingBlob(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

const UNSAFE_SEGMENT = new RegExp(`${ASCII_CONTROL_CHARACTERS.source.slice(0, -1)}/\\\\]`);

/** Why a key was refused: a segment that is empty, `.`/`..`, too long or holds `/`, `\` or a control character. */
export class BlobKeyError extends Error {
  constructor(readonly segment: string) {
    super(`not a safe file name: ${JSON.stringify(segment.slice(0, 80))}`);
    this.name = 'BlobKeyError';
  }
}

/** Joins plain names into a key, refusing anything that could leave the store's folder. */
export function blobKey(...segments: string[]): string {
  for (const segment of segments)
    if (
      segment === '' ||
      segment === '.' ||
      segment === '..' ||
      Buffer.byteLength(segment) > 255 ||
      UNSAFE_SEGMENT.test(segment)
    )
      throw new BlobKeyError(segment);
  return segments.join('/');
}

function checkKey(key: string): string[] {
  const segments = key.split('/');
  blobKey(...segments);
  return segments;
}

/** SHA-256 and size of what passes through. */
class Measure extends Transform {
  readonly hash = crypto.createHash('sha256');
  size = 0;
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }
}

/**
 * A BlobStore in a local folder. A put writes a temporary file beside the target, flushes it to
 * disk and renames it into place, so a reader never sees half a file and a failure (a full disk,
 * an abort) leaves nothing behind under the key. The folder is flushed after the rename (and, the
 * first time this store writes into a folder, every folder up to the root, since `mkdir` may just have
 * made them): when a put resolves, the content and its name survive a power loss — step 1 deletes a
 * source file on that promise.
 */
/**
 * `mkdir -p`, with the real reason when it fails: Node's recursive mkdir answers ENOENT when a folder
 * cannot be made under a read-only or forbidden parent; making the first missing folder alone tells
 * EROFS or EACCES, which is what an operator must know.
 */
async function makeFolder(folder: string): Promise<void> {
  try {
    await fs.promises.mkdir(folder, { recursive: true });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    let missing = path.resolve(folder);
    while (!fs.existsSync(path.dirname(missing)) && path.dirname(missing) !== missing)
      missing = path.dirname(missing);
    await fs.promises.mkdir(missing);
    throw error;
  }
}

export class LocalBlobStore implements BlobStore {
  /** Folders whose whole chain up to the root this store has flushed since they were known to exist. */
  private readonly durableFolders = new Set<string>();
  readonly description: string;

  constructor(
    readonly root: string,
    description = `the local folder ${root} on ${os.hostname()}`,
  ) {
    this.description = description;
  }

  /** Flushes `folder` and, unless done before, every folder above it up to the root. */
  private async syncFolders(folder: string): Promise<void> {
    if (this.durableFolders.has(folder)) return syncDirectory(folder);
    const root = path.resolve(this.root);
    for (let current = path.resolve(folder); ; current = path.dirname(current)) {
      await syncDirectory(current);
      if (current === root || current === path.dirname(current)) break;
    }
    this.durableFolders.add(folder);
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key));
  }

  async put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob> {
    const target = this.pathOf(key);
    await makeFolder(path.dirname(target));
    // A short name beside the target: a name near 255 bytes still fits (a suffix on it would not).
    const temporary = path.join(path.dirname(target), `.put.part-${crypto.randomBytes(6).toString('hex')}`);
    const measure = new Measure();
    const source = content instanceof Readable ? content : Readable.from([Buffer.from(content)]);
    try {
      const file = fs.createWriteStream(temporary, { flags: 'wx' });
      await pipeline(source, measure, file, signal ? { signal } : {});
      const handle = await fs.promises.open(temporary, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, target);
      await this.syncFolders(path.dirname(target));
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    return { size: measure.size, sha256: measure.hash.digest('hex') };
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fs.promises.access(file, fs.constants.R_OK);
    return fs.createReadStream(file);
  }

  async exists(key: string): Promise<boolean> {
    return fs.promises.stat(this.pathOf(key)).then(
      (stats) => stats.isFile(),
      () => false,
    );
  }

  async stat(key: string): Promise<BlobStat | undefined> {
    return fs.promises.stat(this.pathOf(key)).then(
      (stats) => (stats.isFile() ? { size: stats.size } : undefined),
      () => undefined,
    );
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.rm(file, { force: true });
    // The run's own folders (`{job instance}/{list}`) go when emptied; the shared ones above stay.
    for (let folder = path.dirname(file), level = 0; level < 2; folder = path.dirname(folder), level++) {
      if (path.resolve(folder) === path.resolve(this.root)) break;
      const removed = await fs.promises.rmdir(folder).then(
        () => true,
        () => false,
      );
      if (!removed) break;
    }
  }

  /** Each key has its own file: nothing is left without a key. */
  async deleteUnreferenced(): Promise<number> {
    return 0;
  }

  async list(prefix: string): Promise<string[]> {
    const base = prefix === '' ? this.root : this.pathOf(prefix);
    const entries = await fs.promises
      .readdir(base, { recursive: true, withFileTypes: true })
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code === 'ENOENT') return [];
        throw error;
      });
    return entries
      .filter((entry) => entry.isFile() && !/\.part-[0-9a-f]{12}$/.test(entry.name))
      .map((entry) =>
        path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .sort();
  }
}
