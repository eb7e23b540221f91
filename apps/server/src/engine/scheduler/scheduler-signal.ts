import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Db } from '../../db/database.js';

/**
 * Wakes the scheduler loops (and the workers) when triggers change or runs are queued: whoever
 * changes them calls `notify()`, every subscriber on every node sharing the database hears it.
 * A lost notification only costs latency: the loop never sleeps longer than its cap.
 */
export interface SchedulerSignal {
  notify(): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

export const SCHEDULER_CHANNEL = 'lis_scheduler';

/** SQLite (one process): an in-process event emitter. */
export function inProcessSignal(): SchedulerSignal {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    notify: async () => {
      emitter.emit('wake');
    },
    subscribe: (listener) => {
      emitter.on('wake', listener);
      return () => emitter.off('wake', listener);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_DELAY_MS = 1000;

/**
 * PostgreSQL: `LISTEN lis_scheduler` on a dedicated client (a pooled connection cannot keep a
 * LISTEN). The payload is the schema, so databases that share a server but not a schema (tests)
 * ignore each other's notifications. A lost connection is reopened after a second.
 */
export async function postgresSignal(url: string, schema = 'public'): Promise<SchedulerSignal> {
  const listeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== SCHEDULER_CHANNEL || message.payload !== schema) return;
      for (const listener of [...listeners]) listener();
    });
    next.on('error', () => {
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${SCHEDULER_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    // Anything may have changed while we were not listening.
    for (const listener of [...listeners]) listener();
  };
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch(scheduleReconnect);
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  };

  await connect();
  return {
    notify: async () => {
      if (!client) return; // reconnecting: the loops' sleep cap covers the lost wake-up
      await client.query('select pg_notify($1, $2)', [SCHEDULER_CHANNEL, schema]);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      listeners.clear();
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}

/** The signal that fits the database: LISTEN/NOTIFY on PostgreSQL, in-process events on SQLite. */
export async function createSchedulerSignal(
  db: Db,
  databaseUrl?: string,
  pgSchema?: string,
): Promise<SchedulerSignal> {
  if (db.dialect === 'sqlite') return inProcessSignal();
  if (!databaseUrl) throw new Error('a PostgreSQL scheduler signal needs the database URL');
  return postgresSignal(databaseUrl, pgSchema);
}
