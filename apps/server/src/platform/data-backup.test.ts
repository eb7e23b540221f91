import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  backupDataFolder,
  BackupError,
  MANIFEST_FILE,
  restoreDataFolder,
  verifyBackup,
} from './data-backup.js';

describe('the backup folder', () => {
  let root: string;
  let dataDir: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-backup-unit-'));
    dataDir = path.join(root, 'data');
    fs.mkdirSync(path.join(dataDir, 'files', 'A', 'JOB'), { recursive: true });
    const db = new SqliteDatabase(path.join(dataDir, 'lis.sqlite'));
    db.pragma('journal_mode = WAL');
    db.exec(
      "create table lis_migration (name text primary key, timestamp text); insert into lis_migration values ('0001-x', 't')",
    );
    db.close();
    fs.writeFileSync(path.join(dataDir, 'files', 'A', 'JOB', 'kept.csv'), 'a,b\n');
    // A file the store is still writing: not part of any run yet.
    fs.writeFileSync(path.join(dataDir, 'files', 'A', 'JOB', 'next.csv.part-0123456789ab'), 'half');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves out partial files and says when the master key is not in the data folder', async () => {
    const manifest = await backupDataFolder({ dataDir, target: path.join(root, 'b'), lisVersion: '9.9.9' });
    expect(manifest.files.map((f) => f.path)).toEqual(['lis.sqlite', 'files/A/JOB/kept.csv']);
    expect(manifest.migrations).toEqual(['0001-x']);
    expect(manifest.masterKeyIncluded).toBe(false);
    expect(fs.existsSync(path.join(root, 'b', 'lis.sqlite-wal'))).toBe(false);
  });

  it('refuses a manifest naming a file outside the backup', async () => {
    const backup = path.join(root, 'b');
    await backupDataFolder({ dataDir, target: backup, lisVersion: 'test' });
    const file = path.join(backup, MANIFEST_FILE);
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { files: { path: string }[] };
    manifest.files.push({ path: '../outside.txt' });
    fs.writeFileSync(file, JSON.stringify(manifest));
    await expect(verifyBackup(backup)).rejects.toThrow(/names a file outside the backup: \.\.\/outside\.txt/);
    await expect(
      restoreDataFolder({ source: backup, dataDir: path.join(root, 'new') }),
    ).rejects.toBeInstanceOf(BackupError);
    expect(fs.existsSync(path.join(root, 'new', 'lis.sqlite'))).toBe(false);
  });

  it('refuses to write a backup inside the data folder', async () => {
    for (const target of [dataDir, path.join(dataDir, 'files', 'backup'), path.join(dataDir, '..b')])
      await expect(backupDataFolder({ dataDir, target, lisVersion: 'test' })).rejects.toThrow(
        /is inside the data folder/,
      );
    expect(fs.existsSync(path.join(dataDir, '..b'))).toBe(false);
  });

  it('refuses a folder that is not a backup', async () => {
    fs.mkdirSync(path.join(root, 'empty'));
    await expect(verifyBackup(path.join(root, 'empty'))).rejects.toThrow(/is .* a LIS backup\?/);
  });

  it('restores into a folder that does not exist yet', async () => {
    const backup = path.join(root, 'b');
    await backupDataFolder({ dataDir, target: backup, lisVersion: 'test' });
    const target = path.join(root, 'deep', 'new');
    await restoreDataFolder({ source: backup, dataDir: target });
    expect(fs.readFileSync(path.join(target, 'files', 'A', 'JOB', 'kept.csv'), 'utf8')).toBe('a,b\n');
    expect(fs.existsSync(path.join(target, 'lis.pid'))).toBe(false);
  });
});
