import { afterEach, describe, expect, it } from 'vitest';
import { createAlertDeliverer } from '../src/composition/alerts.js';
import type { Db } from '../src/db/database.js';
import { OutboundPolicy, setOutboundPolicy } from '../src/platform/outbound-policy.js';
import { SHARED_DATABASES, type SharedDatabase } from '../src/test-support/child-worker-node.js';
import { eventually } from '../src/test-support/eventually.js';
import { FAPP_PASSWORD, refuses, startCheckScene, type CheckScene } from './server-checks-scene.js';

const alertsOf = (db: Db) =>
  db.kysely
    .selectFrom('alerts')
    .select(['event_id', 'company_code', 'condition', 'subject', 'state', 'legacy_id', 'job_instance_no'])
    .where('condition', '=', 'SERVER_UNREACHABLE')
    .orderBy('subject')
    .execute();
const deliveriesOf = (db: Db) =>
  db.kysely.selectFrom('alert_deliveries').select(['event_id', 'channel', 'state']).execute();
const checksOf = (db: Db) =>
  db.kysely
    .selectFrom('server_checks')
    .select(['kind', 'server_id', 'state', 'failures', 'since', 'failing_since', 'last_error', 'version'])
    .orderBy('kind')
    .execute();
const logOf = (db: Db) =>
  db.kysely
    .selectFrom('system_log')
    .select(['log_type', 'message', 'company_code'])
    .where('msg_source', '=', 'server-checks')
    .orderBy('seq')
    .execute();

/**
 * The connection checks (issue 35, decision 0049) with real peers on loopback — the reference function
 * server and an in-process SFTP server — that go away: two failed checks raise exactly one
 * SERVER_UNREACHABLE per server (with its webhook delivery), a third raises nothing, recovery resolves
 * it; two nodes on one database check each server once per interval, never alerting twice.
 */
describe.each(SHARED_DATABASES)('connection checks of function and sFTP servers (%s)', (_name, open) => {
  let shared: SharedDatabase | undefined;
  let scene: CheckScene | undefined;
  const errors: unknown[] = [];
  afterEach(async () => {
    await scene?.close();
    await shared?.cleanup();
    errors.length = 0;
  });

  it('one alert per outage after two failed checks, none on the third, resolved when reachable again', async () => {
    shared = await open();
    const { db } = shared;
    scene = await startCheckScene(db, errors);
    const [a, b] = scene.nodes;

    expect(await a.pass(0)).toMatchObject({ ran: true, checked: 2, unreachable: 0 });
    expect((await checksOf(db)).map((row) => [row.kind, row.state, row.failures])).toEqual([
      ['api', 'REACHABLE', 0],
      ['sftp', 'REACHABLE', 0],
    ]);

    await scene.fapp.close();
    await scene.sftp?.close();
    scene.sftp = undefined;
    expect(await refuses(scene.fappPort)).toBe(true);

    // The first failed check: a blip, nobody is paged (and the other node made it: the same rows).
    expect(await b.pass(0)).toMatchObject({ ran: true, checked: 2, unreachable: 0, transitions: [] });
    expect(await alertsOf(db)).toEqual([]);
    // The second: unreachable since the first failure, one alert each, routed to the webhook.
    const second = await a.pass(0);
    expect(second.transitions.map((t) => [t.key.kind, t.to]).sort()).toEqual([
      ['api', 'UNREACHABLE'],
      ['sftp', 'UNREACHABLE'],
    ]);
    const checks = await checksOf(db);
    for (const row of checks) {
      expect(row).toMatchObject({ state: 'UNREACHABLE', failures: 2 });
      expect(Number(row.since)).toBe(Number(row.failing_since));
      expect(row.last_error).not.toContain(FAPP_PASSWORD);
    }
    expect(JSON.parse(checks[0]?.last_error ?? '{}')).toMatchObject({ key: 'fappTestCannotConnect' });
    const raised = await alertsOf(db);
    const since = (kind: string) =>
      new Date(Number(checks.find((r) => r.kind === kind)?.failing_since)).toISOString();
    expect(
      raised.map((alert) => [alert.subject, alert.state, alert.legacy_id, alert.job_instance_no]),
    ).toEqual([
      [`api|FAPP01|${since('api')}`, 'open', null, null],
      [`sftp|SFTP01|${since('sftp')}`, 'open', null, null],
    ]);
    expect(await deliveriesOf(db)).toHaveLength(2);
    const unreachableLines = await logOf(db);
    expect(unreachableLines.map((line) => line.log_type)).toEqual(['ERROR', 'ERROR']);
    expect(unreachableLines.map((line) => line.message).join('\n')).toMatch(
      /function server FAPP01 \(http:\/\/127\.0\.0\.1:\d+\/api\) is unreachable since .*2 connection checks in a row failed/,
    );

    // A third failed check, on either node: nothing more.
    await b.pass(0);
    expect(await alertsOf(db)).toHaveLength(2);
    expect(await deliveriesOf(db)).toHaveLength(2);
    expect(await logOf(db)).toHaveLength(2);

    // The webhook receives the summary: the server's kind, id and address, never its password.
    const deliverer = createAlertDeliverer({
      config: { timeZone: 'Asia/Bangkok', basePath: '/', smtp: undefined },
      db,
      masterKey: scene.masterKey,
      nodeId: 'node-a',
      onError: (error) => errors.push(error),
    });
    expect(await deliverer.deliverDue()).toBe(2);
    const bodies = scene.receiver.received.map(
      (post) => JSON.parse(post.body) as { summary: string; type: string },
    );
    expect(bodies.map((body) => body.type)).toEqual(['SERVER_UNREACHABLE', 'SERVER_UNREACHABLE']);
    expect(bodies.map((body) => body.summary).sort()).toEqual([
      expect.stringMatching(
        /^Function server FAPP01 \(http:\/\/127\.0\.0\.1:\d+\/api\) is unreachable since /,
      ),
      expect.stringMatching(/^sFTP server SFTP01 \(127\.0\.0\.1:\d+\) is unreachable since /),
    ]);
    expect(scene.receiver.received.map((post) => post.body).join()).not.toContain(FAPP_PASSWORD);

    // The function server comes back: reachable after one check, its outage's alert resolved.
    await scene.restartFapp();
    const back = await a.pass(0);
    expect(back.transitions.map((t) => [t.key.kind, t.to])).toEqual([['api', 'REACHABLE']]);
    expect((await alertsOf(db)).map((alert) => [alert.subject.split('|')[0], alert.state])).toEqual([
      ['api', 'resolved'],
      ['sftp', 'open'],
    ]);
    const lines = await logOf(db);
    expect(lines.map((line) => line.log_type)).toEqual(['ERROR', 'ERROR', 'INFO']);
    expect(lines[2]?.message).toMatch(/function server FAPP01 .* is reachable again \(unreachable since /);
    expect((await checksOf(db))[0]).toMatchObject({ state: 'REACHABLE', failures: 0, failing_since: null });

    // A new outage is a new alert (its own start in the subject).
    await scene.fapp.close();
    await b.pass(0);
    await a.pass(0);
    const outages = (await alertsOf(db)).filter((alert) => alert.subject.startsWith('api|'));
    expect(outages.map((alert) => alert.state).sort()).toEqual(['open', 'resolved']);
    expect(errors).toEqual([]);
  });

  it('two nodes check each server once per interval: one takes the lease, the other finds the pass done', async () => {
    shared = await open();
    const { db } = shared;
    scene = await startCheckScene(db, errors);
    const [a, b] = scene.nodes;
    const HOUR = 3_600_000;
    const first = await Promise.all([a.pass(HOUR), b.pass(HOUR)]);
    expect(first.map((outcome) => outcome.ran).sort()).toEqual([false, true]);
    expect(first.find((outcome) => outcome.ran)?.checked).toBe(2);
    // The interval has not passed since that pass finished: neither node checks again.
    const again = await Promise.all([a.pass(HOUR), b.pass(HOUR)]);
    expect(again.map((outcome) => outcome.ran)).toEqual([false, false]);
    expect((await checksOf(db)).map((row) => row.version)).toEqual([1, 1]);

    // Servers down, both nodes passing at once, again and again: one alert per server.
    await scene.fapp.close();
    await scene.sftp?.close();
    scene.sftp = undefined;
    for (let round = 0; round < 3; round += 1) await Promise.all([a.pass(0), b.pass(0)]);
    const rows = await checksOf(db);
    expect(rows.every((row) => row.state === 'UNREACHABLE')).toBe(true);
    expect(await alertsOf(db)).toHaveLength(2);
    expect(await deliveriesOf(db)).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('obeys the outbound rules as the Test button does: a denied address is not reached, and says so', async () => {
    shared = await open();
    const { db } = shared;
    scene = await startCheckScene(db, errors);
    const problems: string[] = [];
    setOutboundPolicy(OutboundPolicy.parse('', '127.0.0.0/8', problems));
    try {
      expect(problems).toEqual([]);
      await scene.nodes[0].pass(0);
      await scene.nodes[1].pass(0);
    } finally {
      setOutboundPolicy(OutboundPolicy.OPEN);
    }
    const rows = await checksOf(db);
    expect(rows.map((row) => [row.kind, row.state])).toEqual([
      ['api', 'UNREACHABLE'],
      ['sftp', 'UNREACHABLE'],
    ]);
    expect(rows.map((row) => (JSON.parse(row.last_error ?? '{}') as { key: string }).key)).toEqual([
      'fappTestNotAllowed',
      'sftpTestNotAllowed',
    ]);
    expect(errors).toEqual([]);
  });

  it('runs on its own when started: the first look, then a pass whenever the interval has passed', async () => {
    shared = await open();
    const { db } = shared;
    scene = await startCheckScene(db, errors);
    const { createServerChecker } = await import('../src/composition/server-checks.js');
    const checker = createServerChecker({
      db,
      masterKey: scene.masterKey,
      nodeId: 'node-loop',
      timeZone: 'Asia/Bangkok',
      settings: { intervalMs: 50, timeoutMs: 3_000, failureThreshold: 2 },
      failed: (error) => errors.push(error),
      firstDelayMs: 0,
      lookEveryMs: 10,
    });
    scene.nodes.push(checker);
    checker.start();
    await eventually(
      async () => (await checksOf(db)).every((row) => row.version >= 2) && (await checksOf(db)).length === 2,
      {
        message: 'two passes of the started checker',
      },
    );
    await checker.stop();
    expect(errors).toEqual([]);
  });
});
