import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAlertDeliverer, createAlertSink } from '../src/composition/alerts.js';
import { createRepositories } from '../src/composition/repositories.js';
import { inWriteTransaction } from '../src/db/write-transaction.js';
import {
  anAlert,
  offsetClock,
  startReceiver,
  type Receiver,
} from '../src/modules/alerts/alerts-test-support.js';
import { channelSecretSlot, maskUrl } from '../src/modules/alerts/channel-address.js';
import { SecretBox } from '../src/modules/secrets/secret-box.js';
import {
  killed,
  SHARED_DATABASES,
  startNodeThatClaims,
  type SharedDatabase,
} from '../src/test-support/child-worker-node.js';
import { eventually } from '../src/test-support/eventually.js';

const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'alert-deliverer-node.ts',
);
const LEASE_MS = 60_000;
const SECRET = 'the-webhook-secret-of-the-test';

/**
 * At least once across nodes (issue 35): a node SIGKILLed while its POST is under way leaves the
 * delivery `sending`; once its lease has run out (the other node's clock is moved past it) the other
 * node records the attempt as abandoned and delivers again with the same event id — the receiver,
 * de-duplicating by it, processes the alert once.
 */
describe.each(SHARED_DATABASES)('alert delivery when its node is killed mid-send (%s)', (_name, open) => {
  let shared: SharedDatabase | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    await shared?.cleanup();
  });

  it('another node delivers after the lease; the receiver de-duplicates by event id', async () => {
    shared = await open();
    receiver = await startReceiver();
    const { db } = shared;
    const masterKey = crypto.randomBytes(32);
    const box = new SecretBox(masterKey);
    const repositories = createRepositories(db);
    const url = receiver.url('/hook');
    await repositories.alertConfigs.insertChannel({
      company_code: 'A',
      name: 'HOOK',
      kind: 'webhook',
      language: 'en',
      enabled: 1,
      recipients: '[]',
      url_enc: box.seal(url, channelSecretSlot('A', 'HOOK', 'url_enc')),
      url_masked: maskUrl(new URL(url)),
      secret_enc: box.seal(SECRET, channelSecretSlot('A', 'HOOK', 'secret_enc')),
      created_at: 0,
      updated_at: 0,
      updated_by: null,
    });
    await repositories.alertConfigs.insertRule({
      company_code: 'A',
      name: 'ALL',
      enabled: 1,
      conditions: '["RUN_ERROR"]',
      jobs: '[]',
      channels: '["HOOK"]',
      escalate_after_minutes: null,
      escalate_to: null,
      created_at: 0,
      updated_at: 0,
      updated_by: null,
    });
    const sink = createAlertSink(db, (error) => {
      throw error;
    });
    expect(await inWriteTransaction(db, (scope) => sink.raise(scope, anAlert()))).toBe(true);

    receiver.holdNext();
    const child = await startNodeThatClaims(
      FIXTURE,
      {
        ...shared.childEnv,
        ALERT_MASTER_KEY: masterKey.toString('hex'),
        ALERT_LEASE_MS: String(LEASE_MS),
      },
      'alert-node',
    );
    await eventually(() => receiver?.received.length === 1, { message: 'the killed node to post' });
    await killed(child);
    const held = await db.kysely.selectFrom('alert_deliveries').select(['state', 'lease_owner']).execute();
    expect(held).toEqual([{ state: 'sending', lease_owner: 'node-killed' }]);

    // The other node, its clock (the database's) past the lease.
    const clock = offsetClock(db);
    const other = createAlertDeliverer({
      config: { timeZone: 'Asia/Bangkok', basePath: '/', smtp: undefined },
      db,
      masterKey,
      nodeId: 'node-b',
      clock,
      random: () => 0,
      onError: (error) => {
        throw error;
      },
    });
    expect(await other.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    clock.offsetMs = LEASE_MS + 1_000;
    expect(await other.deliverDue()).toBe(1);

    const eventIds = receiver.received.map((post) => post.headers['x-lis-event-id']);
    expect(eventIds).toHaveLength(2);
    expect(new Set(eventIds).size).toBe(1);
    expect(receiver.processed).toEqual([eventIds[0]]);
    const attempts = await db.kysely
      .selectFrom('alert_delivery_attempts')
      .select(['attempt', 'outcome', 'status', 'error'])
      .orderBy('attempt')
      .execute();
    expect(attempts.map((a) => `${a.attempt}:${a.outcome}:${a.status ?? '-'}`)).toEqual([
      '1:retrying:-',
      '2:delivered:200',
    ]);
    expect(attempts[0]?.error).toMatch(/stopped before the receiver answered/);
    const [delivery] = await db.kysely.selectFrom('alert_deliveries').select(['state', 'attempts']).execute();
    expect(delivery).toEqual({ state: 'delivered', attempts: 2 });
  });
});
