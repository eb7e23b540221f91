import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { samplePdf, samplePng } from '../src/test-support/sample-files.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { readZip, sha } from './files-harness.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();
const q = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** The run's source files: two viewable, three never shown inline (HTML and SVG run script). */
const FILES: Record<string, Buffer> = {
  'doc.pdf': samplePdf(),
  'ภาพ.PNG': samplePng(),
  'page.html': Buffer.from('<script>alert(1)</script>'),
  'pic.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  'notes.txt': Buffer.from('plain\n'),
};
/** The zip's folder of each ledger list. */
const FOLDERS: Record<string, string> = {
  source: 'source_backup',
  return_success: 'return_success_backup',
  return_error: 'return_error_backup',
  api_request: 'api_request_backup',
  api_response: 'api_response_backup',
  step4_error: 'step4_error_source',
};

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('file viewer and run history zip (%s)', (kind) => {
  const scene = usePipelineScene(kind, peers);
  let run: string;
  let dmsIds: Record<string, string>;

  beforeAll(async () => {
    const inbox = path.join(scene.root, 'view-in');
    fs.mkdirSync(inbox);
    for (const [name, bytes] of Object.entries(FILES)) fs.writeFileSync(path.join(inbox, name), bytes);
    await scene.addJob('VIEW-1', {
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
    const done = await scene.runNow('VIEW-1', 'DMS_WAIT');
    expect(done.state, done.message ?? '').toBe('FINISHED');
    run = done.job_instance_no;
    const listed = await scene.t.as('user-a', {
      url: `/v2/dms/file/list?${q({ company_code: 'A', legacy_id: 'VIEW-1', job_instance_no: run })}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    dmsIds = Object.fromEntries(
      listed.json().result_list.map((f: { id: string; file_name: string }) => [f.file_name, f.id]),
    );
    expect(Object.keys(dmsIds).sort()).toEqual(Object.keys(FILES).sort());
  });

  const dmsFile = (who: string, name: string, extra: Record<string, string> = {}) =>
    scene.t.as(who, {
      url: `/v2/dms/file?${q({ company_code: 'A', legacy_id: 'VIEW-1', id: dmsIds[name] ?? '', ...extra })}`,
    });

  it('serves a PDF and a PNG inline, sandboxed and not sniffed, with their one Content-Type', async () => {
    for (const [name, type] of [
      ['doc.pdf', 'application/pdf'],
      ['ภาพ.PNG', 'image/png'],
    ] as const) {
      const r = await dmsFile('user-a', name, { disposition: 'inline' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toBe(type);
      expect(r.headers['content-disposition']).toMatch(/^inline; /);
      expect(r.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(sha(r.rawPayload)).toBe(sha(FILES[name] as Buffer));
    }
  });

  it('never serves HTML, SVG or other types inline, and stays an attachment when not asked', async () => {
    for (const name of ['page.html', 'pic.svg', 'notes.txt'])
      for (const extra of [{ disposition: 'inline' }, {}] as Record<string, string>[]) {
        const r = await dmsFile('user-a', name, extra);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['content-type']).toBe('application/octet-stream');
        expect(r.headers['content-disposition']).toMatch(/^attachment; /);
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['content-security-policy']).not.toMatch(/sandbox/);
      }
    const plain = await dmsFile('user-a', 'doc.pdf');
    expect(plain.headers['content-disposition']).toMatch(/^attachment; /);
    expect(plain.headers['content-type']).toBe('application/octet-stream');
    expect((await dmsFile('user-a', 'doc.pdf', { disposition: 'embed' })).statusCode).toBe(400);
  });

  it('keeps the download rules when viewing: another company 403, another job 404', async () => {
    expect((await dmsFile('user-b', 'doc.pdf', { disposition: 'inline' })).statusCode).toBe(403);
    const otherJob = await scene.t.as('user-a', {
      url: `/v2/dms/file?${q({ company_code: 'A', legacy_id: 'OTHER-JOB', id: dmsIds['doc.pdf'] ?? '', disposition: 'inline' })}`,
    });
    expect(otherJob.statusCode).toBe(404);
  });

  it('views a kept source backup inline by the backup rule (admins only) and a live file by everyone', async () => {
    const body = (name: string) => ({
      company_code: 'A',
      legacy_id: 'VIEW-1',
      list_type: 'sftp_source_backup',
      job_instance_no: run,
      path: name,
      disposition: 'inline',
    });
    const url = '/v1/lis-server/get-file-with-legacyid';
    const pdf = await scene.t.as('admin-a', { method: 'POST', url, payload: body('doc.pdf') });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; /);
    expect(sha(pdf.rawPayload)).toBe(sha(FILES['doc.pdf'] as Buffer));
    const svg = await scene.t.as('admin-a', { method: 'POST', url, payload: body('pic.svg') });
    expect(svg.headers['content-disposition']).toMatch(/^attachment; /);
    expect(svg.headers['content-type']).toBe('application/octet-stream');
    expect((await scene.t.as('user-a', { method: 'POST', url, payload: body('doc.pdf') })).statusCode).toBe(
      403,
    );
    expect((await scene.t.as('user-b', { method: 'POST', url, payload: body('doc.pdf') })).statusCode).toBe(
      403,
    );
    const live = await scene.t.as('user-a', {
      method: 'POST',
      url: '/v1/lis-server/get-source-file-with-legacyid',
      payload: { company_code: 'A', legacy_id: 'VIEW-1', path: 'ภาพ.PNG', disposition: 'inline' },
    });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.headers['content-type']).toBe('image/png');
    expect(live.headers['content-disposition']).toMatch(/^inline; /);
  });

  const historyZip = (who: string, jobInstanceNo = run, company = 'A') =>
    scene.t.as(who, {
      method: 'POST',
      url: '/v1/lis-server/get-run-history-zip',
      payload: { sid: '555', company_code: company, legacy_id: 'VIEW-1', job_instance_no: jobInstanceNo },
    });

  /** What the zip must hold for `lists`: every kept file of the run (by the ledger) and its DMS files. */
  async function expectedEntries(lists: readonly string[]): Promise<Map<string, string>> {
    const rows = await scene.t.database.db.kysely
      .selectFrom('run_files')
      .select(['list_type', 'file_name', 'sha256'])
      .where('company_code', '=', 'A')
      .where('legacy_id', '=', 'VIEW-1')
      .where('job_instance_no', '=', run)
      .execute();
    const expected = new Map<string, string>();
    for (const row of rows)
      if (lists.includes(row.list_type))
        expected.set(`${FOLDERS[row.list_type]}/${row.file_name}`, row.sha256);
    for (const [name, bytes] of Object.entries(FILES)) expected.set(`dms/invoices/${name}`, sha(bytes));
    return expected;
  }

  it("zips the run's whole history in one streamed zip, a folder per list, as the stored files", async () => {
    const r = await historyZip('admin-a');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toContain(`${run}_history.zip`);
    const entries = await readZip(r.rawPayload);
    const expected = await expectedEntries(['source', 'return_success', 'return_error', 'step4_error']);
    expect(expected.get('source_backup/doc.pdf')).toBe(sha(FILES['doc.pdf'] as Buffer));
    expect(new Map([...entries].map(([name, bytes]) => [name, sha(bytes)]))).toEqual(expected);
    for (const name of entries.keys()) {
      expect(name.startsWith('/')).toBe(false);
      expect(name.split('/')).not.toContain('..');
    }
  });

  it('holds only what the role may download; another company or an unknown run gets nothing', async () => {
    const user = await historyZip('user-a');
    expect(user.statusCode, user.body).toBe(200);
    const names = [...(await readZip(user.rawPayload)).keys()].sort();
    expect(names).toEqual([...(await expectedEntries(['step4_error'])).keys()].sort());
    expect(names.some((name) => name.startsWith('api_'))).toBe(false);
    expect((await historyZip('user-b')).statusCode).toBe(403);
    expect((await historyZip('root', run, 'B')).statusCode).toBe(404);
    expect((await historyZip('admin-a', 'NO-SUCH-RUN')).statusCode).toBe(404);
    expect((await historyZip('admin-a', '../x')).statusCode).toBe(400);
  });
});
