import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/** Reads server-sent events from a fetch body until `count` events arrived (or the time ran out). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  count: number,
  timeoutMs = 5_000,
): Promise<string[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    const parts = buffer.split('\n\n');
    buffer = parts.pop() ?? '';
    events.push(...parts.filter((part) => part.startsWith('event:')));
  }
  await reader.cancel();
  return events;
}

describe('live updates /v1/events', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await withStandardUsers(t);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    expect((await fetch(`${base}/v1/events`)).status).toBe(401);
  });

  it('tells a signed-in user that runs changed, one event per burst, without any company data', async () => {
    const token = await t.tokenFor('user-a');
    const response = await fetch(`${base}/v1/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reading = readEvents(response.body as ReadableStream<Uint8Array>, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A burst of step changes and a run end: one event.
    for (let i = 0; i < 5; i++) await t.context.signal.notify('progress');
    await t.context.signal.notify('runs');
    // The scheduler's own topic is not the console's business.
    await t.context.signal.notify('triggers');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await t.context.signal.notify('runs');
    const events = await reading;
    expect(events).toHaveLength(2);
    for (const event of events) expect(event).toMatch(/^event: runs\ndata: \{"at":"[0-9T:.Z-]+"\}$/);
  });
});
