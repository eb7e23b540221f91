import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createDemoRemoval } from '../composition/demo-removal.js';
import { systemClock } from '../platform/clock.js';

export const DEMO_USAGE = `Usage: lis demo remove

Removes the DEMO company of the first start: its jobs, chain, triggers, runs, steps, logs, file ledger,
kept files, outbox e-mails, its own users (demo-admin, demo-operator) and the folder {LIS_DATA_DIR}/demo.
The audit log is kept. A running server notices within a minute and stops the demo peers; the server keeps
running. Reads the same environment as the server (LIS_DATA_DIR, DATABASE_URL).

Exit codes: 0 removed or nothing to remove, 2 bad command or configuration.`;

/** `lis demo …`: `args` are the words after "demo". */
export async function runDemoCommand(
  args: string[],
  env: Record<string, string | undefined>,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    out(DEMO_USAGE);
    return 0;
  }
  if (command !== 'remove' || rest.length > 0) {
    err(DEMO_USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(error.message);
    return 2;
  }
  const sqliteFile = path.join(config.dataDir, 'lis.sqlite');
  if (!config.databaseUrl && !fs.existsSync(sqliteFile)) {
    out(`No LIS database in ${config.dataDir}: there is no demo to remove.`);
    return 0;
  }
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile });
  try {
    await migrateToLatest(db);
    const removed = await createDemoRemoval(db, config, systemClock)('lis demo remove');
    if (!removed) out('There is no demo to remove.');
    else
      out(
        `Removed the demo: ${removed.runs} run(s), ${removed.jobs} job(s), ${removed.blobs} kept file(s), users ${removed.users.join(', ') || '-'}.`,
      );
    return 0;
  } finally {
    await db.close();
  }
}
