// Benchmark 3: three scheduler nodes — three processes, each with its own pool and LISTEN
// connection and a worker — on one PostgreSQL schema; every-second triggers for a while, one node
// SIGKILLed a third of the way in and a replacement started at two thirds. Afterwards every
// (trigger, fire time) is checked: no duplicate, no gap.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseNow } from '../../apps/server/src/db/database-clock.js';
import { createBenchDatabase, seedTriggers } from './bench-database.js';
import type { ClusterNodeConfig, ClusterNodeMessage } from './cluster-node.js';
import { auditFires, drainRuns, type FireAudit } from './fire-audit.js';
import { distribution, sleep, type Distribution } from './stats.js';

export interface ClusterCase {
  nodes: number;
  triggers: number;
  /** 'every-second': `* * * * * ?`; 'spread': `S * * * * ?` with S = i % 60 (as in the lateness case). */
  pattern: 'every-second' | 'spread';
  seconds: number;
  workerConcurrency: number;
  /** Short, so the killed node's runs are taken over inside the benchmark (production: 30 s). */
  leaseMs: number;
  batchSize: number;
  /** SIGKILL one node at a third of the run and start a replacement at two thirds. */
  kill: boolean;
}

export interface ClusterNodeReport {
  nodeId: string;
  queued: number;
  passes: number;
  failures: number;
  killed: boolean;
  lastError?: string;
}

export interface ClusterResult extends ClusterCase {
  audit: FireAudit;
  firesPerSecond: number;
  perNode: ClusterNodeReport[];
  pass: Distribution;
  /** Handler entered − scheduled (ms, each node's clock; one machine): the start as the job sees it. */
  entered: Distribution;
  /** Runs started at once by the firing passes (no claim), all nodes. */
  handedOff: number;
  /** Started lateness of the fires scheduled within ±2 s of the kill (the failover's cost). */
  aroundKill?: Distribution;
  undrained: number;
}

const nodeScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cluster-node.ts');

class NodeProcess {
  readonly child: ChildProcess;
  report: ClusterNodeReport;
  passMs: number[] = [];
  enteredMs: number[] = [];
  handedOff = 0;
  private readonly waiters = new Map<string, () => void>();

  constructor(config: ClusterNodeConfig) {
    this.report = { nodeId: config.nodeId, queued: 0, passes: 0, failures: 0, killed: false };
    this.child = fork(nodeScript, [JSON.stringify(config)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: ClusterNodeMessage) => {
      if (message.type === 'counters' || message.type === 'stopped') {
        const { queued, passes, failures, lastError } = message;
        Object.assign(this.report, { queued, passes, failures }, lastError ? { lastError } : {});
      }
      if (message.type === 'stopped') {
        this.passMs = message.passMs;
        this.enteredMs = message.enteredMs;
        this.handedOff = message.handedOff;
      }
      this.waiters.get(message.type)?.();
    });
  }

  until(type: ClusterNodeMessage['type'], timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.report.nodeId}: no ${type}`)), timeoutMs);
      this.waiters.set(type, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async spawned(): Promise<this> {
    await this.until('ready');
    return this;
  }

  command(message: 'start' | 'stop-scheduler' | 'stop'): void {
    this.child.send(message);
  }

  kill(): void {
    this.report.killed = true;
    this.child.kill('SIGKILL');
  }
}

export async function benchCluster(spec: ClusterCase): Promise<ClusterResult> {
  const bench = await createBenchDatabase('postgres');
  const processes: NodeProcess[] = [];
  try {
    const config = (nodeId: string): ClusterNodeConfig => ({
      url: bench.url ?? '',
      schema: bench.schema ?? '',
      nodeId,
      workerConcurrency: spec.workerConcurrency,
      leaseMs: spec.leaseMs,
      batchSize: spec.batchSize,
    });
    const spawn = (nodeId: string) => {
      const node = new NodeProcess(config(nodeId));
      processes.push(node);
      return node.spawned();
    };
    const nodes = await Promise.all(Array.from({ length: spec.nodes }, (_, i) => spawn(`node-${i + 1}`)));
    // Seeded once the processes are up, the first fires 5 s after the jobs are written (seeding
    // 10,000 triggers took over 2 s): none is late because of the setup.
    const initial = await seedTriggers(
      bench.db,
      spec.triggers,
      (i) => (spec.pattern === 'spread' ? `${i % 60} * * * * ?` : '* * * * * ?'),
      (now) => now + 5000,
    );
    const startedAt = await databaseNow(bench.db.kysely, bench.db.dialect);
    if (startedAt >= Math.min(...initial.values()) - 1000)
      throw new Error(
        `seeding took too long: ${startedAt - Math.min(...initial.values())} ms to the first due time`,
      );
    nodes.forEach((node) => node.command('start'));
    let killedAt: number | undefined;
    const third = (spec.seconds * 1000) / 3;
    if (spec.kill) {
      await sleep(third);
      const victim = nodes[nodes.length - 1];
      killedAt = await databaseNow(bench.db.kysely, bench.db.dialect);
      victim?.kill();
      await sleep(third);
      const replacement = await spawn(`node-${spec.nodes}b`);
      replacement.command('start');
      nodes.push(replacement);
      await sleep(third);
    } else await sleep(spec.seconds * 1000);
    const live = nodes.filter((node) => !node.report.killed);
    await Promise.all(
      live.map((node) => {
        const stopped = node.until('scheduler-stopped');
        node.command('stop-scheduler');
        return stopped;
      }),
    );
    const stoppedAt = await databaseNow(bench.db.kysely, bench.db.dialect);
    // The killed node's RUNNING runs come back when their lease expires (recovery every 5 s).
    const undrained = await drainRuns(bench.db, spec.leaseMs + 12_000);
    await Promise.all(
      live.map((node) => {
        const stopped = node.until('stopped');
        node.command('stop');
        return stopped;
      }),
    );
    const audit = await auditFires(bench.db, initial, stoppedAt);
    let aroundKill: Distribution | undefined;
    if (killedAt !== undefined) {
      const rows = await bench.db.kysely
        .selectFrom('job_runs')
        .select(['scheduled_at', 'started_at'])
        .where('scheduled_at', '>=', killedAt - 2000)
        .where('scheduled_at', '<=', killedAt + 2000)
        .where('started_at', 'is not', null)
        .execute();
      aroundKill = distribution(rows.map((r) => Number(r.started_at) - Number(r.scheduled_at)));
    }
    return {
      ...spec,
      audit,
      firesPerSecond: Math.round((audit.fires / (stoppedAt - startedAt)) * 1000 * 10) / 10,
      perNode: nodes.map((node) => node.report),
      pass: distribution(nodes.flatMap((node) => node.passMs)),
      entered: distribution(nodes.flatMap((node) => node.enteredMs)),
      handedOff: nodes.reduce((sum, node) => sum + node.handedOff, 0),
      ...(aroundKill ? { aroundKill } : {}),
      undrained,
    };
  } finally {
    for (const node of processes)
      if (node.child.exitCode === null && !node.child.killed) node.child.kill('SIGKILL');
    await bench.drop();
  }
}
