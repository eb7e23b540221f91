import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DmsClient } from '../src/adapters/dms/index.js';
import { LocalBlobStore } from '../src/engine/files/blob-store.js';
import { blobRoot } from '../src/composition/create-pipeline.js';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { DMS_TOKEN, usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const sha = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');
const peers = usePipelinePeers();

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('the file pipeline end to end (%s)', (kind) => {
  const scene = usePipelineScene(kind, peers);
  const { addJob, runNow, stepsOf } = scene;

  it('IN_WAIT: picks the matching files, converts, calls, returns success and error files, logs, suspends and mails', async () => {
    const inbox = path.join(scene.root, 'in');
    const outbox = path.join(scene.root, 'out');
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
    const db = scene.t.database.db.kysely;
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
    const blobs = new LocalBlobStore(blobRoot(scene.t.context.config));
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
    expect(await scene.mailer.deliverDue()).toBe(2);
    const subjects = peers.smtp.received.map((mail) => mail.subject);
    expect(subjects).toContain(`ERROR IN-1 ${run.job_instance_no}`);
    const errorMail = peers.smtp.received.find((mail) => mail.subject?.startsWith('ERROR IN-1'));
    expect(errorMail?.html).toContain('<p>A / step 4 (function status): 1 of 3 document(s) in error');
    expect(peers.smtp.envelopes.flat()).toEqual(
      expect.arrayContaining(['ops@example.test', 'data@example.test']),
    );
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
    const empty = path.join(scene.root, 'empty');
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
    const out = path.join(scene.root, 'generated');
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
    const inbox = path.join(scene.root, 'dms-in');
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
    const listed = await new DmsClient({ baseUrl: peers.dms.url, token: DMS_TOKEN }).listFiles(
      'invoices',
      run.job_instance_no,
    );
    expect(listed.map((file) => file.file_name)).toEqual(['doc.csv']);
    // Without the delete flag the source stays, and nothing was uploaded to sFTP.
    expect(fs.readdirSync(inbox)).toEqual(['doc.csv']);
  });

  it('DMS_DYN_WAIT: each result file goes to the bucket, box and group the function chose', async () => {
    const inbox = path.join(scene.root, 'dyn-in');
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
    const deliveries = await scene.t.database.db.kysely
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
    const listed = await new DmsClient({ baseUrl: peers.dms.url, token: DMS_TOKEN }).listFiles(
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
    const rows = await scene.t.database.db.kysely
      .selectFrom('application_log')
      .select(['transaction_id', 'status'])
      .where('run_id', '=', run.id)
      .execute();
    expect(rows).toEqual([{ transaction_id: run.job_instance_no, status: 'S' }]);
    const log = await scene.t.as('admin-a', { url: '/v1/config/pull-job-log' });
    expect(log.json().result_list).toEqual(
      expect.arrayContaining([expect.objectContaining({ legacyid: 'PULL-1', last_status: 'FINISHED' })]),
    );
  });

  it('EDI_CON: result files go to the EDI success folder', async () => {
    const inbox = path.join(scene.root, 'edi-in');
    const out = path.join(scene.root, 'edi-out');
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
});
