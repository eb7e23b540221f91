import pg from 'pg';
import type { Db } from '../../db/database.js';

/**
 * What changed: `triggers` (a trigger added, changed, paused or resumed — the scheduler loops
 * listen), `runs` (a run queued, cancelled or ended — the workers and waiting chains listen) or
 * `progress` (a step of a run started or ended — only the console's live updates listen).
 */
export type SignalTopic = 'triggers' | 'runs' | 'progress';

export const SIGNAL_TOPICS: readonly SignalTopic[] = ['triggers', 'runs', 'progress'];

/**
 * Wakes the scheduler loops (and the workers) when triggers change or runs are queued: whoever
 * changes them calls `notify(topic)`, every subscriber of that topic on every node sharing the
 * database hears it. Without a topic, both (a subscriber of both hears it at least once).
 * A lost notification only costs latency: the loop never sleeps longer than its cap.
 */
export interface SchedulerSignal {
  notify(topic?: SignalTopic): Promise<void>;
  /** Listens to `topics` (default both). Returns the function that unsubscribes. */
  subscribe(listener: () => void, topics?: readonly SignalTopic[]): () => void;
  close(): Promise<void>;
}

export const SCHEDULER_CHANNEL = 'lis_scheduler';

interface Subscription {
  listener: () => void;
  topics: ReadonlySet<SignalTopic>;
}

/** The subscribers, each called once per `deliver` whose topics it listens to. */
class Subscriptions {
  private readonly all = new Set<Subscription>();

  add(listener: () => void, topics: readonly SignalTopic[] = SIGNAL_TOPICS): () => void {
    const subscription: Subscription = { listener, topics: new Set(topics) };
    this.all.add(subscription);
    return () => this.all.delete(subscription);
  }

  deliver(topics: readonly SignalTopic[]): void {
    for (const { listener, topics: wanted } of [...this.all])
      if (topics.some((topic) => wanted.has(topic))) listener();
  }

  clear(): void {
    this.all.clear();
  }
}

function topicsOf(topic: SignalTopic | undefined): readonly SignalTopic[] {
  return topic ? [topic] : SIGNAL_TOPICS;
}

/** SQLite (one process): in-process calls. */
export function inProcessSignal(): SchedulerSignal {
  const subscriptions = new Subscriptions();
  return {
    notify: async (topic) => {
      subscriptions.deliver(topicsOf(topic));
    },
    subscribe: (listener, topics) => subscriptions.add(listener, topics),
    close: async () => {
      subscriptions.clear();
    },
  };
}

const RECONNECT_DELAY_MS = 1000;
/** Notifies within this window (and while one is being sent) go out as one NOTIFY per topic. */
const COALESCE_MS = 2;

/** The topic of a notification for `schema`, or undefined when it is for another schema. */
function parsePayload(payload: string | undefined, schema: string): readonly SignalTopic[] | undefined {
  if (payload === schema) return SIGNAL_TOPICS; // a node without topics
  const [target, topic] = (payload ?? '').split('|');
  if (target !== schema) return undefined;
  return SIGNAL_TOPICS.filter((known) => known === topic);
}

/**
 * PostgreSQL: `LISTEN lis_scheduler` on a dedicated client (a pooled connection cannot keep a
 * LISTEN). The payload is `{schema}|{topic}`, so databases that share a server but not a schema
 * (tests) ignore each other's notifications. A lost connection is reopened after a second.
 *
 * Sending: the NOTIFYs go out on the same client, one query at a time (a client runs one query at
 * once), and a burst is coalesced — the calls made within a few ms, or while the previous send is
 * on the wire, share one `select pg_notify(…)` with one notification per topic.
 */
export async function postgresSignal(url: string, schema = 'public'): Promise<SchedulerSignal> {
  const subscriptions = new Subscriptions();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  /** Topics asked for since the last send began. */
  let pending = new Set<SignalTopic>();
  /** The send that will carry `pending`; undefined once it has begun. */
  let nextSend: Promise<void> | undefined;
  /** The sends, one after another. */
  let sending: Promise<void> = Promise.resolve();

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== SCHEDULER_CHANNEL) return;
      const topics = parsePayload(message.payload, schema);
      if (topics && topics.length > 0) subscriptions.deliver(topics);
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
    subscriptions.deliver(SIGNAL_TOPICS);
  };
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch(scheduleReconnect);
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  };

  const send = async (): Promise<void> => {
    const topics = [...pending];
    pending = new Set();
    nextSend = undefined;
    const current = client;
    // Closed or reconnecting: the loops' sleep cap covers the lost wake-up.
    if (closed || !current || topics.length === 0) return;
    const calls = topics.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
    await current.query(`select ${calls}`, [
      SCHEDULER_CHANNEL,
      ...topics.map((topic) => `${schema}|${topic}`),
    ]);
  };

  await connect();
  return {
    notify: (topic) => {
      for (const t of topicsOf(topic)) pending.add(t);
      if (!nextSend) {
        nextSend = sending.then(() => new Promise((resolve) => setTimeout(resolve, COALESCE_MS))).then(send);
        sending = nextSend.catch(() => undefined);
      }
      return nextSend;
    },
    subscribe: (listener, topics) => subscriptions.add(listener, topics),
    close: async () => {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      subscriptions.clear();
      await sending; // a send on the wire finishes before the client ends
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
