import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { encodeWindows874 } from '../src/demo/demo-input-files.js';
import { sha } from './files-harness.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();
const q = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** A Thai fixed-width file larger than a preview (windows-874, as the demo's payroll), and a small CSV. */
const LINE = encodeWindows874('E0000001สมชาย ใจดี                      1234.5020261129\r\n');
const PAYROLL = Buffer.concat(Array.from({ length: Math.ceil((300 * 1024) / LINE.length) }, () => LINE));
const FILES: Record<string, Buffer> = {
  'payroll_th.txt': PAYROLL,
  'orders.csv': Buffer.from('id,amount\r\nORD-1,12.50\r\n'),
};
const PREVIEW = 256 * 1024;

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('text viewer: limit on downloads (%s)', (kind) => {
  const scene = usePipelineScene(kind, peers);
  let run: string;
  let dmsIds: Record<string, string>;

  beforeAll(async () => {
    const inbox = path.join(scene.root, 'text-in');
    fs.mkdirSync(inbox);
    for (const [name, bytes] of Object.entries(FILES)) fs.writeFileSync(path.join(inbox, name), bytes);
    await scene.addJob('TEXT-1', {
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
    });
    await scene.addJob('OTHER-JOB', {
      legacytype: 'PULL_WAIT',
      api_classname: 'Demo',
      api_function_name: 'generate',
    });
    const done = await scene.runNow('TEXT-1', 'DMS_WAIT');
    expect(done.state, done.message ?? '').toBe('FINISHED');
    run = done.job_instance_no;
    const listed = await scene.t.as('user-a', {
      url: `/v2/dms/file/list?${q({ company_code: 'A', legacy_id: 'TEXT-1', job_instance_no: run })}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    dmsIds = Object.fromEntries(
      listed.json().result_list.map((f: { id: string; file_name: string }) => [f.file_name, f.id]),
    );
  });

  const dmsFile = (who: string, name: string, extra: Record<string, string> = {}, job = 'TEXT-1') =>
    scene.t.as(who, {
      url: `/v2/dms/file?${q({ company_code: 'A', legacy_id: job, id: dmsIds[name] ?? '', ...extra })}`,
    });

  it('sends only the first `limit` bytes of a DMS file and its whole size in X-File-Size', async () => {
    const r = await dmsFile('user-a', 'payroll_th.txt', { limit: String(PREVIEW) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.rawPayload.length).toBe(PREVIEW);
    expect(r.headers['content-length']).toBe(String(PREVIEW));
    expect(r.headers['x-file-size']).toBe(String(PAYROLL.length));
    expect(sha(r.rawPayload)).toBe(sha(PAYROLL.subarray(0, PREVIEW)));
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.headers['content-disposition']).toMatch(/^attachment; /);
    expect(new TextDecoder('windows-874').decode(r.rawPayload.subarray(0, LINE.length))).toContain(
      'สมชาย ใจดี',
    );
    const small = await dmsFile('user-a', 'orders.csv', { limit: String(PREVIEW) });
    expect(small.rawPayload.toString()).toBe(FILES['orders.csv']?.toString());
    expect(small.headers['x-file-size']).toBe(String(FILES['orders.csv']?.length));
    const whole = await dmsFile('user-a', 'payroll_th.txt');
    expect(whole.rawPayload.length).toBe(PAYROLL.length);
    expect(whole.headers['x-file-size']).toBeUndefined();
  });

  it('refuses a limit out of range with a clear 400', async () => {
    for (const limit of ['0', '-1', String(1024 * 1024 + 1), 'ten']) {
      const r = await dmsFile('user-a', 'orders.csv', { limit });
      expect(r.statusCode, limit).toBe(400);
      expect(r.json().message).toMatch(/limit/);
    }
  });

  it("keeps the download's rules: another company 403, another job 404", async () => {
    expect((await dmsFile('user-b', 'payroll_th.txt', { limit: '1024' })).statusCode).toBe(403);
    expect((await dmsFile('user-a', 'payroll_th.txt', { limit: '1024' }, 'OTHER-JOB')).statusCode).toBe(404);
  });

  it('cuts a kept backup and a live file the same way, under the backup rule (admins) and for everyone live', async () => {
    const body = (limit: number) => ({
      company_code: 'A',
      legacy_id: 'TEXT-1',
      list_type: 'sftp_source_backup',
      job_instance_no: run,
      path: 'payroll_th.txt',
      limit,
    });
    const url = '/v1/lis-server/get-file-with-legacyid';
    const backup = await scene.t.as('admin-a', { method: 'POST', url, payload: body(1000) });
    expect(backup.statusCode, backup.body).toBe(200);
    expect(backup.rawPayload.length).toBe(1000);
    expect(backup.headers['x-file-size']).toBe(String(PAYROLL.length));
    expect(sha(backup.rawPayload)).toBe(sha(PAYROLL.subarray(0, 1000)));
    expect((await scene.t.as('user-a', { method: 'POST', url, payload: body(1000) })).statusCode).toBe(403);
    expect((await scene.t.as('user-b', { method: 'POST', url, payload: body(1000) })).statusCode).toBe(403);
    expect((await scene.t.as('admin-a', { method: 'POST', url, payload: body(0) })).statusCode).toBe(400);

    const live = (who: string, company = 'A') =>
      scene.t.as(who, {
        method: 'POST',
        url: '/v1/lis-server/get-source-file-with-legacyid',
        payload: { company_code: company, legacy_id: 'TEXT-1', path: 'payroll_th.txt', limit: PREVIEW },
      });
    const first = await live('user-a');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.rawPayload.length).toBe(PREVIEW);
    expect(first.headers['x-file-size']).toBe(String(PAYROLL.length));
    expect(sha(first.rawPayload)).toBe(sha(PAYROLL.subarray(0, PREVIEW)));
    expect((await live('user-b')).statusCode).toBe(403);
    // The cut stream closed its sFTP session: the same file can be read again at once.
    expect((await live('user-a')).rawPayload.length).toBe(PREVIEW);
  });
});
