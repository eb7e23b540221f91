import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { keepPlannerStatistics } from './db/planner-statistics.js';
import { buildApp } from './composition/build-app.js';
import { loadMasterKey } from './modules/auth/master-key.js';
import { ensureFirstAdmin } from './modules/auth/first-admin.js';
import { firstStartNotice, type OneTimeCredential } from './modules/auth/first-start-notice.js';
import { systemClock } from './platform/clock.js';
import { createSchedulerSignal } from './engine/scheduler/scheduler-signal.js';
import { startEngineRoles } from './composition/node-roles.js';
import { createAlertSink } from './composition/alerts.js';
import { createPipelineHandler } from './composition/create-pipeline.js';
import { Demo } from './demo/demo.js';
import { announceDemo } from './demo/demo-announce.js';
import { lockDataFolder } from './platform/data-folder-lock.js';

export interface RunningServer {
  url: string;
  log: FastifyBaseLogger;
  close(): Promise<void>;
}

/** Opens the database, migrates it, creates the first admin when empty, starts the demo, and listens. */
export interface StartOptions {
  version: string;
  webDist?: string;
  /** Where the first start's one-time passwords are printed; stderr by default (decision 0020). */
  notice?: (text: string) => void;
}

export async function startServer(config: Config, options: StartOptions): Promise<RunningServer> {
  // One process per data folder: a second `npm start` on it refuses (DataFolderInUseError).
  const dataFolderLock = lockDataFolder(config.dataDir);
  try {
    return await startOnLockedFolder(config, options, dataFolderLock.release);
  } catch (error) {
    dataFolderLock.release();
    throw error;
  }
}

async function startOnLockedFolder(
  config: Config,
  options: StartOptions,
  releaseDataFolder: () => void,
): Promise<RunningServer> {
  const connectionErrors: { report?: (error: Error) => void } = {};
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'lis.sqlite'),
    // A broken connection is dropped and replaced (docs/reliability.md, "Database faults").
    onConnectionError: (error) => connectionErrors.report?.(error),
  });
  const applied = await migrateToLatest(db);
  const { key: masterKey, generated } = loadMasterKey(config.masterKey, config.dataDir);
  // PostgreSQL: LISTEN/NOTIFY reaches every node; SQLite: an in-process event.
  const signal = await createSchedulerSignal(db, config.databaseUrl);
  const demo = new Demo({
    config,
    db,
    masterKey,
    clock: systemClock,
    signal,
    log: { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m), error: (o, m) => log.error(o, m) },
  });
  const { app, context } = await buildApp({
    config,
    db,
    signal,
    masterKey,
    version: options.version,
    webDist: options.webDist,
    logger: { level: config.logLevel },
    demo,
  });
  const log = app.log;
  connectionErrors.report = (error) =>
    log.warn({ err: error }, 'a database connection broke; the next query opens another');
  log.info({ database: db.description, migrations: applied }, 'database ready');
  const statistics = await keepPlannerStatistics(db, (error) =>
    log.warn({ err: error }, 'the database statistics were not refreshed'),
  );
  if (generated)
    log.warn(
      { file: path.join(config.dataDir, 'keys', 'master.key') },
      'generated a master key; back it up with the data folder',
    );
  if (db.dialect === 'postgres' && !config.masterKey) {
    log.warn('DATABASE_URL is set but LIS_MASTER_KEY is not: every node must share one master key');
  }
  const admin = await ensureFirstAdmin(
    context.users,
    systemClock,
    config.adminUsername,
    config.adminPassword,
  );
  const oneTime: OneTimeCredential[] = [];
  if (admin?.generatedPassword) {
    // Printed once, on the first start only (stderr, below): stored only as an argon2id hash.
    oneTime.push({ username: admin.username, password: admin.generatedPassword, role: 'super_admin' });
    log.warn(
      { username: admin.username },
      `First start: created the super_admin "${admin.username}"; its one-time password is in the first-start notice on stderr`,
    );
  } else if (admin) {
    log.info(
      { username: admin.username },
      'First start: created the super_admin with the password from LIS_ADMIN_PASSWORD',
    );
  }
  for (const user of await announceDemo(demo, admin !== undefined, log))
    oneTime.push({ username: user.username, password: user.password, role: `${user.role} of DEMO` });
  // Alerts (issue 35): raised in the engine's transactions, delivered by the worker nodes.
  const alertSink = createAlertSink(db, (error) =>
    log.error({ err: error }, 'an alert could not be recorded; the state change that raised it was'),
  );
  const engine = await startEngineRoles(
    config,
    db,
    signal,
    createPipelineHandler(config, db, masterKey, {}, signal, alertSink),
    log,
    { sink: alertSink, masterKey },
  );
  const address = config.roles.includes('api')
    ? await app.listen({ host: config.host, port: config.port })
    : '(api role off)';
  log.info({ url: address }, `LIS is serving the console and the API at ${address}`);
  if (oneTime.length) {
    const consoleUrl = config.roles.includes('api') ? `${address}${config.basePath}` : address;
    (options.notice ?? ((text) => process.stderr.write(text)))(firstStartNotice(consoleUrl, oneTime));
  }
  return {
    url: address,
    log,
    close: async () => {
      await app.close();
      await demo.stopPeers();
      await engine.stop();
      await signal.close();
      statistics.stop();
      await db.close();
      releaseDataFolder();
    },
  };
}
