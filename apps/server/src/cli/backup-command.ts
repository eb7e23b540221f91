import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.js';
import fs from 'node:fs';
import { DataFolderInUseError } from '../platform/data-folder-lock.js';
import { backupDataFolder, BackupError, restoreDataFolder } from '../platform/data-backup.js';

export const BACKUP_USAGE = `Usage: lis backup DIR
       lis restore DIR [--master-key FILE] [--trust-backup-key] [--accept-unsigned]

backup   copies the embedded install of LIS_DATA_DIR into DIR (a new or empty folder) while the server
         runs: an online backup of the database (lis.sqlite), the file store (files/), the master key
         (keys/master.key) and manifest.json (version, migrations, time, every file's size and SHA-256),
         authenticated by an HMAC whose key derives from the master key.
restore  checks the manifest's HMAC with the master key the backup was made with — LIS_MASTER_KEY, or
         --master-key FILE (a copy of keys/master.key kept apart from the backup) — then every file
         (no symbolic link, device or FIFO; nothing outside DIR), and copies it into LIS_DATA_DIR, which
         must be empty (or new) and not in use; then start LIS on it.
         --trust-backup-key  check with the master key inside the backup itself: this finds damage,
                             not a change made by someone who had the backup in hand
         --accept-unsigned   restore a backup made before backups were authenticated (format 1)

With DATABASE_URL (PostgreSQL) use pg_dump / pg_restore instead, and keep the master key with the dump
(README "Backup and restore").

Exit codes: 0 done, 1 refused or failed (the message says why), 2 bad command or configuration.`;

const PG_DUMP_ADVICE = `DATABASE_URL is set: LIS keeps its data in PostgreSQL, which \`lis backup\` does not copy.
Back it up with PostgreSQL's own tools, for example:
  pg_dump --format=custom --file=lis.dump "$DATABASE_URL"
and keep the master key with the dump (LIS_MASTER_KEY, or {LIS_DATA_DIR}/keys/master.key): without it the
stored server passwords cannot be opened. Restore with pg_restore --no-owner --dbname=… lis.dump
(README "Backup and restore").`;

/** `lis backup DIR` and `lis restore DIR`: `command` is the first word, `args` the words after it. */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
  lisVersion: string,
  out: (line: string) => void,
  err: (line: string) => void,
  cwd = process.cwd(),
): Promise<number> {
  if (args.length === 1 && ['--help', '-h', 'help'].includes(args[0] ?? '')) {
    out(BACKUP_USAGE);
    return 0;
  }
  const parsed = parseArguments(command, args);
  if (!parsed) {
    err(BACKUP_USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env, cwd);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(error.message);
    return 2;
  }
  const folder = path.resolve(cwd, parsed.folder);
  if (config.databaseUrl) {
    err(PG_DUMP_ADVICE);
    return 2;
  }
  try {
    if (command === 'backup') {
      const masterKey = installMasterKey(config.masterKey, config.dataDir);
      const manifest = await backupDataFolder({
        dataDir: config.dataDir,
        target: folder,
        lisVersion,
        masterKey,
      });
      const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
      out(
        `Backed up ${config.dataDir} into ${folder}: ${manifest.files.length} file(s), ${bytes} bytes, migrations up to ${manifest.migrations.at(-1) ?? '-'}.`,
      );
      if (!manifest.masterKeyIncluded)
        out(
          'The master key comes from LIS_MASTER_KEY and is not in the backup: keep that value with it, or the stored server passwords cannot be opened.',
        );
      return 0;
    }
    const masterKey = restoreMasterKey(config.masterKey, parsed, folder, cwd);
    const manifest = await restoreDataFolder({
      source: folder,
      dataDir: config.dataDir,
      masterKey,
      acceptUnsigned: parsed.acceptUnsigned,
    });
    out(
      `Restored the backup of ${manifest.createdAt} (LIS ${manifest.lisVersion}) into ${config.dataDir}: ${manifest.files.length} file(s) verified. Start LIS with LIS_DATA_DIR=${config.dataDir}.`,
    );
    if (!manifest.masterKeyIncluded)
      out('The backup holds no master key: start LIS with the LIS_MASTER_KEY it was made with.');
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataFolderInUseError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

interface ParsedArguments {
  folder: string;
  masterKeyFile: string | undefined;
  trustBackupKey: boolean;
  acceptUnsigned: boolean;
}

/** DIR and, for restore, its options; undefined when the words are not a valid command. */
function parseArguments(command: 'backup' | 'restore', args: string[]): ParsedArguments | undefined {
  const parsed: ParsedArguments = {
    folder: '',
    masterKeyFile: undefined,
    trustBackupKey: false,
    acceptUnsigned: false,
  };
  for (let i = 0; i < args.length; i++) {
    const word = args[i] ?? '';
    if (command === 'restore' && word === '--master-key' && args[i + 1]) parsed.masterKeyFile = args[++i];
    else if (command === 'restore' && word === '--trust-backup-key') parsed.trustBackupKey = true;
    else if (command === 'restore' && word === '--accept-unsigned') parsed.acceptUnsigned = true;
    else if (!word.startsWith('-') && word && !parsed.folder) parsed.folder = word;
    else return undefined;
  }
  return parsed.folder ? parsed : undefined;
}

/** base64 of 32 bytes in `file` (the format of keys/master.key). */
function readKeyFile(file: string): Buffer {
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    throw new BackupError(`The master key ${file} cannot be read (${(error as Error).message}).`);
  }
  if (key.length !== 32)
    throw new BackupError(`${file} does not hold base64 of 32 bytes (a LIS master key).`);
  return key;
}

/** The running install's master key: LIS_MASTER_KEY, else its keys/master.key. */
function installMasterKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, 'keys', 'master.key');
  if (!fs.existsSync(file))
    throw new BackupError(
      `There is no master key for ${dataDir} (LIS_MASTER_KEY, or keys/master.key): start LIS once on it first.`,
    );
  return readKeyFile(file);
}

/**
 * The key a restore checks the manifest with, from outside the backup: LIS_MASTER_KEY or --master-key
 * FILE; the backup's own copy only when the operator says --trust-backup-key.
 */
function restoreMasterKey(
  configured: Buffer | undefined,
  parsed: ParsedArguments,
  folder: string,
  cwd: string,
): Buffer | undefined {
  if (parsed.masterKeyFile) return readKeyFile(path.resolve(cwd, parsed.masterKeyFile));
  if (configured) return configured;
  const inBackup = path.join(folder, 'keys', 'master.key');
  if (parsed.trustBackupKey && fs.existsSync(inBackup) && !fs.lstatSync(inBackup).isSymbolicLink())
    return readKeyFile(inBackup);
  if (parsed.acceptUnsigned) return undefined;
  throw new BackupError(
    `Give the master key the backup ${folder} was made with, from a place other than the backup: LIS_MASTER_KEY, or --master-key FILE (a copy of keys/master.key kept apart). A key read from the backup itself cannot prove that nobody changed the backup; if you only need to detect damage, add --trust-backup-key. Nothing was restored.`,
  );
}
