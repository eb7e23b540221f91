import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

describe.skipIf(!canRunOpenSsh()).each(NODE_TARGETS)(
  'a worker node killed mid-delivery (%s)',
  (_name, open) => {
    let scene: NodeKillScene;
    beforeEach(async () => {
      scene = await NodeKillScene.create(open, sshd as OpenSshServer);
    });
    afterEach(async () => {
      await scene?.close();
    });

    it('mid-delivery (step 3): the taker delivers only what was not delivered, nothing twice', async () => {
      await scene.saveSlowSftpServer('sftp-slow');
      const big = bigCsv(1_500, 2_000, 'M');
      const { app } = scene;
      const { inbox, outbox, sources } = sourceScene(scene.root, 'KILLED-3', {
        'a.csv': 'A1,x,1\n',
        'big.csv': big,
      });
      await app.addJob('KILLED-3', {
        ...inWaitJob({ inbox, outbox, deleteSource: false, sftp: 'sftp-a', fn: 'echo' }),
        sftp_return_server_id: 'sftp-slow',
      });
      // One file at a time, so a.csv surely is delivered before big.csv starts: several at once share
      // the slowed link and a.csv's bytes would queue behind big.csv's (the ledger logic is the same).
      const { runId, node } = await scene.runOnChildNode('KILLED-3', { WORKER_FILE_CONCURRENCY: '1' });
      // a.csv is delivered; big.csv is being written under its temporary name: kill the node.
      await partialFileIn(outbox, /^\.big\.csv\.lis-part-/, 64 * 1024);
      expect(await app.stepStatuses(runId)).toMatchObject({ 2: 'SUCCESS', 3: 'RUNNING' });
      expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-slow:${outbox}/return_success/a.csv`]);

      const { run, count } = await scene.killAndTakeOver(runId, node);
      expect(count('step 2 (call function) started')).toBe(1);
      expect(count('step 3 (return files) started')).toBe(2);
      expect(count(`delivered ${outbox}/return_success/a.csv `)).toBe(1);
      expect(count(`delivered ${outbox}/return_success/big.csv `)).toBe(1);
      expect((await app.steps(run.id))[3]?.message).toBe('1 file(s) delivered, 1 already delivered before');
      expect(await deliveriesOf(app, runId)).toEqual([
        `sftp:sftp-slow:${outbox}/return_success/a.csv`,
        `sftp:sftp-slow:${outbox}/return_success/big.csv`,
      ]);
      const checked = { app, legacyId: 'KILLED-3', sourceDir: inbox, sources, deleteSource: false };
      await expectNothingLostOrDoubled({ ...checked, returnDirs: [outbox] });
    });
  },
);
