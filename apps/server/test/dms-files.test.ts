import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { DMS_TOKEN, usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();
const DOC = 'D1,ลูกค้า ก,10\n'.repeat(100);
const q = (values: Record<string, string>) => new URLSearchParams(values).toString();

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('DMS file list and viewer (%s)', (kind) => {
  const scene = usePipelineScene(kind, peers);
  /** Runs of company A: a DMS_WAIT run (bucket invoices) and a DMS_DYN_WAIT run (bucket demo). */
  let dmsRun: string;
  let dynRun: string;
  /** A run of company B's job, delivered to the same DMS and bucket. */
  let otherRun: string;

  beforeAll(async () => {
    const { t } = scene;
    const inbox = path.join(scene.root, 'dms-in');
    const dynInbox = path.join(scene.root, 'dyn-in');
    const otherInbox = path.join(scene.root, 'b-in');
    for (const folder of [inbox, dynInbox, otherInbox]) fs.mkdirSync(folder);
    fs.writeFileSync(path.join(inbox, 'ใบแจ้งหนี้.csv'), DOC);
    fs.writeFileSync(path.join(dynInbox, 'a.txt'), 'first\n');
    fs.writeFileSync(path.join(dynInbox, 'b.txt'), 'second\n');
    fs.writeFileSync(path.join(otherInbox, 'other.csv'), 'B1,x,1\n');
    const dmsFields = (folder: string) => ({
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: folder,
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: folder,
      api_classname: 'Demo',
      dms_serverid: 'dms-a',
    });
    await scene.addJob('DMS-1', {
      ...dmsFields(inbox),
      legacytype: 'DMS_WAIT',
      api_function_name: 'echo',
      dms_bucket: 'invoices',
      dms_boxid: 'box-1',
      dms_groupid: 'group-1',
      dms_roleaccess: 'finance',
    });
    await scene.addJob('DYN-1', {
      ...dmsFields(dynInbox),
      legacytype: 'DMS_DYN_WAIT',
      api_function_name: 'dmsDynamic',
    });
    await scene.addJob('NO-DMS', {
      legacytype: 'PULL_WAIT',
      api_classname: 'Demo',
      api_function_name: 'generate',
    });
    dmsRun = (await scene.runNow('DMS-1', 'DMS_WAIT')).job_instance_no;
    dynRun = (await scene.runNow('DYN-1', 'DMS_DYN_WAIT')).job_instance_no;

    // Company B: its own sFTP and DMS records (the same peers) and a job of the same legacy id.
    const root = (payload: Record<string, unknown>, url: string) =>
      t.as('root', { method: 'POST', url, payload: { sid: '555', companycode: 'B', ...payload } });
    const sshd = peers.sshd;
    if (!sshd) throw new Error('no OpenSSH');
    const saved = [
      await root(
        {
          sftp_server_id: 'sftp-b',
          sftp_ip: sshd.host,
          sftp_port: sshd.port,
          sftp_username: sshd.keyUser,
          private_key: sshd.privateKey,
        },
        '/v1/config/sftp-server/add',
      ),
      await root(
        {
          api_serverid: 'fapp-b',
          api_url_callfunction: peers.fapp.url,
          api_username: 'fapp',
          api_password: 'Fapp-Secret-3321',
        },
        '/v1/config/api-server/add',
      ),
      await root({ dms_serverid: 'dms-b', dms_url: peers.dms.url, dms_token: DMS_TOKEN }, '/v1/config/dms'),
      await root(
        {
          legacyid: 'DMS-1',
          legacyname: 'B job',
          legacytype: 'DMS_WAIT',
          isactive: 'Y',
          api_serverid: 'fapp-b',
          api_classname: 'Demo',
          api_function_name: 'echo',
          sftp_source_server_id: 'sftp-b',
          sftp_source_path: otherInbox,
          sftp_return_server_id: 'sftp-b',
          sftp_return_path: otherInbox,
          dms_serverid: 'dms-b',
          dms_bucket: 'invoices',
          dms_boxid: 'box-1',
          dms_groupid: 'group-1',
        },
        '/v1/config/job-config/add',
      ),
    ];
    for (const r of saved) expect(r.statusCode, r.body).toBe(200);
    const started = await t.as('root', {
      url: `/v1/lis-server/run-immediate?${q({ sid: '555', company_code: 'B', legacy_id: 'DMS-1', legacy_type: 'DMS_WAIT' })}`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const other = await scene.waitForRun(started.json().job_instance_no as string);
    expect(other.state, other.message ?? '').toBe('FINISHED');
    otherRun = other.job_instance_no;
  });

  const list = (who: string, values: Record<string, string>, version = 'v2') =>
    scene.t.as(who, { url: `/${version}/dms/file/list?${q(values)}` });

  it('v2 lists the files a run delivered, with their sizes in kilobytes as text', async () => {
    const r = await list('user-a', {
      sid: '555',
      company_code: 'A',
      legacy_id: 'DMS-1',
      job_instance_no: dmsRun,
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.total_count).toBe(1);
    expect(body.result_list[0]).toMatchObject({
      file_name: 'ใบแจ้งหนี้.csv',
      bucket: 'invoices',
      file_size: String(Buffer.byteLength(DOC) / 1024),
    });
    expect(Date.parse(body.result_list[0].created_on)).not.toBeNaN();
  });

  it('v2 lists every bucket a DMS_DYN_WAIT run delivered to (from the file ledger)', async () => {
    const r = await list('user-a', { company_code: 'A', legacy_id: 'DYN-1', job_instance_no: dynRun });
    expect(r.statusCode, r.body).toBe(200);
    const names = r
      .json()
      .result_list.map((f: { file_name: string; bucket: string }) => `${f.bucket}/${f.file_name}`);
    expect(names.sort()).toEqual(['demo/a.txt', 'demo/b.txt']);
  });

  it('v1 ignores url and token, resolves the job on the server (from the run when the legacy call names none)', async () => {
    const base = { url: 'http://169.254.169.254/latest', token: 'stolen', job_instance_no: dmsRun };
    // The legacy call (spec 000 §7): url, token, bucket_id, job_instance_no — the job is the run's (issue 18).
    const legacy = await list('user-a', { ...base, bucket_id: 'invoices' }, 'v1');
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().result_list.map((f: { file_name: string }) => f.file_name)).toEqual(['ใบแจ้งหนี้.csv']);
    const onlyCompany = await list('user-a', { ...base, company_code: 'A' }, 'v1');
    expect(onlyCompany.statusCode, onlyCompany.body).toBe(200);
    // A run of another company is not found for this caller: the job must be named.
    const notTheirs = await list('user-b', base, 'v1');
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().message).toMatch(/company_code and legacy_id/);
    const wrongCompany = await list('root', { ...base, company_code: 'B' }, 'v1');
    expect(wrongCompany.statusCode).toBe(400);
    const ok = await list(
      'user-a',
      { ...base, company_code: 'A', legacy_id: 'DMS-1', bucket_id: 'invoices' },
      'v1',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result_list.map((f: { file_name: string }) => f.file_name)).toEqual(['ใบแจ้งหนี้.csv']);
    const otherBucket = await list(
      'user-a',
      { ...base, company_code: 'A', legacy_id: 'DMS-1', bucket_id: 'demo' },
      'v1',
    );
    expect(otherBucket.statusCode).toBe(404);
  });

  it('streams one file of the job with its name in Content-Disposition', async () => {
    const listed = await list('user-a', { company_code: 'A', legacy_id: 'DMS-1', job_instance_no: dmsRun });
    const id = listed.json().result_list[0].id as string;
    const r = await scene.t.as('user-a', {
      url: `/v2/dms/file?${q({ sid: '555', company_code: 'A', legacy_id: 'DMS-1', id })}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.rawPayload.equals(Buffer.from(DOC))).toBe(true);
    expect(r.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('ใบแจ้งหนี้.csv')}`,
    );
    const audit = await scene.t.database.db.kysely
      .selectFrom('audit_log')
      .select(['username', 'target'])
      .where('route', '=', '/v2/dms/file')
      .execute();
    expect(audit).toContainEqual({ username: 'user-a', target: 'ใบแจ้งหนี้.csv' });
  });

  it('never serves a file of another job or company, whatever id is asked', async () => {
    const mine = await list('user-a', { company_code: 'A', legacy_id: 'DMS-1', job_instance_no: dmsRun });
    const id = mine.json().result_list[0].id as string;
    const theirs = await list('user-b', { company_code: 'B', legacy_id: 'DMS-1', job_instance_no: otherRun });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const otherId = theirs.json().result_list[0].id as string;
    const get = (who: string, company: string, legacyId: string, fileId: string) =>
      scene.t.as(who, {
        url: `/v2/dms/file?${q({ company_code: company, legacy_id: legacyId, id: fileId })}`,
      });
    // B's user on A's company: 403; on its own job with A's file id: 404 (the file is not of B's runs).
    expect((await get('user-b', 'A', 'DMS-1', id)).statusCode).toBe(403);
    expect((await get('user-b', 'B', 'DMS-1', id)).statusCode).toBe(404);
    // A's file through A's other job: 404 too (another job's run).
    expect((await get('user-a', 'A', 'DYN-1', id)).statusCode).toBe(404);
    expect((await get('user-a', 'A', 'DMS-1', otherId)).statusCode).toBe(404);
    expect((await get('user-a', 'A', 'DMS-1', 'no-such-id')).statusCode).toBe(404);
    // Lists: another company 403, a run of another job or company 404.
    expect(
      (await list('user-b', { company_code: 'A', legacy_id: 'DMS-1', job_instance_no: dmsRun })).statusCode,
    ).toBe(403);
    expect(
      (await list('user-b', { company_code: 'B', legacy_id: 'DMS-1', job_instance_no: dmsRun })).statusCode,
    ).toBe(404);
    expect(
      (await list('user-a', { company_code: 'A', legacy_id: 'DYN-1', job_instance_no: dmsRun })).statusCode,
    ).toBe(404);
    expect(
      (await list('user-a', { company_code: 'A', legacy_id: 'NO-DMS', job_instance_no: dmsRun })).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with 400 and a message', async () => {
    const bad = [
      `/v2/dms/file?${q({ company_code: 'A', legacy_id: 'DMS-1', id: '../etc/passwd' })}`,
      `/v2/dms/file?${q({ company_code: 'A', legacy_id: 'DMS-1', id: '' })}`,
      `/v2/dms/file?${q({ company_code: 'A', legacy_id: 'DMS-1', id: '..' })}`,
      `/v2/dms/file?${q({ company_code: 'A', legacy_id: '..', id: 'x' })}`,
      `/v2/dms/file/list?${q({ company_code: 'A', legacy_id: 'DMS-1', job_instance_no: '../x' })}`,
      `/v2/dms/file/list?${q({ company_code: 'A', legacy_id: 'DMS-1' })}`,
      `/v2/dms/file/list?${q({ company_code: 'A', legacy_id: 'DMS-1', job_instance_no: dmsRun, extra: '1' })}`,
      `/v1/config/url-file?${q({ company_code: 'A' })}`,
    ];
    for (const url of bad) {
      const r = await scene.t.as('user-a', { url });
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toHaveProperty('message');
    }
    expect(
      (
        await scene.t.app.inject({
          url: `/v2/dms/file/list?${q({ company_code: 'A', legacy_id: 'DMS-1', job_instance_no: dmsRun })}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('url-file gives the DMS URL and bucket and never the token', async () => {
    const r = await scene.t.as('user-a', {
      url: `/v1/config/url-file?${q({ sid: '555', company_code: 'A', legacy_id: 'DMS-1' })}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      result_list: [{ dms_url: peers.dms.url, dms_bucket: 'invoices', has_token: true }],
      total_count: 1,
    });
    expect(r.body).not.toContain(DMS_TOKEN);
    const none = await scene.t.as('user-a', {
      url: `/v1/config/url-file?${q({ company_code: 'A', legacy_id: 'NO-DMS' })}`,
    });
    expect(none.json()).toEqual({ result_list: [], total_count: 0 });
    expect(
      (
        await scene.t.as('user-b', {
          url: `/v1/config/url-file?${q({ company_code: 'A', legacy_id: 'DMS-1' })}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await scene.t.as('user-a', {
          url: `/v1/config/url-file?${q({ company_code: 'A', legacy_id: 'NOPE' })}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a DMS that refuses the stored token is a 502 that does not show the token', async () => {
    const wrong = await scene.t.as('admin-a', {
      method: 'PUT',
      url: '/v1/config/dms',
      payload: {
        sid: '555',
        companycode: 'A',
        dms_serverid: 'dms-a',
        dms_url: peers.dms.url,
        dms_token: 'Wrong-Token-1',
      },
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const r = await list('user-a', { company_code: 'A', legacy_id: 'DMS-1', job_instance_no: dmsRun });
    expect(r.statusCode).toBe(502);
    expect(r.body).not.toContain('Wrong-Token-1');
    expect(r.json().message).toContain('dms-a');
  });
});
