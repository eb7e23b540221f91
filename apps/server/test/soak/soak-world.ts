import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../../tools/reference-function-server/reference-function-server.js';
import { startOpenSshServer, type OpenSshServer } from '../../src/test-support/openssh-server.js';
import { SHARED_DATABASES, type SharedDatabase } from '../../src/test-support/child-worker-node.js';
import { API_PASSWORD, API_USER, FaultApp } from '../pipeline-faults-app.js';
import { SoakFunction } from './soak-function.js';

/** The call time limit of the soak's API server: a slow first call outlives it. */
export const CALL_TIMEOUT_SECONDS = 1;

/**
 * What every trial of one soak shares: a real OpenSSH server, the reference function server with the
 * soak's function, a database a child node can open too (SQLite file, or a PostgreSQL schema), and the
 * LIS app on it. On PostgreSQL the file store is the database (nodes with data folders of their own).
 */
export class SoakWorld {
  private constructor(
    readonly database: string,
    readonly target: SharedDatabase,
    readonly app: FaultApp,
    readonly sshd: OpenSshServer,
    readonly fapp: ReferenceFunctionServer,
    readonly soakFunction: SoakFunction,
    readonly root: string,
  ) {}

  static async create(database: 'sqlite' | 'postgres'): Promise<SoakWorld> {
    const opener = SHARED_DATABASES.find(([name]) =>
      name.startsWith(database === 'sqlite' ? 'sqlite' : 'postgres'),
    );
    if (!opener) throw new Error(`no ${database} database here (TEST_DATABASE_URL for PostgreSQL)`);
    const soakFunction = new SoakFunction();
    const fapp = await createReferenceFunctionServer({
      username: API_USER,
      password: API_PASSWORD,
      functions: { 'Soak/echo': soakFunction.reference },
    });
    const sshd = await startOpenSshServer();
    const target = await opener[1]();
    const app = await FaultApp.create(target.db);
    if (database === 'postgres') app.config.fileStore = { kind: 'database' };
    await app.saveApiServer('fapp-soak', fapp.url, CALL_TIMEOUT_SECONDS);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-soak-'));
    fs.chmodSync(root, 0o755);
    return new SoakWorld(database, target, app, sshd, fapp, soakFunction, root);
  }

  /** Whether a node killed in a trial keeps its own data folder (PostgreSQL: the store is shared). */
  get separateDataFolders(): boolean {
    return this.database === 'postgres';
  }

  async close(): Promise<void> {
    await this.app.stopWorkers();
    await this.app.close();
    await this.fapp.close();
    await this.sshd.stop();
    await this.target.cleanup();
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}
