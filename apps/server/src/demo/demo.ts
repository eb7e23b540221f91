import fs from 'node:fs/promises';
import type { Config, DemoSetting } from '../config/config.js';
import { startDemoInputGenerator, type DemoInputGenerator } from './demo-input-generator.js';
import { DEMO_COMPANY, demoDir, demoPaths } from './demo-layout.js';
import { startDemoPeers, type DemoPeers, type DemoSecrets } from './demo-peers.js';
import { saveDemoServers, seedDemo, type DemoUserPassword } from './demo-seed.js';
import { createServices, type ServiceDeps } from '../composition/services.js';

export interface DemoLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface DemoOptions extends Omit<ServiceDeps, 'config'> {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'demo'> & ServiceDeps['config'];
  log: DemoLog;
  /** How often the generator drops files (default one minute). */
  generatorIntervalMs?: number;
}

export interface DemoSftpAccess {
  host: string;
  port: number;
  username: string;
  password: string;
}

export type DemoStartOutcome =
  | { state: 'seeded'; users: DemoUserPassword[] }
  | { state: 'running' }
  | { state: 'absent' }
  | { state: 'off'; companyExists: boolean };

/**
 * Whether this node runs the demo. LIS_DEMO=off: never. on: yes. Unset: yes on the embedded store, no
 * with DATABASE_URL — the embedded store has exactly one node, so one node runs the peers and the
 * generator; on a shared PostgreSQL the node started with LIS_DEMO=on is that one node.
 */
export function demoEnabled(config: Pick<Config, 'databaseUrl' | 'demo'>): boolean {
  const setting: DemoSetting = config.demo;
  return setting === 'on' || (setting === 'auto' && config.databaseUrl === undefined);
}

/**
 * The examples of the first start (DESIGN §1): seeds the DEMO company on an empty store, runs its peers
 * (sFTP, function server, DMS) and the input generator while the company exists, and removes it all.
 */
export class Demo {
  private peers: DemoPeers | undefined;
  private secrets: DemoSecrets | undefined;
  private generator: DemoInputGenerator | undefined;
  private readonly services;
  private readonly paths;

  constructor(private readonly options: DemoOptions) {
    // The product's own services, so that the demo's configuration is validated, its secrets sealed
    // with the master key and its triggers synchronised exactly as when an admin saves it in the console.
    this.services = createServices(options);
    this.paths = demoPaths(options.config.dataDir);
  }

  /** True while this node runs the demo peers and generator. */
  get running(): boolean {
    return this.peers !== undefined;
  }

  /** How to reach the demo sFTP server while this node runs it (shown to the demo's admins). */
  sftpAccess(): DemoSftpAccess | undefined {
    const { peers, secrets } = this;
    if (!peers || !secrets) return undefined;
    return {
      host: peers.sftp.host,
      port: peers.sftp.port,
      username: secrets.sftpUsername,
      password: secrets.sftpPassword,
    };
  }

  async companyExists(): Promise<boolean> {
    return (await this.services.companies.existing([DEMO_COMPANY])).has(DEMO_COMPANY);
  }

  /**
   * Called once when the server starts. `emptyStore`: this start created the first super_admin (nothing
   * was there before): the only start that seeds.
   */
  async start(emptyStore: boolean): Promise<DemoStartOutcome> {
    const exists = await this.companyExists();
    if (!demoEnabled(this.options.config)) return { state: 'off', companyExists: exists };
    if (!exists && !emptyStore) return { state: 'absent' };
    const { peers, secrets } = await startDemoPeers(this.paths, (o, m) => this.options.log.warn(o, m));
    this.secrets = secrets;
    this.peers = peers;
    try {
      let users: DemoUserPassword[] | undefined;
      if (exists) await saveDemoServers(this.services, peers, secrets);
      else users = await seedDemo(this.services, this.options.clock, peers, secrets);
      this.startGenerator();
      this.options.log.info(
        { sftp: `${peers.sftp.host}:${peers.sftp.port}`, functions: peers.functions.url, dms: peers.dms.url },
        'demo: the example peers are running (remove the demo with `npm run lis -- demo remove`)',
      );
      return users ? { state: 'seeded', users } : { state: 'running' };
    } catch (error) {
      await this.stopPeers();
      throw error;
    }
  }

  private startGenerator(): void {
    this.generator = startDemoInputGenerator({
      paths: this.paths,
      intervalMs: this.options.generatorIntervalMs,
      // The demo's retention window (decision 0022) also ages out what its jobs returned.
      returnMaxAgeMs: async () => {
        const days = (await this.services.retentionSettings.get()).demo_days;
        return days > 0 ? days * 86_400_000 : undefined;
      },
      beforeTick: async () => {
        // Removed from another process (the CLI) or node: stop here too.
        if (await this.companyExists()) return true;
        this.options.log.info(
          {},
          'demo: the DEMO company was removed; stopping its peers and removing data/demo',
        );
        void this.stopPeers().then(() =>
          fs.rm(demoDir(this.options.config.dataDir), { recursive: true, force: true }),
        );
        return false;
      },
      onError: (error) => this.options.log.warn({ err: error }, 'demo: the input generator failed'),
    });
  }

  /** Stops the generator and the peers (the server is shutting down, or the demo is removed). */
  async stopPeers(): Promise<void> {
    const { generator, peers } = this;
    this.generator = undefined;
    this.peers = undefined;
    await generator?.stop();
    await peers?.close();
  }
}
