import pg from 'pg';
import { APPLICATION_NAME, type Db } from '../../db/database.js';
import { currentSchema } from '../../db/current-schema.js';
import { reconnectDelay } from '../../db/reconnect-delay.js';

/**
 * What changed: `triggers` (a trigger added, changed, paused or resumed — the scheduler loops
 * listen), `runs` (a run queued, cancelled or ended — the workers and waiting chains listen) or
 * `progress` (a step of a run started or ended — only the console's live updates listen).
 */
export type SignalTopic = 'triggers' | 'runs' | 'progress';

export const SIGNAL_TOPICS: readonly SignalTopic[] = ['triggers', 'runs', 'progress'];

/**
 * The companies a notification is about (the console's live updates send each user only their
 * companies' changes); undefined when not known (a node without companies, a reconnect).
 */
export type SignalCompanies = readonly string[] | undefined;

/** More companies than this in one notification are sent as "not known" (a NOTIFY payload is < 8 kB). */
export const SIGNAL_MAX_COMPANIES = 100;

export type SignalListener = (companies: SignalCompanies) => void;

/**
 * Wakes the scheduler loops (and the workers) when triggers change or runs are queued: whoever
 * changes them calls `notify(topic)`, every subscriber of that topic on every node sharing the
 * database hears it. Without a topic, both (a subscriber of both hears it at least once).
 * A lost notification only costs latency: the loop never sleeps longer than its cap.
 */
export interface SchedulerSignal {
  /** `companies`: the company codes the change is about, when the caller knows them. */
  notify(topic?: SignalTopic, companies?: readonly string[]): Promise<void>;
  /** Listens to `topics` (default both). Returns the function that unsubscribes. */
  subscribe(listener: SignalListener, topics?: readonly SignalTopic[]): () => void;
  close(): Promise<void>;
}

export const SCHEDULER_CHANNEL = 'lis_scheduler';

interface Subscription {
  listener: SignalListener;
  topics: ReadonlySet<SignalTopic>;
}

/** The subscribers, each called once per `deliver` whose topics it listens to. */
class Subscriptions {
  private readonly all = new Set<Subscription>();

  add(listener: SignalListener, topics: readonly SignalTopic[] = SIGNAL_TOPICS): () => void {
    const subscription: Subscription = { listener, topics: new Set(topics) };
    this.all.add(subscription);
    return () => this.all.delete(subscription);
  }

  deliver(topics: readonly SignalTopic[], companies?: SignalCompanies): void {
    for (const { listener, topics: wanted } of [...this.all])
      if (topics.some((topic) => wanted.has(topic))) listener(companies);
  }

  clear(): void {
    this.all.clear();
  }
}

function topicsOf(topic: SignalTopic | undefined): readonly SignalTopic[] {
  return topic ? [topic] : SIGNAL_TOPICS;
}

/** The distinct codes, or undefined (not known) when none or too many are given. */
function companiesOf(companies: readonly string[] | undefined): SignalCompanies {
  if (!companies || companies.length === 0) return undefined;
  const distinct = [...new Set(companies)];
  return distinct.length > SIGNAL_MAX_COMPANIES ? undefined : distinct;
}

/** SQLite (one process): in-process calls. */
export function inProcessSignal(): SchedulerSignal {
  const subscriptions = new Subscriptions();
  return {
    notify: async (topic, companies) => {
      subscriptions.deliver(topicsOf(topic), companiesOf(companies));
    },
    subscribe: (listener, topics) => subscriptions.add(listener, topics),
    close: async () => {
      subscriptions.clear();
    },
  };
}

/** Notifies within this window (and while one is being sent) go out as one NOTIFY per topic. */
const COALESCE_MS = 2;

/**
 * The topic (and companies) of a notification for `schema`, or undefined when it is for another
 * schema. The payload is `{schema}|{topic}` or `{schema}|{topic}|{JSON array of company codes}`.
 */
export function parsePayload(
  payload: string | undefined,
  schema: string,
): { topics: readonly SignalTopic[]; companies: SignalCompanies } | undefined {
  if (payload === schema) return { topics: SIGNAL_TOPICS, companies: undefined }; // a node without topics
  const [target, topic, ...rest] = (payload ?? '').split('|');
  if (target !== schema) return undefined;
  let companies: SignalCompanies;
  if (rest.length > 0) {
    try {
      const parsed: unknown = JSON.parse(rest.join('|'));
      if (Array.isArray(parsed) && parsed.every((code) => typeof code === 'string'))
        companies = companiesOf(parsed as string[]);
    } catch {
      companies = undefined;
    }
  }
  return { topics: SIGNAL_TOPICS.filter((known) => known === topic), companies };
}

/** The payload of one topic's notification (see parsePayload). */
export function formatPayload(schema: string, topic: SignalTopic, companies: SignalCompanies): string {
  return companies ? `${schema}|${topic}|${JSON.stringify(companies)}` : `${schema}|${topic}`;
}

/**
 * PostgreSQL: `LISTEN lis_scheduler` on a dedicated client (a pooled connection cannot keep a
 * LISTEN). The payload is `{schema}|{topic}`, so databases that share a server but not a schema
 * (tests) ignore each other's notifications. A lost connection (a restart, an administrator's
 * `pg_terminate_backend`, a network cut) is reopened with backoff and jitter (reconnectDelay); once it
 * listens again, every subscriber hears every topic (anything may have changed meanwhile).
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
  /** Failed reconnect tries since the connection was lost. */
  let attempts = 0;
  /** Topics asked for since the last send began, each with its companies (undefined: not known). */
  let pending = new Map<SignalTopic, Set<string> | undefined>();
  /** The send that will carry `pending`; undefined once it has begun. */
  let nextSend: Promise<void> | undefined;
  /** The sends, one after another. */
  let sending: Promise<void> = Promise.resolve();

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: APPLICATION_NAME,
      connectionTimeoutMillis: 10_000,
    });
    next.on('notification', (message) => {
      if (message.channel !== SCHEDULER_CHANNEL) return;
      const parsed = parsePayload(message.payload, schema);
      if (parsed && parsed.topics.length > 0) subscriptions.deliver(parsed.topics, parsed.companies);
    });
    const lost = () => {
      if (client !== next) return; // a try that failed: its own catch schedules the next one
      client = undefined;
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    // A connection the server closed without an error message ends: the same as an error.
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${SCHEDULER_CHANNEL}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    attempts = 0;
    // Anything may have changed while we were not listening.
    subscriptions.deliver(SIGNAL_TOPICS);
  };
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch(scheduleReconnect);
    }, reconnectDelay(attempts++));
    reconnectTimer.unref();
  };

  const send = async (): Promise<void> => {
    const topics = [...pending];
    pending = new Map();
    nextSend = undefined;
    const current = client;
    // Closed or reconnecting: the loops' sleep cap covers the lost wake-up.
    if (closed || !current || topics.length === 0) return;
    const calls = topics.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
    await current.query(`select ${calls}`, [
      SCHEDULER_CHANNEL,
      ...topics.map(([topic, companies]) =>
        formatPayload(schema, topic, companiesOf(companies && [...companies])),
      ),
    ]);
  };

  await connect();
  return {
    notify: (topic, companies) => {
      const known = companiesOf(companies);
      for (const t of topicsOf(topic)) {
        const before = pending.get(t);
        // Not known absorbs everything; known companies add up.
        if (!known || (pending.has(t) && before === undefined)) pending.set(t, undefined);
        else pending.set(t, new Set([...(before ?? []), ...known]));
      }
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
  // The schema the node works in (`public`, or the URL's `options=-c search_path=…`): nodes on other
  // schemas of the same server ignore its notifications.
  const schema = pgSchema ?? (await currentSchema(db));
  return postgresSignal(databaseUrl, schema ?? 'public');
}
