import crypto from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { deliberateDelay } from '../../test-support/deliberate-delay.js';
import { eventually } from '../../test-support/eventually.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';
import {
  SCHEDULER_CHANNEL,
  inProcessSignal,
  postgresSignal,
  type SchedulerSignal,
  type SignalTopic,
} from './scheduler-signal.js';

const until = (condition: () => boolean, message: string) =>
  eventually(condition, { timeout: 2_000, message });

/** The company code that marks a fence notification (see `fence`). */
const FENCE = 'fence';
const isFence = (companies: readonly string[] | undefined) => companies?.includes(FENCE) ?? false;

/**
 * Sends a marked `progress` notification after everything `send` sent before and waits until `b`
 * hears it: one session's notifications arrive in the order they were sent, so nothing sent before
 * it is still on its way — what `b` has heard by then is all it will hear.
 */
async function fence(b: SchedulerSignal, send: () => Promise<unknown>): Promise<void> {
  let heard = false;
  const stop = b.subscribe((companies) => (heard ||= isFence(companies)), ['progress']);
  try {
    await send();
    await until(() => heard, 'the fence notification');
  } finally {
    stop();
  }
}

describe.each(DATABASE_KINDS)('SchedulerSignal on %s', (kind) => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const schema = `s_${crypto.randomBytes(4).toString('hex')}`;
  const opened: SchedulerSignal[] = [];
  /** Two nodes on one database: `a` notifies, `b` hears (the same signal in one process). */
  async function pair(): Promise<{ a: SchedulerSignal; b: SchedulerSignal }> {
    if (kind === 'sqlite') {
      const signal = inProcessSignal();
      opened.push(signal);
      return { a: signal, b: signal };
    }
    const a = await postgresSignal(url, schema);
    const b = await postgresSignal(url, schema);
    opened.push(a, b);
    return { a, b };
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((signal) => signal.close()));
  });

  it('delivers a topic to its subscribers only; no topic and the default subscription mean both', async () => {
    const { a, b } = await pair();
    const heard = { triggers: 0, runs: 0, both: 0 };
    b.subscribe(() => (heard.triggers += 1), ['triggers']);
    b.subscribe(() => (heard.runs += 1), ['runs']);
    b.subscribe((companies) => (heard.both += isFence(companies) ? 0 : 1));
    const fenceAfterA = () => fence(b, () => a.notify('progress', [FENCE]));
    await a.notify('runs');
    await until(() => heard.runs === 1 && heard.both === 1, 'the runs notification');
    await fenceAfterA();
    expect(heard).toEqual({ triggers: 0, runs: 1, both: 1 });
    await a.notify('triggers');
    await until(() => heard.triggers === 1, 'the triggers notification');
    await fenceAfterA();
    expect(heard).toMatchObject({ triggers: 1, runs: 1 });
    expect(heard.both).toBeGreaterThanOrEqual(2);
    await a.notify();
    await until(() => heard.triggers === 2 && heard.runs === 2, 'the notification of both topics');
    expect(heard).toMatchObject({ triggers: 2, runs: 2 });
  });

  it('carries the companies of a change to every node; a burst adds them up, an unknown one absorbs them', async () => {
    const { a, b } = await pair();
    const heard: (readonly string[] | undefined)[] = [];
    b.subscribe((companies) => heard.push(companies), ['runs']);
    await a.notify('runs', ['A', 'A']);
    await until(() => heard.length === 1, 'the first notification');
    expect(heard[0]).toEqual(['A']);
    await Promise.all([a.notify('runs', ['B']), a.notify('runs', ['C|x'])]);
    await until(() => heard.slice(1).flat().length === 2, 'the companies of the burst');
    expect(
      heard
        .slice(1)
        .flatMap((c) => c ?? ['?'])
        .sort(),
    ).toEqual(['B', 'C|x']);
    heard.length = 0;
    await a.notify('runs');
    await until(() => heard.length === 1, 'the notification without companies');
    expect(heard).toEqual([undefined]);
  });

  it('a burst of notifies is coalesced into one notification per topic', async () => {
    const { a, b } = await pair();
    const heard = { triggers: 0, runs: 0 };
    b.subscribe(() => (heard.runs += 1), ['runs']);
    b.subscribe(() => (heard.triggers += 1), ['triggers']);
    await Promise.all([
      ...Array.from({ length: 50 }, () => a.notify('runs')),
      ...Array.from({ length: 5 }, () => a.notify('triggers')),
    ]);
    await until(() => heard.runs > 0 && heard.triggers > 0, 'the burst');
    await fence(b, () => a.notify('progress', [FENCE]));
    // In process every call is its own call; on PostgreSQL the burst is one NOTIFY per topic.
    expect(heard).toEqual(kind === 'postgres' ? { triggers: 1, runs: 1 } : { triggers: 5, runs: 50 });
  });

  it.runIf(kind === 'postgres')(
    'sends one query at a time on its client, however the notifies interleave',
    async () => {
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      try {
        const { a, b } = await pair();
        let heard = 0;
        b.subscribe(() => (heard += 1), ['runs']);
        const sent: Promise<void>[] = [];
        for (let i = 0; i < 40; i++) {
          sent.push(a.notify(i % 2 === 0 ? 'runs' : 'triggers'));
          await new Promise((resolve) => setImmediate(resolve));
          // Every seventh notify outlasts the coalescing window (2 ms): the next one starts a new send.
          if (i % 7 === 0) await deliberateDelay(3);
        }
        await Promise.all(sent);
        await until(() => heard > 0, 'the runs notifications');
        expect(heard).toBeGreaterThan(0);
        expect(heard).toBeLessThan(20);
      } finally {
        process.off('warning', onWarning);
      }
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    },
  );

  it.runIf(kind === 'postgres')(
    'reads a payload without a topic (a node of an older version) as both',
    async () => {
      const { b } = await pair();
      const heard: SignalTopic[] = [];
      b.subscribe(() => heard.push('triggers'), ['triggers']);
      b.subscribe(() => heard.push('runs'), ['runs']);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_notify($1, $2)', [SCHEDULER_CHANNEL, schema]);
        await client.query('select pg_notify($1, $2)', [SCHEDULER_CHANNEL, `other_${schema}|runs`]);
        await until(() => heard.length === 2, 'the notification without a topic');
        await fence(b, () =>
          client.query('select pg_notify($1, $2)', [SCHEDULER_CHANNEL, `${schema}|progress|["${FENCE}"]`]),
        );
      } finally {
        await client.end();
      }
      expect(heard.sort()).toEqual(['runs', 'triggers']);
    },
  );
});
