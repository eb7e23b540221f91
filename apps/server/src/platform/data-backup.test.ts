import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  backupDataFolder,
  BackupError,
  MANIFEST_FILE,
  manifestKey,
  restoreDataFolder,
  type BackupManifest,
  verifyBackup,
} from './data-backup.js';

const masterKey = crypto.randomBytes(32);
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

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
    const manifest = await backupDataFolder({
      dataDir,
      target: path.join(root, 'b'),
      lisVersion: '9.9.9',
      masterKey,
    });
    expect(manifest.files.map((f) => f.path)).toEqual(['lis.sqlite', 'files/A/JOB/kept.csv']);
    expect(manifest.migrations).toEqual(['0001-x']);
    expect(manifest.masterKeyIncluded).toBe(false);
    expect(fs.existsSync(path.join(root, 'b', 'lis.sqlite-wal'))).toBe(false);
  });

  it('refuses a manifest naming a file outside the backup', async () => {
    const backup = path.join(root, 'b');
    await backupDataFolder({ dataDir, target: backup, lisVersion: 'test', masterKey });
    const file = path.join(backup, MANIFEST_FILE);
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { files: { path: string }[] };
    manifest.files.push({ path: '../outside.txt' });
    fs.writeFileSync(file, JSON.stringify(manifest));
    await expect(verifyBackup(backup, { masterKey })).rejects.toThrow(
      /names a file outside the backup: \.\.\/outside\.txt/,
    );
    await expect(
      restoreDataFolder({ source: backup, dataDir: path.join(root, 'new'), masterKey }),
    ).rejects.toBeInstanceOf(BackupError);
    expect(fs.existsSync(path.join(root, 'new', 'lis.sqlite'))).toBe(false);
  });

  it('refuses to write a backup inside the data folder', async () => {
    for (const target of [dataDir, path.join(dataDir, 'files', 'backup'), path.join(dataDir, '..b')])
      await expect(backupDataFolder({ dataDir, target, lisVersion: 'test', masterKey })).rejects.toThrow(
        /is inside the data folder/,
      );
    expect(fs.existsSync(path.join(dataDir, '..b'))).toBe(false);
  });

  it('refuses a folder that is not a backup', async () => {
    fs.mkdirSync(path.join(root, 'empty'));
    await expect(verifyBackup(path.join(root, 'empty'), { masterKey })).rejects.toThrow(
      /is .* a LIS backup\?/,
    );
  });

  it('restores into a folder that does not exist yet', async () => {
    const backup = path.join(root, 'b');
    await backupDataFolder({ dataDir, target: backup, lisVersion: 'test', masterKey });
    const target = path.join(root, 'deep', 'new');
    await restoreDataFolder({ source: backup, dataDir: target, masterKey });
    expect(fs.readFileSync(path.join(target, 'files', 'A', 'JOB', 'kept.csv'), 'utf8')).toBe('a,b\n');
    expect(fs.existsSync(path.join(target, 'lis.pid'))).toBe(false);
  });

  describe('authenticated by an HMAC of the manifest (issue 32)', () => {
    let backup: string;
    let target: string;
    beforeEach(async () => {
      backup = path.join(root, 'b');
      target = path.join(root, 'restored');
      await backupDataFolder({ dataDir, target: backup, lisVersion: 'test', masterKey });
    });
    const manifestFile = () => path.join(backup, MANIFEST_FILE);
    const readManifest = () => JSON.parse(fs.readFileSync(manifestFile(), 'utf8')) as BackupManifest;
    const writeManifest = (manifest: BackupManifest) =>
      fs.writeFileSync(manifestFile(), JSON.stringify(manifest, null, 2));
    /** What someone with the backup in hand but not the key would do: fix every size and hash. */
    const recomputeHashes = () => {
      const manifest = readManifest();
      for (const entry of manifest.files) {
        const file = path.join(backup, ...entry.path.split('/'));
        entry.size = fs.statSync(file).size;
        entry.sha256 = sha256(file);
      }
      writeManifest(manifest);
    };
    const restore = (options: { key?: Buffer; acceptUnsigned?: boolean } = {}) =>
      restoreDataFolder({
        source: backup,
        dataDir: target,
        masterKey: options.key ?? masterKey,
        acceptUnsigned: options.acceptUnsigned,
      });

    it('derives its key from the master key with a label of its own', () => {
      expect(manifestKey(masterKey)).toHaveLength(32);
      expect(manifestKey(masterKey).equals(masterKey)).toBe(false);
      expect(readManifest().hmac).toMatch(/^[0-9a-f]{64}$/);
    });

    it('refuses an edited database whose manifest was recomputed, and restores nothing', async () => {
      const db = new SqliteDatabase(path.join(backup, 'lis.sqlite'));
      db.exec("insert into lis_migration values ('9999-planted', 't')");
      db.close();
      recomputeHashes();
      await expect(verifyBackup(backup, { masterKey })).rejects.toThrow(
        /is not authenticated by this master key: the backup was altered/,
      );
      await expect(restore()).rejects.toBeInstanceOf(BackupError);
      expect(fs.existsSync(path.join(target, 'lis.sqlite'))).toBe(false);
    });

    it('refuses an edited manifest field, and another master key', async () => {
      writeManifest({ ...readManifest(), migrations: ['0001-x', '0002-more'] });
      await expect(restore()).rejects.toThrow(/not authenticated/);
      fs.rmSync(backup, { recursive: true });
      await backupDataFolder({ dataDir, target: backup, lisVersion: 'test', masterKey });
      await expect(restore({ key: crypto.randomBytes(32) })).rejects.toThrow(/not authenticated/);
      expect(fs.existsSync(target)).toBe(false);
      await restore();
      expect(fs.readFileSync(path.join(target, 'files', 'A', 'JOB', 'kept.csv'), 'utf8')).toBe('a,b\n');
    });

    it('refuses a listed file that is a symbolic link, even to a file of the right content', async () => {
      const kept = path.join(backup, 'files', 'A', 'JOB', 'kept.csv');
      const elsewhere = path.join(root, 'elsewhere.csv');
      fs.renameSync(kept, elsewhere);
      fs.symlinkSync(elsewhere, kept);
      await expect(restore()).rejects.toThrow(/files\/A\/JOB\/kept\.csv .* is a symbolic link/);
      expect(fs.existsSync(path.join(target, 'lis.sqlite'))).toBe(false);
    });

    it('refuses a folder on the way that is a symbolic link', async () => {
      const folder = path.join(backup, 'files', 'A');
      fs.renameSync(folder, path.join(root, 'A-elsewhere'));
      fs.symlinkSync(path.join(root, 'A-elsewhere'), folder);
      await expect(restore()).rejects.toThrow(/files\/A\/JOB\/kept\.csv .* is a symbolic link/);
    });

    it('refuses a FIFO in place of a listed file, without blocking on it', async () => {
      const kept = path.join(backup, 'files', 'A', 'JOB', 'kept.csv');
      fs.rmSync(kept);
      execFileSync('mkfifo', [kept]);
      await expect(restore()).rejects.toThrow(/is not a plain file \(a device, FIFO or socket\?\)/);
    });

    it('refuses a manifest that is a symbolic link', async () => {
      const moved = path.join(root, 'manifest-elsewhere.json');
      fs.renameSync(manifestFile(), moved);
      fs.symlinkSync(moved, manifestFile());
      await expect(restore()).rejects.toThrow(/manifest\.json .* is a symbolic link/);
    });

    it('refuses a backup without an HMAC (format 1) unless the operator accepts it', async () => {
      const { hmac: _dropped, ...rest } = readManifest();
      writeManifest({ ...rest, formatVersion: 1 });
      await expect(restore()).rejects.toThrow(/made before backups were authenticated .*--accept-unsigned/);
      expect(fs.existsSync(target)).toBe(false);
      await restore({ acceptUnsigned: true });
      expect(fs.existsSync(path.join(target, 'lis.sqlite'))).toBe(true);
    });

    it('refuses a format-2 manifest whose HMAC was removed', async () => {
      const { hmac: _dropped, ...rest } = readManifest();
      writeManifest(rest);
      await expect(restore({ acceptUnsigned: true })).rejects.toThrow(/not authenticated/);
    });
  });
});
