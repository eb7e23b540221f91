import fs from 'node:fs';
import path from 'node:path';
import { createAccountServices } from '../composition/services.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock, type Clock } from '../platform/clock.js';

export const USER_USAGE = `Usage: lis user reset-password NAME

Gives the user NAME a new one-time password and prints it; the user must choose their own at the next
sign-in, and until then every session of theirs can do nothing but change the password or sign out.
Whoever can run this on the server's machine (its data folder, or DATABASE_URL) is trusted: no sign-in.
Reads the same environment as the server (LIS_DATA_DIR, DATABASE_URL).

Exit codes: 0 done, 1 no such user or no database, 2 bad command or configuration.`;

export interface UserCommandOptions {
  /** An open database (tests); otherwise the data folder's, or DATABASE_URL. */
  db?: Db;
  clock?: Clock;
}

/** `lis user …`: `args` are the words after "user". */
export async function runUserCommand(
  args: string[],
  env: Record<string, string | undefined>,
  out: (line: string) => void,
  err: (line: string) => void,
  options: UserCommandOptions = {},
): Promise<number> {
  const [command, username, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    out(USER_USAGE);
    return 0;
  }
  if (command !== 'reset-password' || !username || rest.length > 0) {
    err(USER_USAGE);
    return 2;
  }
  let db = options.db;
  if (!db) {
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
      err(`No LIS database in ${config.dataDir} (set LIS_DATA_DIR or DATABASE_URL as the server has them).`);
      return 1;
    }
    db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile });
  }
  try {
    if (!options.db) await migrateToLatest(db);
    const accounts = createAccountServices(db, options.clock ?? systemClock);
    const password = await accounts.resetToOneTimePassword(username);
    if (!password) {
      err(`There is no user "${username}".`);
      return 1;
    }
    out(`New one-time password of "${username}": ${password}`);
    out('It must be changed at the next sign-in; the old password no longer works.');
    return 0;
  } finally {
    if (!options.db) await db.close();
  }
}
