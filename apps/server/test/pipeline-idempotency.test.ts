/**
 * LIS issue 14 point 3: a function must not run twice for one run. A call that outlived its time limit,
 * then a re-run of step 2, sends the same idempotency key; the reference function server answers the
 * repeat with the first answer instead of running the function again. The time limit is the API
 * server's `api_timeout_seconds`.
 */
import fs from 'node:fs';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import type { ReferenceFunction } from '../../../tools/reference-function-server/function-contract.js';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
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
  type RunRow,
} from './pipeline-faults-harness.js';

/** A gate the test opens: a function waiting on it stalls until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * `Test/post`: like a function that posts documents to an ERP — it does not stop when LIS hangs up,
 * counts its executions per job instance and answers which execution it was.
 */
const executions = new Map<string, number>();
let stall = gate();
const postFunction: ReferenceFunction = {
  description: 'posts the files once (test)',
  run: async (request) => {
    const count = (executions.get(request.job_instance_no) ?? 0) + 1;
    executions.set(request.job_instance_no, count);
    await stall.opened;
    return {
      status: 'success',
      message: `posted by execution ${count}`,
      files: request.files.map((file) => ({
        file_name: file.file_name,
        content_base64: file.content_base64,
        kind: 'success' as const,
      })),
      results: [],
    };
  },
};

let fapp: ReferenceFunctionServer;
/** Demo/slow answers after 2 s here. */
let slowFapp: ReferenceFunctionServer;
let sshd: OpenSshServer | undefined;

beforeAll(async () => {
  fapp = await createReferenceFunctionServer({
    username: API_USER,
    password: API_PASSWORD,
    functions: { 'Test/post': postFunction },
  });
  slowFapp = await createReferenceFunctionServer({
    username: API_USER,
    password: API_PASSWORD,
    slowSeconds: 2,
  });
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
});
afterAll(async () => {
  stall.open();
  await fapp?.close();
  await slowFapp?.close();
  await sshd?.stop();
});

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('idempotent function calls (%s)', (kind) => {
  let database: TestDatabase;
  let app: FaultApp;
  let root: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await FaultApp.create(database.db);
    root = fs.mkdtempSync('/tmp/lis-idempotency-');
    fs.chmodSync(root, 0o755);
    await app.saveSftpServer('sftp-a', sshd as OpenSshServer);
    await app.saveApiServer('fapp-1s', fapp.url, 1);
    await app.saveApiServer('fapp-30s', fapp.url, 30);
    await app.saveApiServer('slow-1s', slowFapp.url, 1);
    await app.saveApiServer('slow-30s', slowFapp.url, 30);
    await app.startWorker(
      createPipelineHandler(app.config, app.db, app.masterKey, { stableIntervalMs: 100, sftpBackoffMs: 50 }),
    );
  });
  afterEach(() => stall.open());
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** The idempotency keys step 2 told the run's system log, in order. */
  const keysOf = async (run: RunRow) =>
    (await app.systemLog(run))
      .map((line) => /^step 2 calls .* with idempotency key ([0-9a-f]{64})$/.exec(line)?.[1])
      .filter((key): key is string => key !== undefined);

  /** The key in the request backup (api_request/request.json) of the run's last step 2. */
  const keyInRequestBackup = async (run: RunRow) => {
    const row = await app.db.kysely
      .selectFrom('run_files')
      .select('blob_key')
      .where('run_id', '=', run.id)
      .where('list_type', '=', 'api_request')
      .executeTakeFirstOrThrow();
    const body = JSON.parse(await text(await app.blobs.read(row.blob_key))) as { idempotency_key: string };
    return body.idempotency_key;
  };

  /** An IN_WAIT job calling Test/post on `api`, its source folder holding `files`. */
  async function postJob(legacyId: string, api: string, files: Record<string, string>) {
    const scene = sourceScene(root, legacyId, files);
    await app.addJob(legacyId, {
      ...inWaitJob({
        inbox: scene.inbox,
        outbox: scene.outbox,
        deleteSource: true,
        sftp: 'sftp-a',
        fn: 'post',
      }),
      api_classname: 'Test',
      api_serverid: api,
    });
    return scene;
  }

  it('a call that timed out, then a re-run of step 2: the function ran once and the re-run got its answer', async () => {
    stall = gate();
    const legacyId = `POST-${kind}`;
    const { inbox, outbox, sources } = await postJob(legacyId, 'fapp-1s', {
      'a.csv': 'A1,x,1\n',
      'b.csv': 'B1,y,2\n',
    });
    const run = await app.runNow(legacyId, 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('ERROR');
    const steps = await app.steps(run.id);
    expect(steps[2]?.status).toBe('ERROR');
    expect(steps[2]?.message).toMatch(/^no answer from .*\/functions\/Test\/post within 1 s/);
    expect(await deliveriesOf(app, run.id)).toEqual([]);
    const [key] = await keysOf(run);
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    // The function server finishes the first execution after LIS gave up on it, and remembers it.
    stall.open();
    await expect
      .poll(() => fapp.idempotencyRecord('Test', 'post', key ?? '')?.state, { timeout: 10_000 })
      .toBe('answered');

    const again = await app.rerunStep(run, 2);
    expect(again.state, again.message ?? '').toBe('FINISHED');
    expect(executions.get(run.job_instance_no)).toBe(1);
    expect(fapp.idempotencyRecord('Test', 'post', key ?? '')).toMatchObject({ executions: 1, replays: 1 });
    expect((await app.steps(run.id))[2]?.message).toMatch(/^posted by execution 1 /);
    // The same key on the re-run, in the system log and in the request backup.
    expect(await keysOf(run)).toEqual([key, key]);
    expect(await keyInRequestBackup(run)).toBe(key);
    expect(await deliveriesOf(app, run.id)).toEqual([
      `sftp:sftp-a:${outbox}/return_success/a.csv`,
      `sftp:sftp-a:${outbox}/return_success/b.csv`,
    ]);
    await expectNothingLostOrDoubled({
      app,
      legacyId,
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('a re-run of step 2 while the first call still executes waits for its answer (409, repeated) instead of running it twice', async () => {
    stall = gate();
    const legacyId = `POST-BUSY-${kind}`;
    const { inbox, outbox, sources } = await postJob(legacyId, 'fapp-1s', { 'c.csv': 'C1,z,3\n' });
    const run = await app.runNow(legacyId, 'IN_WAIT');
    expect((await app.steps(run.id))[2]?.message).toMatch(/within 1 s/);
    const [key] = await keysOf(run);
    expect(fapp.idempotencyRecord('Test', 'post', key ?? '')?.state).toBe('running');

    // The job gets a patient API server (the same function server), then step 2 is re-run while the
    // first execution still stalls: the server answers 409 until the first call completes.
    await app.updateJob(legacyId, {
      ...inWaitJob({ inbox, outbox, deleteSource: true, sftp: 'sftp-a', fn: 'post' }),
      api_classname: 'Test',
      api_serverid: 'fapp-30s',
    });
    const again = app.rerunStep(run, 2);
    await expect
      .poll(() => fapp.idempotencyRecord('Test', 'post', key ?? '')?.conflicts ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);
    stall.open();
    const ended = await again;
    expect(ended.state, ended.message ?? '').toBe('FINISHED');
    expect(executions.get(run.job_instance_no)).toBe(1);
    expect((await app.steps(run.id))[2]?.message).toMatch(/^posted by execution 1 /);
    expect(await keysOf(run)).toEqual([key, key]);
    expect(await deliveriesOf(app, run.id)).toEqual([`sftp:sftp-a:${outbox}/return_success/c.csv`]);
    await expectNothingLostOrDoubled({
      app,
      legacyId,
      sourceDir: inbox,
      sources,
      deleteSource: true,
      returnDirs: [outbox],
    });
  });

  it('another run of the same job with the same file gets another key and runs the function again', async () => {
    stall.open();
    const legacyId = `POST-TWICE-${kind}`;
    const { inbox } = await postJob(legacyId, 'fapp-30s', { 'd.csv': 'D1,w,4\n' });
    const first = await app.runNow(legacyId, 'IN_WAIT');
    expect(first.state, first.message ?? '').toBe('FINISHED');
    fs.writeFileSync(`${inbox}/d.csv`, 'D1,w,4\n');
    const second = await app.runNow(legacyId, 'IN_WAIT');
    expect(second.state, second.message ?? '').toBe('FINISHED');
    const [firstKey] = await keysOf(first);
    const [secondKey] = await keysOf(second);
    expect(firstKey).toMatch(/^[0-9a-f]{64}$/);
    expect(secondKey).toMatch(/^[0-9a-f]{64}$/);
    expect(secondKey).not.toBe(firstKey);
    expect(executions.get(first.job_instance_no)).toBe(1);
    expect(executions.get(second.job_instance_no)).toBe(1);
  });

  it("step 2's time limit is the API server's: 1 s against a 2 s function fails, 30 s waits for it", async () => {
    const job = (legacyId: string, api: string) => {
      const { inbox, outbox } = sourceScene(root, legacyId, { 'e.csv': 'E1,v,5\n' });
      return app.addJob(legacyId, {
        ...inWaitJob({ inbox, outbox, deleteSource: false, sftp: 'sftp-a', fn: 'slow' }),
        api_serverid: api,
      });
    };
    await job(`SLOW-1-${kind}`, 'slow-1s');
    await job(`SLOW-30-${kind}`, 'slow-30s');
    const short = await app.runNow(`SLOW-1-${kind}`, 'IN_WAIT');
    expect(short.state, short.message ?? '').toBe('ERROR');
    expect((await app.steps(short.id))[2]?.message).toMatch(
      /^no answer from .*\/functions\/Demo\/slow within 1 s/,
    );
    const long = await app.runNow(`SLOW-30-${kind}`, 'IN_WAIT');
    expect(long.state, long.message ?? '').toBe('FINISHED');
    expect((await app.steps(long.id))[2]?.message).toMatch(/^answered after 2 s /);
  });
});
