import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

export interface DataFolderLock {
  release(): void;
}

/** The data folder is held by another running LIS process. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: string | undefined,
  ) {
    super(
      `The data folder ${dataDir} is in use by another running LIS process${holder ? ` (${holder})` : ''}. ` +
        'Stop that process first, or start this one with another LIS_DATA_DIR.',
    );
    this.name = 'DataFolderInUseError';
  }
}

const LOCK_FILE = 'lis.lock';
const HOLDER_FILE = 'lis.pid';

/**
 * Takes the data folder for this process. The lock is an exclusive SQLite lock on `lis.lock` (an
 * fcntl lock underneath): the operating system drops it when the process ends in any way, kill -9
 * included, so a crash never leaves a stale lock behind. `lis.pid` only says who holds it.
 */
export function lockDataFolder(dataDir: string, describeHolder = defaultHolder): DataFolderLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new SqliteDatabase(path.join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    // The first write under EXCLUSIVE locking mode takes the lock and keeps it until close.
    lock.exec('BEGIN EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER)');
    lock.exec('COMMIT');
  } catch (error) {
    lock.close();
    if (isBusy(error)) throw new DataFolderInUseError(dataDir, readHolder(dataDir));
    throw error;
  }
  const holderFile = path.join(dataDir, HOLDER_FILE);
  fs.writeFileSync(holderFile, `${describeHolder()}\n`);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      fs.rmSync(holderFile, { force: true });
      lock.close();
    },
  };
}

function defaultHolder(): string {
  return `pid ${process.pid}, started ${new Date().toISOString()}`;
}

function readHolder(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
