import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/composition/build-app.js';
import { eventually } from '../src/test-support/eventually.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import {
  createTestApp,
  TEST_PASSWORD,
  withStandardUsers,
  type TestApp,
} from '../src/test-support/test-app.js';

/** The heartbeat of these tests' streams: the re-check of the token (15 s in production). */
const HEARTBEAT_MS = 100;
/** How long a test waits for something that should happen at once (a failure, not a sleep). */
const PATIENCE_MS = 5_000;

/** One open `/v1/events` stream: its events in order, and whether the server ended it. */
class EventStream {
  readonly events: string[] = [];
  /** The server sent its first bytes (it subscribes before that). */
  started = false;
  ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
    void this.pump();
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        this.started = true;
        this.buffer += this.decoder.decode(value, { stream: true });
        const parts = this.buffer.split('\n\n');
        this.buffer = parts.pop() ?? '';
        this.events.push(...parts.filter((part) => part.startsWith('event:')));
      }
    } catch {
      // cancelled by the test
    }
    this.ended = true;
  }

  /** Waits until `condition` holds, or fails after PATIENCE_MS or when the stream ends before. */
  async until(condition: () => boolean, what: string): Promise<void> {
    await eventually(
      () => {
        if (condition()) return true;
        if (this.ended) throw new Error(`the stream ended before: ${what}`);
        return false;
      },
      { timeout: PATIENCE_MS, message: what },
    );
  }

  /** Waits until the server ends the stream; false when it is still open after PATIENCE_MS. */
  async end(): Promise<boolean> {
    try {
      await this.until(() => this.ended, 'the end of the stream');
      return true;
    } catch (error) {
      if (this.ended) return true;
      if (String(error).includes('timed out')) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** The JSON data of an event block. */
function dataOf(event: string): { at: string; companies?: string[] } {
  const line = event.split('\n').find((l) => l.startsWith('data:')) ?? 'data: {}';
  return JSON.parse(line.slice(5)) as { at: string; companies?: string[] };
}

describe.each(DATABASE_KINDS)('live updates /v1/events on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const streams: EventStream[] = [];

  const open = (token: string) =>
    fetch(`${base}/v1/events`, { headers: { authorization: `Bearer ${token}` } });
  const stream = async (token: string) => {
    const response = await open(token);
    expect(response.status).toBe(200);
    const opened = new EventStream(response.body as ReadableStream<Uint8Array>);
    streams.push(opened);
    await opened.until(() => opened.started, 'the first bytes');
    return opened;
  };
  /** A new token (a new sign-in) of the user, through the login route. */
  const freshToken = async (username: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { access_token: string }).access_token;
  };
  const addJob = async (company: string, legacyId: string) => {
    const now = Date.now();
    await t.context.db.kysely
      .insertInto('job_configs')
      .values({
        company_code: company,
        legacy_id: legacyId,
        sid: '555',
        legacy_name: `Name of ${legacyId}`,
        legacy_type: 'IN_WAIT',
        important_job: 'False',
        is_active: 'Y',
        has_suspend: 'N',
        stopif_step4_error: 'N',
        criteria_stopif_mainstatus_warning: 'Y',
        cron_trigger: '0 0 0 1 1 ? 2099',
        legacy_criteria: '',
        overlap_policy: 'skip',
        misfire_policy: 'fire_once_now',
        created_at: now,
        updated_at: now,
        updated_by: null,
      })
      .execute();
  };
  const runNow = async (username: string, company: string, legacyId: string) => {
    const response = await t.as(username, {
      url: `/v1/lis-server/run-immediate?sid=555&company_code=${company}&legacy_id=${legacyId}&legacy_type=IN_WAIT`,
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { liveEvents: { heartbeatMs: HEARTBEAT_MS } });
    await withStandardUsers(t);
    await addJob('A', 'EVA');
    await addJob('B', 'EVB');
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    await t.close();
  });

  it('needs a session', async () => {
    expect((await fetch(`${base}/v1/events`)).status).toBe(401);
  });

  it('tells a signed-in user that runs changed, one event per burst', async () => {
    const events = await stream(await freshToken('root'));
    // A burst of step changes and a run end: one event.
    for (let i = 0; i < 5; i++) await t.context.signal.notify('progress', ['A']);
    await t.context.signal.notify('runs', ['A']);
    // The scheduler's own topic is not the console's business.
    await t.context.signal.notify('triggers');
    await events.until(() => events.events.length >= 1, 'the first event');
    await t.context.signal.notify('runs', ['B']);
    await events.until(() => events.events.length >= 2, 'the second event');
    expect(events.events[0]).toMatch(/^event: runs\ndata: \{"at":"[0-9T:.Z-]+","companies":\["A"\]\}$/);
    expect(dataOf(events.events[1] ?? '').companies).toEqual(['B']);
    await events.close();
  });

  it("sends a user only their companies' run changes (a run queued through the API)", async () => {
    const a = await stream(await freshToken('user-a'));
    const b = await stream(await freshToken('user-b'));
    const root = await stream(await freshToken('root'));
    await runNow('user-b', 'B', 'EVB');
    await b.until(() => b.events.length >= 1, "user-b's event about B");
    await root.until(() => root.events.length >= 1, "root's event about B");
    expect(dataOf(b.events[0] ?? '').companies).toEqual(['B']);
    expect(dataOf(root.events[0] ?? '').companies).toEqual(['B']);
    // Then a change of A: user-a's first event must be about A alone, never B.
    await runNow('user-a', 'A', 'EVA');
    await a.until(() => a.events.length >= 1, "user-a's event about A");
    expect(a.events.map((e) => dataOf(e).companies)).toEqual([['A']]);
    await root.until(() => root.events.length >= 2, "root's event about A");
    expect(dataOf(root.events[1] ?? '').companies).toEqual(['A']);
    await Promise.all([a.close(), b.close(), root.close()]);
  });

  it('ends the stream when its token is revoked at logout', async () => {
    await t.user('leaver', [['A', 'user']]);
    const token = await freshToken('leaver');
    const events = await stream(token);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(await events.end()).toBe(true);
  });

  it('ends the stream when its token expires', async () => {
    const token = await freshToken('user-a');
    const events = await stream(token);
    t.clock.advance(8 * 3600 * 1000 + 1000);
    try {
      expect(await events.end()).toBe(true);
    } finally {
      t.clock.advance(-(8 * 3600 * 1000 + 1000));
    }
  });

  it('caps the streams of one token (4) and of one user (10): the next answers 429', async () => {
    await t.user('many', [['A', 'user']]);
    const first = await freshToken('many');
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await stream(first));
    const fifth = await open(first);
    expect(fifth.status).toBe(429);
    expect(((await fifth.json()) as { message: string }).message).toMatch(/\S/);
    // Other tokens of the same user, up to 10 streams in all.
    const second = await freshToken('many');
    const third = await freshToken('many');
    for (let i = 0; i < 4; i++) held.push(await stream(second));
    for (let i = 0; i < 2; i++) held.push(await stream(third));
    expect((await open(third)).status).toBe(429);
    // A closed stream frees its place.
    await held[0]?.close();
    const again = await eventually(
      async () => {
        const response = await open(first);
        if (response.status !== 429) return response;
        await response.body?.cancel();
        return undefined;
      },
      { timeout: PATIENCE_MS, message: 'the closed stream to free its place' },
    );
    expect(again.status).toBe(200);
    await again.body?.cancel();
    await Promise.all(held.map((s) => s.close()));
  });

  it.runIf(kind === 'postgres')("ends the stream when another node's logout revokes the token", async () => {
    const other = await buildApp({
      config: t.context.config,
      db: t.database.reopen(),
      masterKey: t.masterKey,
      version: '0.0.0-test',
      clock: t.clock,
    });
    try {
      const token = await freshToken('user-b');
      const events = await stream(token);
      const logout = await other.app.inject({
        method: 'POST',
        url: '/v1/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(logout.statusCode).toBe(200);
      expect(await events.end()).toBe(true);
    } finally {
      await other.app.close();
    }
  });
});
