import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { startCuttableProxy, type CuttableProxy } from '../src/adapters/sftp/tcp-proxy-test-support.js';
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

/**
 * Step 1 per file (docs/reliability.md): a file that cannot be taken stays at the source and is named;
 * the files taken go on; a connection lost between a file's backup and its delete leaves the run in
 * ERROR with the file `pending`, and one re-run of step 1 delivers it exactly once.
 */

/** A store that runs `after` once a put of a key matching `when` is durable (to cut the link there). */
class HookedBlobStore extends DelegatingBlobStore {
  constructor(
    store: BlobStore,
    private readonly when: (key: string) => boolean,
    private readonly after: () => Promise<void>,
  ) {
    super(store);
  }
  override async put(key: string, content: Readable | Uint8Array, signal?: AbortSignal): Promise<StoredBlob> {
    const stored = await this.store.put(key, content, signal);
    if (this.when(key)) await this.after();
    return stored;
  }
}

const FAST = { stableIntervalMs: 100, sftpBackoffMs: 50, sftpAttempts: 2 };

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

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('step 1 per file (%s)', (kind) => {
  let database: TestDatabase;
  let app: FaultApp;
  let root: string;
  let proxy: CuttableProxy | undefined;
  const server = () => sshd as OpenSshServer;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await FaultApp.create(database.db);
    root = fs.mkdtempSync('/tmp/lis-faults-step1-');
    fs.chmodSync(root, 0o755);
    await app.saveSftpServer('sftp-a', server());
    await app.saveApiServer('fapp-a', fapp.url);
  });
  afterEach(async () => {
    await app.stopWorkers();
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const plainWorker = () => app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey, FAST));

  /** A worker whose store cuts the sFTP link (and keeps it down) once the backup of `name` is durable. */
  async function cuttingWorker(serverId: string, name: string) {
    const cut = await startCuttableProxy(server().port);
    proxy = cut;
    await app.saveSftpServer(serverId, server(), cut.port);
    const blobs = new HookedBlobStore(
      new LocalBlobStore(blobRoot(app.config)),
      (key) => key.endsWith(`/source/${name}`),
      async () => {
        await cut.close(); // no new connection gets through: every retry fails
        cut.cutAll();
      },
    );
    await app.startWorker(
      new PipelineHandler({
        db: app.db,
        blobs,
        loader: new PipelineJobLoader(
          new ServerConfigRepository(app.db.kysely),
          new SecretBox(app.masterKey),
        ),
        targets: createTransferTargets(peerClients),
        peers: peerClients,
        settings: {
          ...DEFAULT_PIPELINE_SETTINGS,
          scratchDir: path.join(app.config.dataDir, 'tmp'),
          smtpConfigured: false,
          ...FAST,
          fileConcurrency: 1,
        },
      }),
    );
  }

  it('hostile names beside good files: the good ones are delivered, the bad ones stay and are named in a WARNING', async () => {
    const long = `${'l'.repeat(250)}.csv`;
    const hostile = ['partner\\export.csv', 'ctl\u0001name.csv', 'new\nline.csv'];
    const { inbox, outbox, sources } = sourceScene(root, 'NAMES', {
      'good1.csv': 'G1,x,1\n',
      'good2.csv': 'G2,y,2\n',
      ...Object.fromEntries(hostile.map((name, i) => [name, `H${i},z,${i}\n`])),
      [long]: 'L1,w,1\n',
    });
    await app.addJob('NAMES', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }),
      criteria_stopif_mainstatus_warning: 'N',
    });
    await plainWorker();
    const run = await app.runNow('NAMES', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('WARNING');
    const step1 = (await app.steps(run.id))[1];
    expect(step1?.status).toBe('WARNING');
    expect(step1?.message).toContain('left at the source: ');
    expect(step1?.message).toContain(
      'partner\\export.csv (Remote path refused: the path contains a backslash)',
    );
    expect(step1?.message).toContain('(Remote path refused: the path contains a control character)');
    const delivered = await deliveriesOf(app, run.id);
    expect(delivered).toEqual(
      expect.arrayContaining([
        `sftp:sftp-a:${outbox}/return_success/good1.csv`,
        `sftp:sftp-a:${outbox}/return_success/good2.csv`,
      ]),
    );
    const stillThere = fs.readdirSync(inbox);
    for (const name of hostile) expect(stillThere).toContain(name);
    expect(stillThere).not.toContain('good1.csv');
    expect(stillThere).not.toContain('good2.csv');
    // The 254-byte name is a legal name: it is taken and delivered, or — if a temporary name built on
    // it is too long somewhere — left at the source and named. Never lost.
    if (stillThere.includes(long)) expect(step1?.message).toContain(long.slice(0, 40));
    const ledger = await app.db.kysely
      .selectFrom('run_files')
      .select('file_name')
      .where('run_id', '=', run.id)
      .where('list_type', '=', 'source')
      .execute();
    for (const row of ledger) expect(hostile).not.toContain(row.file_name);
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'NAMES',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('only a hostile name: the run ends WARNING with nothing called, and the job is suspended by default', async () => {
    const { inbox, outbox, sources } = sourceScene(root, 'ONLYBAD', { 'a\\b.csv': 'A,b,1\n' });
    await app.addJob('ONLYBAD', inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }));
    await plainWorker();
    const calls = fapp.callCount();
    const run = await app.runNow('ONLYBAD', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('WARNING');
    expect((await app.steps(run.id))[1]?.message).toBe(
      'No file taken; left at the source: a\\b.csv (Remote path refused: the path contains a backslash)',
    );
    expect(fapp.callCount()).toBe(calls);
    expect(fs.readdirSync(inbox)).toEqual(['a\\b.csv']);
    const job = await app.db.kysely
      .selectFrom('job_configs')
      .select('has_suspend')
      .where('legacy_id', '=', 'ONLYBAD')
      .executeTakeFirstOrThrow();
    expect(job.has_suspend).toBe('Y');
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'ONLYBAD',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('the link lost between a backup and its delete: step 1 ERROR with the file pending; re-running step 1 delivers it once', async () => {
    const { inbox, outbox, sources } = sourceScene(root, 'PENDING', {
      'p1.csv': 'P1,x,1\n',
      'p2.csv': 'P2,y,2\n',
    });
    await cuttingWorker('sftp-cut-1', 'p1.csv');
    await app.addJob('PENDING', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-cut-1', fn: 'echo' }),
      sftp_return_server_id: 'sftp-a',
    });
    const run = await app.runNow('PENDING', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('ERROR');
    const step1 = (await app.steps(run.id))[1];
    expect(step1?.status).toBe('ERROR');
    expect(step1?.message).toContain(
      '1 file(s) are backed up but not yet seen deleted at the source: p1.csv',
    );
    expect(step1?.message).toContain('Re-run step 1');
    // Still at the source (the delete never reached the server), and not delivered.
    expect(fs.readdirSync(inbox).sort()).toEqual(['p1.csv', 'p2.csv']);
    expect(await deliveriesOf(app, run.id)).toEqual([]);

    // The link is back: one re-run of step 1 settles p1 (same bytes at the source: deleted now), takes
    // p2, and delivers both once.
    await app.stopWorkers();
    await app.updateJob('PENDING', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }),
    });
    await plainWorker();
    const again = await app.rerunStep(run, 1);
    expect(again.state, again.message ?? '').toBe('FINISHED');
    expect(await deliveriesOf(app, run.id)).toEqual([
      `sftp:sftp-a:${outbox}/return_success/p1.csv`,
      `sftp:sftp-a:${outbox}/return_success/p2.csv`,
    ]);
    expect(fs.readdirSync(inbox)).toEqual([]);
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'PENDING',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('a pending file another run took meanwhile: the re-run of step 1 lets it go (delivered once, by the other run)', async () => {
    const { inbox, outbox, sources } = sourceScene(root, 'PENDING2', { 'q1.csv': 'Q1,x,1\n' });
    await cuttingWorker('sftp-cut-2', 'q1.csv');
    await app.addJob('PENDING2', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-cut-2', fn: 'echo' }),
      sftp_return_server_id: 'sftp-a',
    });
    const first = await app.runNow('PENDING2', 'IN_WAIT');
    expect(first.state, first.message ?? '').toBe('ERROR');
    await app.stopWorkers();
    await app.updateJob('PENDING2', {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'echo' }),
    });
    await plainWorker();

    const second = await app.runNow('PENDING2', 'IN_WAIT');
    expect(second.state, second.message ?? '').toBe('FINISHED');
    expect(await deliveriesOf(app, second.id)).toEqual([`sftp:sftp-a:${outbox}/return_success/q1.csv`]);

    const again = await app.rerunStep(first, 1);
    expect(await deliveriesOf(app, first.id)).toEqual([]);
    expect(again.message).toMatch(/taken by run /);
    const firstFiles = await app.db.kysely
      .selectFrom('run_files')
      .select('file_name')
      .where('run_id', '=', first.id)
      .execute();
    expect(firstFiles).toEqual([]);
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'PENDING2',
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });
});
