import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import {
  bigCsv,
  deliveriesOf,
  expectNothingLostOrDoubled,
  inWaitJob,
  partialFileIn,
  sourceScene,
} from './pipeline-faults-harness.js';
import { NODE_TARGETS, NodeKillScene } from './pipeline-faults-nodes.js';

let sshd: OpenSshServer | undefined;
beforeAll(async () => {
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
});
afterAll(async () => {
  await sshd?.stop();
});

describe.skipIf(!canRunOpenSsh()).each(NODE_TARGETS)('a worker node killed mid-run (%s)', (_name, open) => {
  let scene: NodeKillScene;
  beforeEach(async () => {
    scene = await NodeKillScene.create(open, sshd as OpenSshServer);
  });
  afterEach(async () => {
    await scene?.close();
  });

  it('while step 2 waits: another worker takes the run over after the lease, continues after step 1, delivers once', async () => {
    const { app } = scene;
    const { inbox, outbox, sources } = sourceScene(scene.root, 'KILLED', { 'k.csv': 'K1,x,1\nK2,y,2\n' });
    await app.addJob('KILLED', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'slowFirstCall' }),
      api_classname: 'Fault',
    });
    const { runId, node } = await scene.runOnChildNode('KILLED');
    // Step 2 waits on the function: steps 1 and 5 are done, the source backed up and deleted.
    await scene.firstCall;
    expect(await app.stepStatuses(runId)).toEqual({ 1: 'SUCCESS', 5: 'SUCCESS', 2: 'RUNNING' });
    expect(fs.readdirSync(inbox)).toEqual([]);

    const { count } = await scene.killAndTakeOver(runId, node);
    expect(scene.calls.count).toBe(2);
    expect(count('step 1 (load files) started')).toBe(1);
    expect(count('step 5 (conversion) started')).toBe(1);
    expect(count('step 2 (call function) started')).toBe(2);
    expect(count('downloaded ')).toBe(1);
    expect(count('deleted ')).toBe(1);
    const backups = await app.db.kysely
      .selectFrom('run_files')
      .select(['file_name', 'sha256'])
      .where('run_id', '=', runId)
      .where('list_type', '=', 'source')
      .execute();
    expect(backups).toEqual([{ file_name: 'k.csv', sha256: sources.get('k.csv') }]);
    expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/k.csv`]);
    expect(fs.readFileSync(path.join(outbox, 'return_success', 'k.csv'), 'utf8')).toBe('K1,x,1\nK2,y,2\n');
    const checked = { app, legacyId: 'KILLED', sourceDir: inbox, sources, deleteSource: true };
    await expectNothingLostOrDoubled({ ...checked, returnDirs: [outbox] });
  });

  it('while a function that goes on without its caller runs (step 2): the taker repeats the call with the same key and gets the first answer — the function ran once', async () => {
    const { app, fapp, post } = scene;
    const { inbox, outbox, sources } = sourceScene(scene.root, 'KILLED-2', { 'p.csv': 'P1,x,1\n' });
    await app.addJob('KILLED-2', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'postOnce' }),
      api_classname: 'Fault',
    });
    const { runId, node } = await scene.runOnChildNode('KILLED-2');
    await post.started;
    const key = /with idempotency key ([0-9a-f]{64})$/.exec(
      (await app.systemLog(await app.runOf(runId))).find((line) => line.startsWith('step 2 calls ')) ?? '',
    )?.[1];
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // The taker's call arrives while the first execution still runs (409, repeated); then it completes.
    const released = eventually(
      () => (fapp.idempotencyRecord('Fault', 'postOnce', key ?? '')?.conflicts ?? 0) > 0,
      { timeout: 30_000, message: 'the taker to repeat the call' },
    ).then(() => post.release());

    const { run, count } = await scene.killAndTakeOver(runId, node);
    await released;
    expect(post.executions).toBe(1);
    expect(fapp.idempotencyRecord('Fault', 'postOnce', key ?? '')).toMatchObject({
      state: 'answered',
      executions: 1,
      replays: 1,
    });
    expect(count('step 2 (call function) started')).toBe(2);
    const keys = (await app.systemLog(run)).filter((line) => line.startsWith('step 2 calls '));
    expect(keys.map((line) => line.slice(-64))).toEqual([key, key]);
    expect((await app.steps(runId))[2]?.message).toMatch(/^posted by execution 1 /);
    expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/p.csv`]);
    const checked = { app, legacyId: 'KILLED-2', sourceDir: inbox, sources, deleteSource: true };
    await expectNothingLostOrDoubled({ ...checked, returnDirs: [outbox] });
  });

  it('mid-download (step 1): the taker downloads the source again, backs it up once, deletes it after, delivers once', async () => {
    await scene.saveSlowSftpServer('sftp-slow');
    const big = bigCsv(1_500, 2_000, 'N');
    const { app } = scene;
    const { inbox, outbox, sources } = sourceScene(scene.root, 'KILLED-1', { 'big.csv': big });
    await app.addJob('KILLED-1', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }),
      sftp_source_server_id: 'sftp-slow',
    });
    const { runId, node } = await scene.runOnChildNode('KILLED-1');
    await partialFileIn(path.join(app.config.dataDir, 'tmp', runId), /lis-part-/, 64 * 1024);
    expect(await app.stepStatuses(runId)).toEqual({ 1: 'RUNNING' });

    const { count } = await scene.killAndTakeOver(runId, node);
    expect(count('step 1 (load files) started')).toBe(2);
    expect(count('downloaded ')).toBe(1);
    expect(count('deleted ')).toBe(1);
    expect(fs.readdirSync(inbox)).toEqual([]);
    expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/big.csv`]);
    expect(fs.existsSync(path.join(app.config.dataDir, 'tmp', runId))).toBe(false);
    const checked = { app, legacyId: 'KILLED-1', sourceDir: inbox, sources, deleteSource: true };
    await expectNothingLostOrDoubled({ ...checked, returnDirs: [outbox] });
  });
});
