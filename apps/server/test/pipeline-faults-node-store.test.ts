/**
 * LIS issue 14 point 2: nodes with data folders of their own. A run node A started (source backed up
 * and deleted in step 1) and node B took over must be delivered from backups B can read — the
 * database file store (decision 0019) — and a node that cannot read them must stop with a message
 * that says so, keeping the run re-runnable, never fail on a bare ENOENT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import {
  deliveriesOf,
  expectNothingLostOrDoubled,
  inWaitJob,
  sourceScene,
} from './pipeline-faults-harness.js';
import { eventually } from '../src/test-support/eventually.js';
import { killed, LEASE_MS, NODE_TARGETS, NodeKillScene } from './pipeline-faults-nodes.js';

let sshd: OpenSshServer | undefined;
beforeAll(async () => {
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
});
afterAll(async () => {
  await sshd?.stop();
});

describe.skipIf(!canRunOpenSsh()).each(NODE_TARGETS)(
  'nodes with data folders of their own (%s)',
  (_name, open) => {
    let scene: NodeKillScene;
    /** Node A's data folder: not the app's (node B's). */
    let folderA: string;
    beforeEach(async () => {
      scene = await NodeKillScene.create(open, sshd as OpenSshServer);
      folderA = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-node-a-'));
    });
    afterEach(async () => {
      await scene?.close();
      fs.rmSync(folderA, { recursive: true, force: true });
    });

    /** A job whose first call waits; node A runs it until step 2 waits on the function, with the source deleted. */
    async function startOnNodeA(legacyId: string, fileStore: 'database' | 'local') {
      const { app } = scene;
      const contents = { [`${legacyId.toLowerCase()}.csv`]: 'K1,x,1\nK2,y,2\n' };
      const { inbox, outbox, sources } = sourceScene(scene.root, legacyId, contents);
      await app.addJob(legacyId, {
        ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'slowFirstCall' }),
        api_classname: 'Fault',
      });
      const { runId, node } = await scene.runOnChildNode(legacyId, {
        WORKER_DATA_DIR: folderA,
        WORKER_FILE_STORE: fileStore,
      });
      await scene.firstCall;
      expect(await app.stepStatuses(runId)).toEqual({ 1: 'SUCCESS', 5: 'SUCCESS', 2: 'RUNNING' });
      expect(fs.readdirSync(inbox)).toEqual([]);
      return { runId, node, inbox, outbox, sources, fileName: Object.keys(contents)[0] as string };
    }

    it('the database store: node B takes over after step 1 and delivers every file once', async () => {
      const { app } = scene;
      // Both nodes keep backups in the database (the default with DATABASE_URL); B's folder is the app's.
      app.config.fileStore = { kind: 'database' };
      const { runId, node, inbox, outbox, sources, fileName } = await startOnNodeA('SEPARATE', 'database');
      expect(fs.readdirSync(folderA).filter((name) => name === 'files')).toEqual([]);

      const { count } = await scene.killAndTakeOver(runId, node);
      expect(scene.calls.count).toBe(2);
      expect(count('step 1 (load files) started')).toBe(1);
      expect(count('step 2 (call function) started')).toBe(2);
      expect(count('deleted ')).toBe(1);
      expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/${fileName}`]);
      expect(fs.readFileSync(path.join(outbox, 'return_success', fileName), 'utf8')).toBe('K1,x,1\nK2,y,2\n');
      // Neither data folder holds a backup: they are in the database, where both nodes read them.
      expect(fs.existsSync(path.join(app.config.dataDir, 'files'))).toBe(false);
      expect(fs.existsSync(path.join(folderA, 'files'))).toBe(false);
      const stores = await app.db.kysely
        .selectFrom('run_files')
        .select(['list_type', 'blob_store', 'stored_by'])
        .where('run_id', '=', runId)
        .where('list_type', '=', 'source')
        .execute();
      expect(stores).toHaveLength(1);
      expect(stores[0]?.blob_store).toMatch(/^the database/);
      const checked = { app, legacyId: 'SEPARATE', sourceDir: inbox, sources, deleteSource: true };
      await expectNothingLostOrDoubled({ ...checked, returnDirs: [outbox] });
    });

    it('a node that cannot read the backups stops with where they are; a re-run where they are delivers once', async () => {
      const { app } = scene;
      // Each node keeps backups in its own data folder: the set-up of the defect.
      const { runId, node, inbox, outbox, fileName } = await startOnNodeA('UNREADABLE', 'local');
      const victim = (await app.runOf(runId)).lease_owner;
      await killed(node);
      const taker = await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey), {
        leaseMs: LEASE_MS,
        recoveryMs: 250,
      });
      const run = await app.ended(runId);
      expect(run.state).toBe('ERROR');
      expect(run.attempt).toBe(2);
      const step2 = (await app.steps(runId))[2];
      expect(step2?.status).toBe('ERROR');
      const message = step2?.message ?? '';
      expect(message).not.toMatch(/ENOENT/);
      expect(message).toContain(`this node (${taker.nodeId}) cannot read 2 of the run's 2 kept file(s)`);
      // The source backup and the request node A kept before it called the function.
      expect(message).toContain(`: source/${fileName}, api_request/request.json. They are in `);
      expect(message).toContain(`the local folder ${path.join(folderA, 'files')}`);
      expect(message).toContain(`written by node ${victim}`);
      expect(message).toContain('re-run step 2');
      expect(run.message).toBe(`step 2 (call function): ${message}`.slice(0, 2000));
      // Nothing called, nothing delivered; the backup is where node A left it.
      expect(scene.calls.count).toBe(1);
      expect(await deliveriesOf(app, runId)).toEqual([]);
      expect(fs.readdirSync(inbox)).toEqual([]);
      const [source] = await app.db.kysely
        .selectFrom('run_files')
        .select('blob_key')
        .where('run_id', '=', runId)
        .where('list_type', '=', 'source')
        .execute();
      expect(fs.readFileSync(path.join(folderA, 'files', source?.blob_key ?? ''), 'utf8')).toBe(
        'K1,x,1\nK2,y,2\n',
      );

      // Node A comes back (a node that reads its folder): the re-run of step 2 delivers, once.
      await app.stopWorkers();
      await app.startWorker(
        createPipelineHandler({ dataDir: folderA, smtp: undefined }, app.db, app.masterKey, {
          stableIntervalMs: 100,
        }),
        { leaseMs: LEASE_MS },
      );
      const again = await app.rerunStep(run, 2);
      expect(again.state, again.message ?? '').toBe('FINISHED');
      expect(scene.calls.count).toBe(2);
      expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-a:${outbox}/return_success/${fileName}`]);
      expect(fs.readFileSync(path.join(outbox, 'return_success', fileName), 'utf8')).toBe('K1,x,1\nK2,y,2\n');
      await eventually(async () => !Object.values(await app.stepStatuses(runId)).includes('RUNNING'), {
        timeout: 30_000,
        message: 'no step left running',
      });
    });
  },
);
