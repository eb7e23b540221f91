import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { LocalBlobStore, type BlobStore, type StoredBlob } from '../src/engine/files/blob-store.js';
import { blobRoot, createPipelineHandler } from '../src/composition/create-pipeline.js';
import { DEFAULT_PIPELINE_SETTINGS } from '../src/engine/pipeline/pipeline-context.js';
import { PipelineJobLoader } from '../src/modules/server-config/pipeline-job-loader.js';
import { PipelineHandler } from '../src/engine/pipeline/pipeline.handler.js';
import { SecretBox } from '../src/modules/secrets/secret-box.js';
import { ServerConfigRepository } from '../src/modules/server-config/server-config.repository.js';
import { DelegatingBlobStore } from '../src/test-support/delegating-blob-store.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../src/test-support/test-database.js';
import {
  API_PASSWORD,
  API_USER,
  deliveriesOf,
  expectNothingLostOrDoubled,
  FaultApp,
  inWaitJob,
  sourceScene,
} from './pipeline-faults-harness.js';
import { peerClients } from '../src/composition/peer-clients.js';
import { createTransferTargets } from '../src/composition/transfer-targets.js';

/** A full disk: every put whose key `fills` matches fails with ENOSPC, as fs does; the rest go through. */
class FullDiskBlobStore extends DelegatingBlobStore {
  refused = 0;
  constructor(
    store: BlobStore,
    private readonly fills: (key: string) => boolean,
  ) {
    super(store);
  }
  override put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob> {
    if (!this.fills(key)) return this.store.put(key, content, signal);
    this.refused += 1;
    if ('destroy' in content) content.destroy();
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
    return Promise.reject(error);
  }
}

const FAST = { stableIntervalMs: 100, sftpBackoffMs: 50 };

let fapp: ReferenceFunctionServer;
let sshd: OpenSshServer | undefined;

beforeAll(async () => {
  fapp = await createReferenceFunctionServer({ username: API_USER, password: API_PASSWORD });
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
});
afterAll(async () => {
  await fapp?.close();
  await sshd?.stop();
});

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('a full file store (%s)', (kind) => {
  let database: TestDatabase;
  let app: FaultApp;
  let root: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await FaultApp.create(database.db);
    root = fs.mkdtempSync('/tmp/lis-faults-disk-');
    fs.chmodSync(root, 0o755);
    await app.saveSftpServer('sftp-a', sshd as OpenSshServer);
    await app.saveApiServer('fapp-a', fapp.url);
  });
  afterEach(async () => {
    await app.stopWorkers();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** The pipeline as create-pipeline.ts builds it, over a store whose disk is full for `fills`. */
  function fullDiskPipeline(fills: (key: string) => boolean, fileConcurrency?: number) {
    const blobs = new FullDiskBlobStore(new LocalBlobStore(blobRoot(app.config)), fills);
    const handler = new PipelineHandler({
      db: app.db,
      blobs,
      loader: new PipelineJobLoader(new ServerConfigRepository(app.db.kysely), new SecretBox(app.masterKey)),
      targets: createTransferTargets(peerClients),
      peers: peerClients,
      settings: {
        ...DEFAULT_PIPELINE_SETTINGS,
        scratchDir: path.join(app.config.dataDir, 'tmp'),
        smtpConfigured: false,
        ...FAST,
        ...(fileConcurrency === undefined ? {} : { fileConcurrency }),
      },
    });
    return { blobs, handler };
  }

  it('full from the start: step 1 ERROR naming every file, the sources untouched (no backup, no delete), nothing delivered', async () => {
    const { inbox, outbox, sources } = sourceScene(root, 'FULL-1', {
      'd1.csv': 'D1,x,1\n',
      'd2.csv': 'D2,y,2\n',
    });
    await app.addJob('FULL-1', inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }));
    const full = fullDiskPipeline(() => true);
    await app.startWorker(full.handler);
    const run = await app.runNow('FULL-1', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('ERROR');
    const steps = await app.steps(run.id);
    expect(Object.keys(steps).sort()).toEqual(['1', '6']);
    // Each file is tried on its own: both are named, with what an operator can act on.
    expect(steps[1]?.status).toBe('ERROR');
    for (const name of ['d1.csv', 'd2.csv'])
      expect(steps[1]?.message).toContain(
        `${name} (its backup could not be written: the disk of the file store is full (ENOSPC: no space left on device, write))`,
      );
    expect(steps[1]?.message).toMatch(/^no file could be taken: /);
    expect(full.blobs.refused).toBe(2);
    expect(fs.readdirSync(inbox).sort()).toEqual(['d1.csv', 'd2.csv']);
    const ledger = await app.db.kysely
      .selectFrom('run_files')
      .select('seq')
      .where('run_id', '=', run.id)
      .execute();
    expect(ledger).toEqual([]);
    expect((await app.blobs.list('')).filter((key) => key.includes(run.job_instance_no))).toEqual([]);
    expect(fs.readdirSync(path.join(app.config.dataDir, 'tmp'))).not.toContain(run.id);
    expect(fs.readdirSync(outbox)).toEqual([]);
    expect((await app.systemLog(run)).some((line) => line.startsWith('deleted '))).toBe(false);
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'FULL-1',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('full for the second file (one file at a time): the first is taken and delivered, the second stays at the source, named in a WARNING', async () => {
    const { inbox, outbox, sources } = sourceScene(root, 'FULL-2', {
      'e1.csv': 'E1,x,1\n',
      'e2.csv': 'E2,y,2\n',
    });
    await app.addJob('FULL-2', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }),
      criteria_stopif_mainstatus_warning: 'N',
    });
    await app.startWorker(fullDiskPipeline((key) => key.endsWith('/source/e2.csv'), 1).handler);
    const run = await app.runNow('FULL-2', 'IN_WAIT');
    // Before: the run ended ERROR at step 1 with e1.csv deleted from the source and never delivered.
    expect(run.state, run.message ?? '').toBe('WARNING');
    const step1 = (await app.steps(run.id))[1];
    expect(step1?.status).toBe('WARNING');
    expect(step1?.message).toMatch(
      /^1 file\(s\) loaded: e1\.csv; left at the source: e2\.csv \(its backup could not be written: the disk of the file store is full/,
    );
    expect(await app.stepStatuses(run.id)).toEqual({
      1: 'WARNING',
      5: 'SUCCESS',
      2: 'SUCCESS',
      3: 'SUCCESS',
      4: 'SUCCESS',
      6: 'SKIPPED',
    });
    expect(fs.readdirSync(inbox)).toEqual(['e2.csv']);
    expect(await deliveriesOf(app, run.id)).toEqual([`sftp:sftp-a:${outbox}/return_success/e1.csv`]);
    expect(
      (await app.systemLog(run)).some((line) =>
        line.startsWith('left at the source, not taken by this run: e2.csv'),
      ),
    ).toBe(true);
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'FULL-2',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('full for one file of several loaded at once: every other is taken and delivered once, the failing one stays untouched', async () => {
    const names = ['g1.csv', 'g2.csv', 'g3.csv', 'g4.csv', 'g5.csv', 'g6.csv'];
    const { inbox, outbox, sources } = sourceScene(
      root,
      'FULL-2C',
      Object.fromEntries(names.map((name, i) => [name, `G${i},x,${i}\n`])),
    );
    await app.addJob('FULL-2C', inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }));
    await app.startWorker(fullDiskPipeline((key) => key.endsWith('/source/g4.csv'), 3).handler);
    const run = await app.runNow('FULL-2C', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('WARNING');
    expect((await app.steps(run.id))[1]?.message).toMatch(
      /^5 file\(s\) loaded: g1\.csv, g2\.csv, g3\.csv, g5\.csv, g6\.csv; left at the source: g4\.csv \(its backup could not be written/,
    );
    expect(fs.readdirSync(inbox)).toEqual(['g4.csv']);
    const ledger = await app.db.kysely
      .selectFrom('run_files')
      .select('file_name')
      .where('run_id', '=', run.id)
      .where('list_type', '=', 'source')
      .execute();
    expect(ledger.map((row) => row.file_name).sort()).toEqual(names.filter((name) => name !== 'g4.csv'));
    expect(await deliveriesOf(app, run.id)).toEqual(
      names.filter((name) => name !== 'g4.csv').map((name) => `sftp:sftp-a:${outbox}/return_success/${name}`),
    );
    // The default suspend rule (Suspend When Warning = Y) holds the job for an operator.
    const job = await app.db.kysely
      .selectFrom('job_configs')
      .select('has_suspend')
      .where('legacy_id', '=', 'FULL-2C')
      .executeTakeFirstOrThrow();
    expect(job.has_suspend).toBe('Y');
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'FULL-2C',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('full at step 2 (the API request backup): step 2 ERROR before any call, nothing delivered; re-run delivers once', async () => {
    const { inbox, outbox, sources } = sourceScene(root, 'FULL-2R', { 'q.csv': 'Q1,x,1\n' });
    await app.addJob('FULL-2R', inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }));
    await app.startWorker(fullDiskPipeline((key) => key.includes('/api_request/')).handler);
    const callsBefore = fapp.callCount();
    const run = await app.runNow('FULL-2R', 'IN_WAIT');
    expect(fapp.callCount()).toBe(callsBefore);
    expect(run.state, run.message ?? '').toBe('ERROR');
    expect(run.message).toBe('step 2 (call function): ENOSPC: no space left on device, write');
    expect(await app.stepStatuses(run.id)).toEqual({ 1: 'SUCCESS', 5: 'SUCCESS', 2: 'ERROR', 6: 'SKIPPED' });
    expect(await deliveriesOf(app, run.id)).toEqual([]);

    await app.stopWorkers();
    await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey, FAST));
    const again = await app.rerunStep(run, 2);
    expect(again.state, again.message ?? '').toBe('FINISHED');
    expect(await deliveriesOf(app, run.id)).toEqual([`sftp:sftp-a:${outbox}/return_success/q.csv`]);
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'FULL-2R',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('full at step 3 (the return backup): step 3 ERROR, nothing delivered, the error mail queued; re-run delivers once', async () => {
    const { inbox, outbox, sources } = sourceScene(root, 'FULL-3', { 'r.csv': 'R1,x,1\n' });
    await app.addJob('FULL-3', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }),
      email_error_to: 'ops@example.test',
      email_error_is_active: 'Y',
    });
    await app.startWorker(fullDiskPipeline((key) => key.includes('/return_success/')).handler);
    const run = await app.runNow('FULL-3', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('ERROR');
    expect(run.message).toMatch(/^step 3 \(return files\): .*ENOSPC/);
    const steps = await app.steps(run.id);
    expect(steps[3]?.status).toBe('ERROR');
    expect(steps[4]).toBeUndefined();
    expect(steps[6]?.status).toBe('SUCCESS');
    const mails = await app.db.kysely
      .selectFrom('mail_outbox')
      .select(['condition', 'status'])
      .where('run_id', '=', run.id)
      .execute();
    expect(mails).toEqual([{ condition: 'ERROR', status: 'KEPT' }]);
    expect(await deliveriesOf(app, run.id)).toEqual([]);
    expect(fs.readdirSync(outbox)).toEqual([]);

    // Space is back: re-running step 3 delivers from the function answer's backup, once.
    await app.stopWorkers();
    await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey, FAST));
    const again = await app.rerunStep(run, 3);
    expect(again.state, again.message ?? '').toBe('FINISHED');
    expect(await deliveriesOf(app, run.id)).toEqual([`sftp:sftp-a:${outbox}/return_success/r.csv`]);
    expect(fs.readFileSync(path.join(outbox, 'return_success', 'r.csv'), 'utf8')).toBe('R1,x,1\n');
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'FULL-3',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });
});
