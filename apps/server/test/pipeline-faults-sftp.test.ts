import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { startCuttableProxy, type CuttableProxy } from '../src/adapters/sftp/tcp-proxy-test-support.js';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
import type { PipelineSettings } from '../src/engine/pipeline/pipeline-context.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../src/test-support/test-database.js';
import {
  API_PASSWORD,
  API_USER,
  bigCsv,
  deliveriesOf,
  expectNothingLostOrDoubled,
  FaultApp,
  inWaitJob,
  partialFileIn,
  sha256,
} from './pipeline-faults-harness.js';
import { startSlowForwarder, type SlowForwarder } from './pipeline-faults-network.js';

/** Slow enough that a few-MB transfer is still under way when the test cuts the link. */
const LINK_BYTES_PER_SECOND = 1_500_000;
const BIG_LINES = 1_500;
const BIG_WIDTH = 2_000;

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

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('sFTP faults of the pipeline (%s)', (kind) => {
  let database: TestDatabase;
  let app: FaultApp;
  let root: string;
  let cuttable: CuttableProxy | undefined;
  let slow: SlowForwarder | undefined;
  const server = () => sshd as OpenSshServer;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await FaultApp.create(database.db);
    root = fs.mkdtempSync('/tmp/lis-faults-sftp-');
    fs.chmodSync(root, 0o755);
    await app.saveSftpServer('sftp-direct', server());
    await app.saveApiServer('fapp-a', fapp.url);
  });
  afterEach(async () => {
    await app.stopWorkers();
    await slow?.close();
    await cuttable?.close();
    slow = undefined;
    cuttable = undefined;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const startWorker = (overrides: Partial<PipelineSettings> = {}) =>
    app.startWorker(
      createPipelineHandler(app.config, app.db, app.masterKey, {
        stableIntervalMs: 100,
        sftpBackoffMs: 50,
        ...overrides,
      }),
    );

  /** A server saved with a cuttable, slowed link to the real sshd. */
  async function saveCuttableServer(id: string): Promise<CuttableProxy> {
    cuttable = await startCuttableProxy(server().port);
    slow = await startSlowForwarder(cuttable.port, LINK_BYTES_PER_SECOND);
    await app.saveSftpServer(id, server(), slow.port);
    return cuttable;
  }

  function folders(name: string) {
    const inbox = path.join(root, `${name}-in`);
    const outbox = path.join(root, `${name}-out`);
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    return { inbox, outbox };
  }

  it('a connection cut mid-download is retried; the run finishes, each file loaded and delivered once', async () => {
    const proxy = await saveCuttableServer('sftp-cut-down');
    const { inbox, outbox } = folders('cut-down');
    const big = bigCsv(BIG_LINES, BIG_WIDTH, 'D');
    fs.writeFileSync(path.join(inbox, 'big.csv'), big);
    fs.writeFileSync(path.join(inbox, 'a.csv'), 'S1,x,1\n');
    await app.addJob('CUT-DOWN', {
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-cut-down',
      sftp_source_path: inbox,
      sftp_source_isdeletesource: 'Y',
      sftp_return_server_id: 'sftp-direct',
      sftp_return_path: outbox,
      api_serverid: 'fapp-a',
      api_classname: 'Demo',
      api_function_name: 'echo',
    });
    await startWorker();
    const runId = await app.queueRun('CUT-DOWN', 'IN_WAIT');
    // a.csv is backed up and deleted; the scratch download of big.csv (`.{random}.lis-part-…`) is
    // partly written: cut.
    const partial = await partialFileIn(path.join(app.config.dataDir, 'tmp', runId), /lis-part-/, 64 * 1024);
    expect(partial).toBeLessThan(big.length);
    proxy.cutAll();

    const run = await app.ended(runId);
    expect(run.state, run.message ?? '').toBe('FINISHED');
    expect(proxy.connections).toBeGreaterThanOrEqual(2);
    const log = await app.systemLog(run);
    expect(log).toEqual(expect.arrayContaining([expect.stringMatching(/^sFTP source failed \(.*\); try 2/)]));
    const downloads = log.filter((line) => line.startsWith('downloaded '));
    expect(downloads.map((line) => /\/([^/]+) \(/.exec(line)?.[1])).toEqual(['a.csv', 'big.csv']);
    expect((await app.steps(runId))[1]?.message).toBe('2 file(s) loaded: a.csv, big.csv');
    expect(await deliveriesOf(app, runId)).toEqual([
      `sftp:sftp-direct:${outbox}/return_success/a.csv`,
      `sftp:sftp-direct:${outbox}/return_success/big.csv`,
    ]);
    expect(sha256(fs.readFileSync(path.join(outbox, 'return_success', 'big.csv')))).toBe(sha256(big));
    expect(fs.readdirSync(inbox)).toEqual([]);
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'CUT-DOWN',
      sourceDir: inbox,
      sources: new Map([
        ['big.csv', sha256(big)],
        ['a.csv', sha256('S1,x,1\n')],
      ]),
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('a connection cut mid-upload is retried; the result is delivered once, never half under its name', async () => {
    const proxy = await saveCuttableServer('sftp-cut-up');
    const { inbox, outbox } = folders('cut-up');
    const big = bigCsv(BIG_LINES, BIG_WIDTH, 'U');
    fs.writeFileSync(path.join(inbox, 'big.csv'), big);
    await app.addJob('CUT-UP', {
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-direct',
      sftp_source_path: inbox,
      sftp_source_isdeletesource: 'N',
      sftp_return_server_id: 'sftp-cut-up',
      sftp_return_path: outbox,
      api_serverid: 'fapp-a',
      api_classname: 'Demo',
      api_function_name: 'echo',
    });
    await startWorker();
    const runId = await app.queueRun('CUT-UP', 'IN_WAIT');
    // The upload's temporary name `.big.csv.lis-part-…` on the return server is partly written: cut.
    const partial = await partialFileIn(outbox, /^\.big\.csv\.lis-part-/, 64 * 1024);
    expect(partial).toBeLessThan(big.length);
    proxy.cutAll();

    const run = await app.ended(runId);
    expect(run.state, run.message ?? '').toBe('FINISHED');
    const log = await app.systemLog(run);
    expect(log).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^sFTP return failed \(uploading .*\/big\.csv .*\); try 2/),
      ]),
    );
    expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-cut-up:${outbox}/return_success/big.csv`]);
    // The cut upload's temporary file is removed by the step itself (it used to stay for an hour).
    expect(fs.readdirSync(path.join(outbox, 'return_success'))).toEqual(['big.csv']);
    expect(log).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^removed .*\/\.big\.csv\.lis-part-[0-9a-f]{12}, left by an upload cut short$/),
      ]),
    );
    expect(sha256(fs.readFileSync(path.join(outbox, 'return_success', 'big.csv')))).toBe(sha256(big));
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'CUT-UP',
      sourceDir: inbox,
      sources: new Map([['big.csv', sha256(big)]]),
      deleteSource: false,
      returnDirs: [outbox],
    });
  });

  it('a source file still growing is skipped by the run and taken whole by the next', async () => {
    const { inbox, outbox } = folders('growing');
    fs.writeFileSync(path.join(inbox, 'stable.csv'), 'S1,x,1\n');
    const growing = path.join(inbox, 'growing.csv');
    fs.writeFileSync(growing, 'G0,x,0\n');
    await app.addJob('GROWING', {
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-direct',
      sftp_source_path: inbox,
      sftp_source_isdeletesource: 'Y',
      sftp_return_server_id: 'sftp-direct',
      sftp_return_path: outbox,
      api_serverid: 'fapp-a',
      api_classname: 'Demo',
      api_function_name: 'echo',
    });
    await startWorker({ stableIntervalMs: 1_000 });
    // A writer appends a line every 100 ms for as long as the first run lasts.
    let line = 1;
    const writer = setInterval(() => fs.appendFileSync(growing, `G${line++},x,${line}\n`), 100);
    let first;
    try {
      first = await app.runNow('GROWING', 'IN_WAIT');
    } finally {
      clearInterval(writer);
    }
    expect(first.state, first.message ?? '').toBe('FINISHED');
    const firstFiles = await app.db.kysely
      .selectFrom('run_files')
      .select('file_name')
      .where('run_id', '=', first.id)
      .where('list_type', '=', 'source')
      .execute();
    expect(firstFiles.map((file) => file.file_name)).toEqual(['stable.csv']);
    expect(fs.readdirSync(inbox)).toEqual(['growing.csv']);

    const whole = fs.readFileSync(growing);
    const second = await app.runNow('GROWING', 'IN_WAIT');
    expect(second.state, second.message ?? '').toBe('FINISHED');
    const taken = await app.db.kysely
      .selectFrom('run_files')
      .select(['file_name', 'sha256', 'size'])
      .where('run_id', '=', second.id)
      .where('list_type', '=', 'source')
      .execute();
    expect(taken.map((file) => [file.file_name, file.sha256, Number(file.size)])).toEqual([
      ['growing.csv', sha256(whole), whole.length],
    ]);
    expect(sha256(fs.readFileSync(path.join(outbox, 'return_success', 'growing.csv')))).toBe(sha256(whole));
    await expectNothingLostOrDoubled({
      app,
      legacyId: 'GROWING',
      sourceDir: inbox,
      sources: new Map([
        ['stable.csv', sha256('S1,x,1\n')],
        ['growing.csv', sha256(whole)],
      ]),
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('a node that lost its lease when its sFTP link drops: stops without crashing, the next claim finishes the run', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const proxy = await saveCuttableServer('sftp-lease');
      const big = bigCsv(1_500, 2_000, 'L');
      const { inbox, outbox } = folders('lease-lost');
      fs.writeFileSync(path.join(inbox, 'big.csv'), big);
      await app.addJob('LEASE-LOST', {
        ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-direct', fn: 'echo' }),
        sftp_source_server_id: 'sftp-lease',
      });
      await app.startWorker(
        createPipelineHandler(app.config, app.db, app.masterKey, {
          stableIntervalMs: 100,
          sftpBackoffMs: 50,
        }),
        { recoveryMs: 250 },
      );
      const runId = await app.queueRun('LEASE-LOST', 'IN_WAIT');
      await partialFileIn(path.join(app.config.dataDir, 'tmp', runId), /lis-part-/, 64 * 1024);
      // Another node took the run over (this one's lease ran out unseen), then the link drops.
      await app.db.kysely
        .updateTable('job_runs')
        .set({ lease_owner: 'another-node', lease_until: Date.now() + 1_000 })
        .where('id', '=', runId)
        .execute();
      proxy.cutAll();

      const run = await app.ended(runId, 40_000);
      expect(run.state, run.message ?? '').toBe('FINISHED');
      expect(run.attempt).toBe(2);
      const log = await app.systemLog(run);
      expect(log.some((line) => line.startsWith('lease of node another-node expired'))).toBe(true);
      expect(log.filter((line) => line.startsWith('downloaded '))).toHaveLength(1);
      expect(await deliveriesOf(app, runId)).toEqual([`sftp:sftp-direct:${outbox}/return_success/big.csv`]);
      await expectNothingLostOrDoubled({
        app,
        legacyId: 'LEASE-LOST',
        sourceDir: inbox,
        sources: new Map([['big.csv', sha256(big)]]),
        deleteSource: true,
        returnDirs: [outbox],
      });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
