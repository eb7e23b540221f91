import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import {
  createReferenceDmsServer,
  type ReferenceDmsServer,
} from '../../../tools/reference-dms-server/reference-dms-server.js';
import { DmsClient } from '../src/adapters/dms/index.js';
import { LocalBlobStore } from '../src/engine/files/blob-store.js';
import { MailSender } from '../src/engine/mail/mail-sender.js';
import { blobRoot, createPipelineHandler } from '../src/engine/pipeline/create-pipeline.js';
import { inProcessSignal, type SchedulerSignal } from '../src/engine/scheduler/scheduler-signal.js';
import { Worker } from '../src/engine/worker/worker.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { startSmtpTestServer, type SmtpTestServer } from '../src/test-support/smtp-test-server.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';

const API_USER = 'fapp';
const API_PASSWORD = 'Fapp-Secret-3321';
const DMS_TOKEN = 'Dms-Token-77x1';
const sha = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');

let fapp: ReferenceFunctionServer;
let dms: ReferenceDmsServer;
let sshd: OpenSshServer | undefined;
let smtp: SmtpTestServer;

beforeAll(async () => {
  fapp = await createReferenceFunctionServer({ username: API_USER, password: API_PASSWORD });
  dms = await createReferenceDmsServer({ token: DMS_TOKEN });
  smtp = await startSmtpTestServer();
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
});
afterAll(async () => {
  await fapp?.close();
  await dms?.close();
  await smtp?.close();
  await sshd?.stop();
});

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('the file pipeline end to end (%s)', (kind) => {
  let t: TestApp;
  let signal: SchedulerSignal;
  let worker: Worker;
  let mailer: MailSender;
  let root: string;
  const server = () => sshd as OpenSshServer;

  const post = (url: string, payload: Record<string, unknown>) =>
    t.as('admin-a', { method: 'POST', url, payload });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    root = fs.mkdtempSync('/tmp/lis-pipeline-');
    fs.chmodSync(root, 0o755);
    const smtpConfig = {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      requireTls: false,
      user: undefined,
      password: undefined,
    };
    const config = { ...t.context.config, smtp: smtpConfig };
    signal = inProcessSignal();
    worker = new Worker({
      db: t.database.db,
      signal,
      handler: createPipelineHandler(config, t.database.db, t.masterKey, {
        stableIntervalMs: 100,
        sftpBackoffMs: 50,
      }),
      leaseMs: 30_000,
      pollMs: 50,
    });
    await worker.start();
    mailer = new MailSender({
      db: t.database.db,
      smtp: smtpConfig,
      from: 'lis@example.test',
      onError: () => undefined,
    });

    const saved = [
      await post('/v1/config/sftp-server/add', {
        sid: '555',
        companycode: 'A',
        sftp_server_id: 'sftp-a',
        sftp_ip: server().host,
        sftp_port: server().port,
        sftp_username: server().keyUser,
        private_key: server().privateKey,
      }),
      await post('/v1/config/api-server/add', {
        sid: '555',
        companycode: 'A',
        api_serverid: 'fapp-a',
        api_url_callfunction: fapp.url,
        api_username: API_USER,
        api_password: API_PASSWORD,
      }),
      await t.as('admin-a', {
        method: 'POST',
        url: '/v1/config/dms',
        payload: {
          sid: '555',
          companycode: 'A',
          dms_serverid: 'dms-a',
          dms_url: dms.url,
          dms_token: DMS_TOKEN,
        },
      }),
      await t.as('admin-a', {
        method: 'POST',
        url: '/v1/config/email-content?company_code=A',
        payload: [
          {
            condition: 'error',
            content_subject: Buffer.from('ERROR %LEGACY_ID% %JOB_INSTANCE_NO%').toString('base64'),
            content_body: Buffer.from('<p>%COMPANY_CODE% / %MESSAGE%</p>').toString('base64'),
          },
        ],
      }),
    ];
    for (const r of saved) expect(r.statusCode, r.body).toBe(200);
  });
  afterAll(async () => {
    await worker?.stop();
    await mailer?.stop();
    await signal?.close();
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function addJob(legacyId: string, fields: Record<string, unknown>) {
    const r = await post('/v1/config/job-config/add', {
      sid: '555',
      companycode: 'A',
      legacyid: legacyId,
      legacyname: `Job ${legacyId}`,
      isactive: 'Y',
      api_serverid: 'fapp-a',
      ...fields,
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  /** Waits until the run of that job instance has ended. */
  async function waitForRun(instance: string) {
    const db = t.database.db.kysely;
    for (const deadline = Date.now() + 30_000; ;) {
      const run = await db
        .selectFrom('job_runs')
        .selectAll()
        .where('job_instance_no', '=', instance)
        .where('finished_at', 'is not', null)
        .executeTakeFirst();
      if (run) return run;
      if (Date.now() > deadline) throw new Error(`run ${instance} did not end`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function runNow(legacyId: string, type: string) {
    const r = await t.as('admin-a', {
      url: `/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=${legacyId}&legacy_type=${type}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return waitForRun(r.json().job_instance_no as string);
  }

  const stepsOf = async (runId: string) =>
    Object.fromEntries(
      (
        await t.database.db.kysely
          .selectFrom('run_steps')
          .select(['step', 'status'])
          .where('run_id', '=', runId)
          .execute()
      ).map((row) => [row.step, row.status]),
    );

  it('IN_WAIT: picks the matching files, converts, calls, returns success and error files, logs, suspends and mails', async () => {
    const inbox = path.join(root, 'in');
    const outbox = path.join(root, 'out');
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    const first = 'INV001,ลูกค้า ก,100\nINV002,ลูกค้า ข,abc\n';
    const second = 'INV003,Customer C,250\n';
    fs.writeFileSync(path.join(inbox, 'INV_001.csv'), first);
    fs.writeFileSync(path.join(inbox, 'INV_002.csv'), second);
    fs.writeFileSync(path.join(inbox, 'notes.txt'), 'not for this job');
    await addJob('IN-1', {
      legacytype: 'IN_WAIT',
      stopif_step4_error: 'Y',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_source_formatfilename: 'INV_[0-9]+\\.csv',
      sftp_source_isdeletesource: 'Y',
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: outbox,
      api_classname: 'Demo',
      api_function_name: 'validateRecords',
      email_error_to: 'ops@example.test',
      email_error_is_active: 'Y',
      f1_function_error_email_to: 'data@example.test',
      f1_function_error_email_is_active: 'Y',
    });

    const run = await runNow('IN-1', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('ERROR');
    expect(run.message).toMatch(/^step 4 \(function status\): 1 of 3 document\(s\) in error/);
    expect(run.message).toContain('(job suspended)');
    expect(await stepsOf(run.id)).toEqual({
      1: 'SUCCESS',
      5: 'SUCCESS',
      2: 'SUCCESS',
      3: 'SUCCESS',
      4: 'ERROR',
      6: 'SUCCESS',
    });

    // Sources: backed up (same bytes), then deleted; the other file left alone.
    expect(fs.readdirSync(inbox)).toEqual(['notes.txt']);
    const db = t.database.db.kysely;
    const files = await db
      .selectFrom('run_files')
      .selectAll()
      .where('run_id', '=', run.id)
      .orderBy('seq')
      .execute();
    const byList = (list: string) =>
      files
        .filter((f) => f.list_type === list)
        .map((f) => f.file_name)
        .sort();
    expect(byList('source')).toEqual(['INV_001.csv', 'INV_002.csv']);
    expect(files.find((f) => f.file_name === 'INV_001.csv' && f.list_type === 'source')?.sha256).toBe(
      sha(first),
    );
    expect(byList('api_request')).toEqual(['request.json']);
    expect(byList('api_response')).toEqual(['response.json']);
    expect(byList('return_success')).toEqual(['INV_001.csv.ok.csv', 'INV_002.csv.ok.csv']);
    expect(byList('return_error')).toEqual(['INV_001.csv.error.csv']);
    expect(byList('step4_error')).toEqual(['INV_001.csv']);
    const blobs = new LocalBlobStore(blobRoot(t.context.config));
    const kept = files.find((f) => f.list_type === 'source' && f.file_name === 'INV_002.csv');
    expect(Buffer.concat(await (await blobs.read(kept?.blob_key ?? '')).toArray()).toString()).toBe(second);

    // Results delivered where the job says, each once.
    expect(fs.readFileSync(path.join(outbox, 'return_success', 'INV_002.csv.ok.csv'), 'utf8')).toBe(
      'INV003,Customer C,250\n',
    );
    expect(fs.readFileSync(path.join(outbox, 'return_error', 'INV_001.csv.error.csv'), 'utf8')).toContain(
      'col_0003 "abc" is not a number',
    );
    expect(fs.readdirSync(path.join(outbox, 'return_success'))).toEqual([
      'INV_001.csv.ok.csv',
      'INV_002.csv.ok.csv',
    ]);
    const deliveries = await db.selectFrom('file_deliveries').selectAll().execute();
    expect(deliveries).toHaveLength(3);

    // Application log: one row per record, the bad one E.
    const appLog = await db
      .selectFrom('application_log')
      .selectAll()
      .where('run_id', '=', run.id)
      .orderBy('seq')
      .execute();
    expect(appLog.map((row) => [row.transaction_id, row.status])).toEqual([
      ['INV001', 'S'],
      ['INV002', 'E'],
      ['INV003', 'S'],
    ]);
    expect(appLog[1]?.source_id2).toBe('ลูกค้า ข');

    // The job is suspended; the e-mails are queued, then really sent.
    const job = await db
      .selectFrom('job_configs')
      .select('has_suspend')
      .where('legacy_id', '=', 'IN-1')
      .executeTakeFirstOrThrow();
    expect(job.has_suspend).toBe('Y');
    expect(await mailer.deliverDue()).toBe(2);
    const subjects = smtp.received.map((mail) => mail.subject);
    expect(subjects).toContain(`ERROR IN-1 ${run.job_instance_no}`);
    const errorMail = smtp.received.find((mail) => mail.subject?.startsWith('ERROR IN-1'));
    expect(errorMail?.html).toContain('<p>A / step 4 (function status): 1 of 3 document(s) in error');
    expect(smtp.envelopes.flat()).toEqual(expect.arrayContaining(['ops@example.test', 'data@example.test']));
    const ended = await db
      .selectFrom('job_runs')
      .select('send_email_status')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(ended.send_email_status).toBe('SUCCESS');

    const log = await db
      .selectFrom('system_log')
      .select('message')
      .where('job_instance_no', '=', run.job_instance_no)
      .execute();
    expect(log.map((line) => line.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^downloaded .*INV_001\.csv/),
        expect.stringMatching(/^delivered .*INV_002\.csv\.ok\.csv/),
      ]),
    );
  });

  it('IN_WAIT with nothing to pick ends FINISHED "No file" without calling the function', async () => {
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    await addJob('IN-EMPTY', {
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: empty,
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: empty,
      api_classname: 'Demo',
      api_function_name: 'validateRecords',
    });
    const run = await runNow('IN-EMPTY', 'IN_WAIT');
    expect(run).toMatchObject({ state: 'FINISHED', message: 'No file' });
    expect(await stepsOf(run.id)).toEqual({ 1: 'SUCCESS' });
  });

  it('OUT_WAIT: the function produces the file, which reaches the return folder', async () => {
    const out = path.join(root, 'generated');
    fs.mkdirSync(out);
    await addJob('OUT-1', {
      legacytype: 'OUT_WAIT',
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: out,
      sftp_return_success_path: 'ready',
      api_classname: 'Demo',
      api_function_name: 'generate',
    });
    const run = await runNow('OUT-1', 'OUT_WAIT');
    expect(run.state, run.message ?? '').toBe('FINISHED');
    expect(await stepsOf(run.id)).toEqual({ 2: 'SUCCESS', 3: 'SUCCESS', 4: 'SUCCESS', 6: 'SKIPPED' });
    const produced = fs.readdirSync(path.join(out, 'ready'));
    expect(produced).toHaveLength(1);
    expect(fs.readFileSync(path.join(out, 'ready', produced[0] ?? ''), 'utf8')).toContain(
      run.job_instance_no,
    );
  });

  it('DMS_WAIT: result files go to the DMS bucket, box and group of the job', async () => {
    const inbox = path.join(root, 'dms-in');
    fs.mkdirSync(inbox);
    fs.writeFileSync(path.join(inbox, 'doc.csv'), 'D1,x,10\n');
    await addJob('DMS-1', {
      legacytype: 'DMS_WAIT',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: inbox,
      api_classname: 'Demo',
      api_function_name: 'echo',
      dms_serverid: 'dms-a',
      dms_bucket: 'invoices',
      dms_boxid: 'box-1',
      dms_groupid: 'group-1',
      dms_roleaccess: 'finance',
    });
    const run = await runNow('DMS-1', 'DMS_WAIT');
    expect(run.state, run.message ?? '').toBe('FINISHED');
    const listed = await new DmsClient({ baseUrl: dms.url, token: DMS_TOKEN }).listFiles(
      'invoices',
      run.job_instance_no,
    );
    expect(listed.map((file) => file.file_name)).toEqual(['doc.csv']);
    // Without the delete flag the source stays, and nothing was uploaded to sFTP.
    expect(fs.readdirSync(inbox)).toEqual(['doc.csv']);
  });

  it('DMS_DYN_WAIT: each result file goes to the bucket, box and group the function chose', async () => {
    const inbox = path.join(root, 'dyn-in');
    fs.mkdirSync(inbox);
    fs.writeFileSync(path.join(inbox, 'a.txt'), 'first\n');
    fs.writeFileSync(path.join(inbox, 'b.txt'), 'second\n');
    await addJob('DYN-1', {
      legacytype: 'DMS_DYN_WAIT',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: inbox,
      api_classname: 'Demo',
      api_function_name: 'dmsDynamic',
      dms_serverid: 'dms-a',
    });
    const run = await runNow('DYN-1', 'DMS_DYN_WAIT');
    expect(run.state, run.message ?? '').toBe('FINISHED');
    const deliveries = await t.database.db.kysely
      .selectFrom('file_deliveries')
      .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
      .select('file_deliveries.destination')
      .where('run_files.run_id', '=', run.id)
      .orderBy('file_deliveries.destination')
      .execute();
    expect(deliveries.map((row) => row.destination)).toEqual([
      'dms:dms-a:demo/box-1/group-1/a.txt',
      'dms:dms-a:demo/box-2/group-2/b.txt',
    ]);
    const listed = await new DmsClient({ baseUrl: dms.url, token: DMS_TOKEN }).listFiles(
      'demo',
      run.job_instance_no,
    );
    expect(listed.map((file) => file.file_name).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('PULL_WAIT: only calls the function and records its results', async () => {
    await addJob('PULL-1', { legacytype: 'PULL_WAIT', api_classname: 'Demo', api_function_name: 'generate' });
    const run = await runNow('PULL-1', 'PULL_WAIT');
    expect(run.state, run.message ?? '').toBe('FINISHED');
    expect(await stepsOf(run.id)).toEqual({ 2: 'SUCCESS', 4: 'SUCCESS', 6: 'SKIPPED' });
    const rows = await t.database.db.kysely
      .selectFrom('application_log')
      .select(['transaction_id', 'status'])
      .where('run_id', '=', run.id)
      .execute();
    expect(rows).toEqual([{ transaction_id: run.job_instance_no, status: 'S' }]);
    const log = await t.as('admin-a', { url: '/v1/config/pull-job-log' });
    expect(log.json().result_list).toEqual(
      expect.arrayContaining([expect.objectContaining({ legacyid: 'PULL-1', last_status: 'FINISHED' })]),
    );
  });

  it('EDI_CON: result files go to the EDI success folder', async () => {
    const inbox = path.join(root, 'edi-in');
    const out = path.join(root, 'edi-out');
    fs.mkdirSync(inbox);
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(inbox, 'order.edi'), 'UNH+1+ORDERS\n');
    await addJob('EDI-1', {
      legacytype: 'EDI_CON',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: out,
      edi_source_success_path: 'edi_ok',
      api_classname: 'Demo',
      api_function_name: 'echo',
    });
    const run = await runNow('EDI-1', 'EDI_CON');
    expect(run.state, run.message ?? '').toBe('FINISHED');
    expect(fs.readFileSync(path.join(out, 'edi_ok', 'order.edi'), 'utf8')).toBe('UNH+1+ORDERS\n');
  });

  it('Stop aborts the function call at once: the run ends ERROR naming who stopped it', async () => {
    await addJob('SLOW-1', { legacytype: 'PULL_WAIT', api_classname: 'Demo', api_function_name: 'slow' });
    const r = await t.as('admin-a', {
      url: '/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=SLOW-1&legacy_type=PULL_WAIT',
    });
    expect(r.statusCode, r.body).toBe(200);
    const instance = r.json().job_instance_no as string;
    const db = t.database.db.kysely;
    // Wait until step 2 is running (the call to Demo/slow, which answers after 60 s).
    for (const deadline = Date.now() + 20_000; ;) {
      const step = await db
        .selectFrom('run_steps')
        .innerJoin('job_runs', 'job_runs.id', 'run_steps.run_id')
        .select('run_steps.status')
        .where('job_runs.job_instance_no', '=', instance)
        .where('run_steps.step', '=', 2)
        .executeTakeFirst();
      if (step?.status === 'RUNNING') break;
      if (Date.now() > deadline) throw new Error('step 2 did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stop = await t.as('user-a', {
      method: 'POST',
      url: `/v1/lis-server/cancel?sid=555&company_code=A&legacy_id=SLOW-1&job_instance_no=${instance}`,
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const run = await waitForRun(instance);
    expect(run).toMatchObject({ state: 'ERROR', message: 'stopped by user-a' });
    const steps = await db
      .selectFrom('run_steps')
      .select(['step', 'status', 'message'])
      .where('run_id', '=', run.id)
      .execute();
    expect(steps).toEqual([
      expect.objectContaining({ step: 2, status: 'ERROR', message: expect.stringMatching(/^stopped/) }),
    ]);
  });

  it('re-running step 3 after a forced failure delivers the missing file once and nothing twice', async () => {
    const inbox = path.join(root, 'rerun-in');
    const outbox = path.join(root, 'rerun-out');
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    fs.writeFileSync(path.join(inbox, 'batch.csv'), 'B1,x,10\nB2,y,oops\n');
    // The error folder's name is taken by a file: the success file goes out, the error file cannot.
    fs.writeFileSync(path.join(outbox, 'return_error'), 'in the way');
    await addJob('RERUN-1', {
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_source_isdeletesource: 'Y',
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: outbox,
      api_classname: 'Demo',
      api_function_name: 'validateRecords',
    });
    const first = await runNow('RERUN-1', 'IN_WAIT');
    expect(first.state).toBe('ERROR');
    expect(await stepsOf(first.id)).toMatchObject({ 1: 'SUCCESS', 2: 'SUCCESS', 3: 'ERROR' });
    const delivered = path.join(outbox, 'return_success', 'batch.csv.ok.csv');
    expect(fs.existsSync(delivered)).toBe(true);
    fs.writeFileSync(delivered, 'changed downstream');

    const refused = async (step: number, status: number, user = 'user-a') => {
      const r = await t.as(user, {
        url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_id=RERUN-1&job_instance_no=${first.job_instance_no}&step=${step}`,
      });
      expect(r.statusCode, r.body).toBe(status);
      return r.json().message as string;
    };
    expect(await refused(2, 409)).toMatch(/Only a step in ERROR can be re-run; step 2 .* is SUCCESS/);
    await refused(1, 400);
    await refused(3, 403, 'user-b');

    fs.rmSync(path.join(outbox, 'return_error'));
    const r = await t.as('user-a', {
      method: 'POST',
      url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_id=RERUN-1&job_instance_no=${first.job_instance_no}&step=3`,
    });
    expect(r.statusCode, r.body).toBe(200);
    const db = t.database.db.kysely;
    const again = await (async () => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        const row = await db
          .selectFrom('job_runs')
          .selectAll()
          .where('id', '=', first.id)
          .executeTakeFirstOrThrow();
        if (row.finished_at !== null) return row;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the re-run did not end');
    })();
    expect(again.job_instance_no).toBe(first.job_instance_no);
    expect(await stepsOf(first.id)).toEqual({
      1: 'SUCCESS',
      5: 'SUCCESS',
      2: 'SUCCESS',
      3: 'SUCCESS',
      4: 'ERROR',
      6: 'SKIPPED',
    });
    const step3 = await db
      .selectFrom('run_steps')
      .select('message')
      .where('run_id', '=', first.id)
      .where('step', '=', 3)
      .executeTakeFirstOrThrow();
    expect(step3.message).toBe('1 file(s) delivered, 1 already delivered before');
    expect(fs.readFileSync(delivered, 'utf8')).toBe('changed downstream');
    expect(fs.readFileSync(path.join(outbox, 'return_error', 'batch.csv.error.csv'), 'utf8')).toContain(
      'oops',
    );
    const deliveries = await db
      .selectFrom('file_deliveries')
      .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
      .select('file_deliveries.destination')
      .where('run_files.run_id', '=', first.id)
      .execute();
    expect(deliveries).toHaveLength(2);
  });
});
