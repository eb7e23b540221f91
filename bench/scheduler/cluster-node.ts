// One scheduler node of the cluster benchmark, in its own process: its own pool, its own LISTEN
// connection, a scheduler and a worker (no-op handler). Driven by its parent over IPC:
// 'start' → fire and work; 'stop-scheduler' → stop firing; 'stop' → stop working, close, exit.
// The parent may also SIGKILL it: that is the point.
import { openDatabase } from '../../apps/server/src/db/database.js';
import { postgresSignal } from '../../apps/server/src/engine/scheduler/scheduler-signal.js';
import { BenchNode } from './node-instruments.js';

export interface ClusterNodeConfig {
  url: string;
  schema: string;
  nodeId: string;
  workerConcurrency: number;
  leaseMs: number;
  batchSize: number;
}

export type ClusterNodeMessage =
  | { type: 'ready' }
  | { type: 'counters'; queued: number; passes: number; failures: number; lastError?: string }
  | { type: 'scheduler-stopped' }
  | {
      type: 'stopped';
      queued: number;
      passes: number;
      failures: number;
      passMs: number[];
      enteredMs: number[];
      handedOff: number;
      lastError?: string;
    };

const config = JSON.parse(process.argv[2] ?? '{}') as ClusterNodeConfig;
const send = (message: ClusterNodeMessage) => process.send?.(message);
const db = openDatabase({ databaseUrl: config.url, pgSchema: config.schema, pgPoolSize: 4 });
const signal = await postgresSignal(config.url, config.schema);
const node = new BenchNode({
  db,
  signal,
  nodeId: config.nodeId,
  workerConcurrency: config.workerConcurrency,
  leaseMs: config.leaseMs,
  batchSize: config.batchSize,
});
const counters = () => ({
  queued: node.counters.queued,
  passes: node.counters.passes,
  failures: node.counters.failures,
  ...(node.counters.lastError ? { lastError: node.counters.lastError } : {}),
});
let ticker: NodeJS.Timeout | undefined;

process.on('message', (message: string) => {
  void (async () => {
    if (message === 'start') {
      await node.start();
      ticker = setInterval(() => send({ type: 'counters', ...counters() }), 500);
    } else if (message === 'stop-scheduler') {
      await node.stopScheduler();
      send({ type: 'scheduler-stopped' });
    } else if (message === 'stop') {
      clearInterval(ticker);
      await node.stopScheduler();
      await node.stopWorker();
      await signal.close();
      await db.close();
      send({
        type: 'stopped',
        ...counters(),
        passMs: node.counters.passMs,
        enteredMs: node.counters.enteredMs,
        handedOff: node.counters.handedOff,
      });
      process.disconnect();
    }
  })();
});
send({ type: 'ready' });
