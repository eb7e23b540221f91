import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { lockDataFolder } from './data-folder-lock.js';

/**
 * A backup of an embedded install (docs/decisions/0021-backup-format.md): a folder laid out like the
 * data folder — `lis.sqlite` (an online backup of the database), `files/…` (the file store),
 * `keys/master.key` — and `manifest.json`, written last, listing every file with its size and SHA-256.
 */
export const BACKUP_FORMAT = 'lis-backup';
/** 2: the manifest carries `hmac` (issue 32); 1: none (restored only with `acceptUnsigned`). */
export const BACKUP_FORMAT_VERSION = 2;
const UNSIGNED_FORMAT_VERSION = 1;
/** The HKDF label of the manifest's HMAC key: never the key of anything else (tokens, secrets). */
const MANIFEST_KEY_LABEL = 'lis:backup-manifest-hmac-v2';
export const MANIFEST_FILE = 'manifest.json';

const DATABASE_FILE = 'lis.sqlite';
const FILES_FOLDER = 'files';
const MASTER_KEY_FILE = path.join('keys', 'master.key');
/** The running server's lock (data-folder-lock.ts): never copied, and what a restore checks. */
const LOCK_FILE = 'lis.lock';
/** A file the store is still writing (renamed into place when whole): not part of any run yet. */
const PARTIAL_FILE = /\.part-[0-9a-f]{12}$/;

export interface BackupFileEntry {
  /** Relative to the backup folder (and to the data folder it restores into), `/`-separated. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The LIS version that made it. */
  lisVersion: string;
  /** ISO 8601, when the database was copied. */
  createdAt: string;
  database: 'sqlite';
  /** The migrations applied in the copied database, in order. */
  migrations: string[];
  /** False when the master key comes from LIS_MASTER_KEY: keep that value with the backup. */
  masterKeyIncluded: boolean;
  files: BackupFileEntry[];
  /**
   * HMAC-SHA256 (hex) of the manifest without this field (`JSON.stringify`), keyed by
   * HKDF-SHA256(master key, label `lis:backup-manifest-hmac-v2`). Absent in format 1.
   */
  hmac?: string;
}

/** The manifest's HMAC key: derived from the master key with a label of its own. */
export function manifestKey(masterKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), MANIFEST_KEY_LABEL, 32));
}

function manifestHmac(manifest: BackupManifest, masterKey: Buffer): string {
  const { hmac: _ignored, ...body } = manifest;
  return crypto.createHmac('sha256', manifestKey(masterKey)).update(JSON.stringify(body)).digest('hex');
}

/** A backup or a restore that cannot be done; the message says why and what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const toPosix = (relative: string) => relative.split(path.sep).join('/');

function isEmptyFolder(folder: string): boolean {
  return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
}

/** Every file under `folder` (relative paths), leaving out files the store is still writing. */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !PARTIAL_FILE.test(entry.name))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Copies the database with SQLite's online backup in one step: one read transaction, so the copy is
 * the database as it was at one instant, while the server keeps writing (WAL: readers block no one).
 */
async function copyDatabase(source: string, target: string): Promise<string[]> {
  const db = new SqliteDatabase(source, { fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(target, { progress: () => Number.MAX_SAFE_INTEGER });
  } finally {
    db.close();
  }
  const copy = new SqliteDatabase(target, { fileMustExist: true });
  try {
    // The copy stands alone: no -wal beside it, and none made by opening it to look inside (the server
    // switches a restored database back to WAL when it opens it).
    copy.pragma('journal_mode = DELETE');
    const hasTable = copy
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'lis_migration'")
      .get() as { n: number };
    if (!hasTable.n) return [];
    return (copy.prepare('select name from lis_migration order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    copy.close();
  }
}

export interface BackupOptions {
  dataDir: string;
  target: string;
  lisVersion: string;
  /** The install's master key (LIS_MASTER_KEY or keys/master.key): the manifest's HMAC key derives from it. */
  masterKey: Buffer;
  now?: () => Date;
}

/**
 * Makes a consistent copy of an embedded install into `target` (a new or empty folder) while the
 * server runs: the database first (one instant), then the file store — a file is written before the
 * row that names it, so every file the copied database names is there — and the master key. Needs no
 * lock on the data folder and leaves `lis.lock`/`lis.pid` out.
 */
export async function backupDataFolder(options: BackupOptions): Promise<BackupManifest> {
  const { dataDir, target } = options;
  const database = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(database)) throw new BackupError(`There is no LIS database in ${dataDir} to back up.`);
  const inside = path.relative(path.resolve(dataDir), path.resolve(target));
  if (inside !== '..' && !inside.startsWith(`..${path.sep}`) && !path.isAbsolute(inside))
    throw new BackupError(
      `The backup folder ${target} is inside the data folder ${dataDir}: choose a folder outside it (on another disk, ideally).`,
    );
  if (!isEmptyFolder(target))
    throw new BackupError(`The backup folder ${target} is not empty: choose a new or empty folder.`);
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  const createdAt = (options.now ?? (() => new Date()))().toISOString();
  const migrations = await copyDatabase(database, path.join(target, DATABASE_FILE));
  const copied = [DATABASE_FILE];

  const store = path.join(dataDir, FILES_FOLDER);
  for (const relative of filesUnder(store)) {
    const to = path.join(target, FILES_FOLDER, relative);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    try {
      fs.copyFileSync(path.join(store, relative), to);
    } catch (error) {
      // Removed since it was listed (retention, a demo removal): the copied database may still name it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    copied.push(path.join(FILES_FOLDER, relative));
  }

  const masterKey = path.join(dataDir, MASTER_KEY_FILE);
  const masterKeyIncluded = fs.existsSync(masterKey);
  if (masterKeyIncluded) {
    fs.mkdirSync(path.join(target, 'keys'), { recursive: true, mode: 0o700 });
    fs.copyFileSync(masterKey, path.join(target, MASTER_KEY_FILE));
    fs.chmodSync(path.join(target, MASTER_KEY_FILE), 0o600);
    copied.push(MASTER_KEY_FILE);
  }

  const files: BackupFileEntry[] = [];
  for (const relative of copied) {
    const file = path.join(target, relative);
    files.push({ path: toPosix(relative), size: fs.statSync(file).size, sha256: await sha256Of(file) });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    lisVersion: options.lisVersion,
    createdAt,
    database: 'sqlite',
    migrations,
    masterKeyIncluded,
    files,
  };
  manifest.hmac = manifestHmac(manifest, options.masterKey);
  // Written last: a folder with a manifest is a whole backup.
  fs.writeFileSync(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
}

/**
 * Refuses anything but a regular file reached through real folders inside `source`: a symbolic link
 * (as the file or as any folder on its way), a device, a FIFO, a socket.
 */
function checkPlainFile(source: string, relative: string): string {
  let current = source;
  const parts = relative.split('/');
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(current);
    } catch {
      throw new MissingFile(relative);
    }
    const last = index === parts.length - 1;
    if (stat.isSymbolicLink())
      throw new BackupError(`${relative} in the backup ${source} is a symbolic link; nothing was restored.`);
    if (last ? !stat.isFile() : !stat.isDirectory())
      throw new BackupError(
        `${relative} in the backup ${source} is not a plain ${last ? 'file' : 'folder'} (a device, FIFO or socket?); nothing was restored.`,
      );
  }
  return current;
}

class MissingFile extends Error {}

function readManifest(source: string): BackupManifest {
  const file = path.join(source, MANIFEST_FILE);
  let parsed: Partial<BackupManifest>;
  try {
    checkPlainFile(source, MANIFEST_FILE);
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} cannot be read (${(error as Error).message}): is ${source} a LIS backup?`);
  }
  if (parsed.format !== BACKUP_FORMAT || !Array.isArray(parsed.files))
    throw new BackupError(`${file} is not the manifest of a LIS backup.`);
  if (parsed.formatVersion !== BACKUP_FORMAT_VERSION && parsed.formatVersion !== UNSIGNED_FORMAT_VERSION)
    throw new BackupError(
      `${source} is a backup of format ${String(parsed.formatVersion)}; this LIS reads formats ${UNSIGNED_FORMAT_VERSION} and ${BACKUP_FORMAT_VERSION}.`,
    );
  for (const entry of parsed.files) {
    const relative = String(entry.path);
    const normal = path.posix.normalize(relative);
    if (
      normal !== relative ||
      relative.startsWith('/') ||
      relative.startsWith('..') ||
      relative.includes('\\') ||
      relative.split('/').includes('..')
    )
      throw new BackupError(`${file} names a file outside the backup: ${relative}`);
  }
  if (!parsed.files.some((entry) => entry.path === DATABASE_FILE))
    throw new BackupError(`${file} lists no ${DATABASE_FILE}.`);
  return parsed as BackupManifest;
}

export interface VerifyOptions {
  /** The master key the backup was made with, from outside the backup (its HMAC key derives from it). */
  masterKey: Buffer | undefined;
  /** Restore a format-1 backup, which has no HMAC (an explicit choice of the operator). */
  acceptUnsigned?: boolean | undefined;
}

/** The manifest's HMAC, checked before any file is looked at. */
function checkAuthenticity(source: string, manifest: BackupManifest, options: VerifyOptions): void {
  if (manifest.formatVersion === UNSIGNED_FORMAT_VERSION) {
    if (options.acceptUnsigned) return;
    throw new BackupError(
      `The backup ${source} was made before backups were authenticated (format 1): its manifest has no HMAC, so a file changed together with its manifest could not be told. Nothing was restored. If you know where this backup has been, restore it with --accept-unsigned.`,
    );
  }
  if (!options.masterKey)
    throw new BackupError(
      `The backup ${source} can only be checked with the master key it was made with; nothing was restored.`,
    );
  const expected = Buffer.from(manifestHmac(manifest, options.masterKey), 'hex');
  const given = Buffer.from(typeof manifest.hmac === 'string' ? manifest.hmac : '', 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    throw new BackupError(
      `The manifest of the backup ${source} is not authenticated by this master key: the backup was altered, or it was made with another master key. Nothing was restored.`,
    );
}

/**
 * Checks the manifest's HMAC, then every file the manifest lists: a plain file inside the folder (no
 * symbolic link, device or FIFO on its way), there, of its size and SHA-256.
 */
export async function verifyBackup(source: string, options: VerifyOptions): Promise<BackupManifest> {
  const manifest = readManifest(source);
  checkAuthenticity(source, manifest, options);
  const problems: string[] = [];
  for (const entry of manifest.files) {
    let file: string;
    try {
      file = checkPlainFile(source, entry.path);
    } catch (error) {
      if (!(error instanceof MissingFile)) throw error;
      problems.push(`${entry.path} is missing`);
      continue;
    }
    const size = fs.statSync(file).size;
    if (size !== entry.size)
      problems.push(`${entry.path} has ${size} bytes, the manifest says ${entry.size}`);
    else if ((await sha256Of(file)) !== entry.sha256)
      problems.push(`${entry.path} does not match its SHA-256 in the manifest`);
  }
  if (problems.length)
    throw new BackupError(
      `The backup ${source} is damaged; nothing was restored:\n  - ${problems.join('\n  - ')}`,
    );
  return manifest;
}

/**
 * Copies one verified file through a descriptor opened without following links, hashing what it
 * copies: a file swapped in the backup after the check is caught here.
 */
async function copyChecked(from: string, to: string, entry: BackupFileEntry): Promise<void> {
  const input = await fs.promises.open(from, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    if (!(await input.stat()).isFile()) throw new BackupError(`${entry.path} changed during the restore`);
    const output = await fs.promises.open(to, 'wx', 0o600);
    const hash = crypto.createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of input.createReadStream({ autoClose: false })) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        size += bytes.length;
        await output.write(bytes);
      }
    } finally {
      await output.close();
    }
    if (size !== entry.size || hash.digest('hex') !== entry.sha256)
      throw new BackupError(`${entry.path} changed in the backup during the restore`);
  } finally {
    await input.close();
  }
}

/**
 * Restores a backup into an empty (or new) data folder: refuses a folder held by a running LIS or
 * with anything in it, verifies every hash before copying, and holds the data folder's lock while it
 * writes so that no server starts on a half-restored folder.
 */
export async function restoreDataFolder(
  options: {
    source: string;
    dataDir: string;
  } & VerifyOptions,
): Promise<BackupManifest> {
  const { source, dataDir } = options;
  if (!isEmptyFolder(dataDir)) {
    // A running server's folder is never empty: say that it is in use (DataFolderInUseError) first.
    if (fs.existsSync(path.join(dataDir, LOCK_FILE))) lockDataFolder(dataDir).release();
    throw new BackupError(
      `The data folder ${dataDir} is not empty: restore into a new or empty folder (LIS_DATA_DIR), then start LIS on it.`,
    );
  }
  const manifest = await verifyBackup(source, options);
  const lock = lockDataFolder(dataDir);
  const written: string[] = [];
  try {
    for (const entry of manifest.files) {
      const from = path.join(source, ...entry.path.split('/'));
      const to = path.join(dataDir, ...entry.path.split('/'));
      fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      written.push(to);
      await copyChecked(from, to, entry);
    }
  } catch (error) {
    // Nothing half-restored is left for a server to start on.
    for (const file of written) fs.rmSync(file, { force: true });
    throw error;
  } finally {
    lock.release();
  }
  return manifest;
}
