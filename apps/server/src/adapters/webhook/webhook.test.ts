import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OutboundPolicy, setOutboundPolicy } from '../../platform/outbound-policy.js';
import {
  isDelivered,
  isRetryable,
  postWebhook,
  retryDelayMs,
  verifyWebhookSignature,
  WEBHOOK_RETRY_CAP_MS,
  WEBHOOK_RETRY_WINDOW_MS,
} from './index.js';

/** A real receiver on loopback: it answers the statuses queued, else 200, and keeps every request. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
const answers: number[] = [];
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  received.length = 0;
  answers.length = 0;
  setOutboundPolicy(OutboundPolicy.OPEN);
});

const SECRET = 'a-channel-secret-of-32-characters';
const BODY = JSON.stringify({ schema: 'lis.alert/v1', event_id: 'evt-1', summary: 'ไฟล์ยังไม่มา' });

describe('a signed webhook POST', () => {
  it('carries the event id, the timestamp and a signature that verifies by the documented recipe', async () => {
    const result = await postWebhook({ url, body: BODY, eventId: 'evt-1', secret: SECRET });
    expect(result).toMatchObject({ status: 200 });
    const [request] = received;
    expect(request?.body).toBe(BODY);
    const timestamp = String(request?.headers['x-lis-timestamp']);
    const signature = String(request?.headers['x-lis-signature-256']);
    expect(request?.headers['x-lis-event-id']).toBe('evt-1');
    // docs/alerts.md, as a receiver writes it: HMAC-SHA256 of "<timestamp>.<raw body>", hex.
    const recipe = crypto.createHmac('sha256', SECRET).update(`${timestamp}.${request?.body}`).digest('hex');
    expect(signature).toBe(`sha256=${recipe}`);
    expect(verifyWebhookSignature(SECRET, { timestamp, signature }, request?.body ?? '')).toBe(true);
    // A changed body, another secret, or an old timestamp do not verify.
    expect(verifyWebhookSignature(SECRET, { timestamp, signature }, `${request?.body} `)).toBe(false);
    expect(verifyWebhookSignature(`${SECRET}x`, { timestamp, signature }, request?.body ?? '')).toBe(false);
    expect(
      verifyWebhookSignature(SECRET, { timestamp, signature }, request?.body ?? '', {
        nowSeconds: Number(timestamp) + 301,
      }),
    ).toBe(false);
  });

  it('sends no signature without a secret (Teams and Slack URLs are their own secret)', async () => {
    await postWebhook({ url, body: BODY, eventId: 'evt-2' });
    expect(received[0]?.headers['x-lis-signature-256']).toBeUndefined();
    expect(received[0]?.headers['x-lis-event-id']).toBe('evt-2');
  });

  it('500 then 200: the same event id both times; the 500 is retryable, the 200 delivered', async () => {
    answers.push(500);
    const first = await postWebhook({ url, body: BODY, eventId: 'evt-3', secret: SECRET });
    const second = await postWebhook({ url, body: BODY, eventId: 'evt-3', secret: SECRET });
    expect([first, second].map((r) => ('status' in r ? r.status : 0))).toEqual([500, 200]);
    expect(isRetryable(first)).toBe(true);
    expect(isDelivered(second)).toBe(true);
    expect(received.map((r) => r.headers['x-lis-event-id'])).toEqual(['evt-3', 'evt-3']);
  });

  it('a 4xx is final (not retried), 408 and 429 are retried, as is no answer at all', async () => {
    for (const status of [400, 401, 404, 410, 422]) expect(isRetryable({ status })).toBe(false);
    for (const status of [408, 429, 500, 502, 503]) expect(isRetryable({ status })).toBe(true);
    const refused = await postWebhook({ url: 'http://127.0.0.1:1/hook', body: BODY, eventId: 'evt-4' });
    expect('error' in refused).toBe(true);
    expect(isRetryable(refused)).toBe(true);
  });

  it('obeys the outbound policy: a denied address is never connected to', async () => {
    const problems: string[] = [];
    setOutboundPolicy(OutboundPolicy.parse('', '127.0.0.0/8', problems));
    expect(problems).toEqual([]);
    const result = await postWebhook({ url, body: BODY, eventId: 'evt-5', secret: SECRET });
    expect('error' in result && result.error).toMatch(/outbound policy/);
    expect(received).toEqual([]);
  });
});

describe('the retry schedule', () => {
  it('grows exponentially with full jitter, capped, and stops at the retry window', () => {
    const top = () => 0.999_999;
    const delays = [2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, 0, 0, top));
    expect(delays).toEqual([4_999, 9_999, 19_999, 39_999, 79_999]);
    expect(retryDelayMs(40, 0, 0, top)).toBe(WEBHOOK_RETRY_CAP_MS - 1);
    expect(retryDelayMs(3, 0, 0, () => 0)).toBe(0);
    expect(retryDelayMs(9, 0, WEBHOOK_RETRY_WINDOW_MS, top)).toBeUndefined();
    expect(() => retryDelayMs(1, 0, 0)).toThrow(RangeError);
  });
});
