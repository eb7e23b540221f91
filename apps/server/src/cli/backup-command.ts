import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.js';
import { DataFolderInUseError } from '../platform/data-folder-lock.js';
import { backupDataFolder, BackupError, restoreDataFolder } from '../platform/data-backup.js';

export const BACKUP_USAGE = `Usage: lis backup DIR
       lis restore DIR

backup   copies the embedded install of LIS_DATA_DIR into DIR (a new or empty folder) while the server
         runs: an online backup of the database (lis.sqlite), the file store (files/), the master key
         (keys/master.key) and manifest.json (version, migrations, time, every file's size and SHA-256).
restore  verifies the backup in DIR against its manifest and copies it into LIS_DATA_DIR, which must be
         empty (or new) and not in use; then start LIS on it.

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
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) {
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
  const folder = path.resolve(cwd, args[0]);
  if (config.databaseUrl) {
    err(PG_DUMP_ADVICE);
    return 2;
  }
  try {
    if (command === 'backup') {
      const manifest = await backupDataFolder({ dataDir: config.dataDir, target: folder, lisVersion });
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
    const manifest = await restoreDataFolder({ source: folder, dataDir: config.dataDir });
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
