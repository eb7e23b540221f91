import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import {
  API_PASSWORD,
  API_USER,
  FIRST,
  LEGACY_ID,
  readZip,
  SECOND,
  sha,
  startFilesFixture,
  THAI_CONTENT,
  THAI_NAME,
  type FilesFixture,
} from './files-harness.js';

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

const LIST = '/v3/lis-server/files/sftp/path';
const job = { company_code: 'A', legacy_id: LEGACY_ID };
const names = (response: { json(): { result_list: { name: string }[] } }) =>
  response
    .json()
    .result_list.map((entry) => entry.name)
    .sort();

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('file-list modal endpoints (%s)', (kind) => {
  let f: FilesFixture;
  beforeAll(async () => {
    f = await startFilesFixture(kind, sshd as OpenSshServer, fapp);
  });
  afterAll(() => f?.close());

  it('lists the source folder: regular files only, with path, UTC time and size', async () => {
    const response = await f.post('user-a', LIST, { ...job, list_type: 'sftp_source_server' });
    expect(response.statusCode, response.body).toBe(200);
    expect(names(response)).toEqual(['INV_001.csv', 'INV_002.csv', 'notes.txt', THAI_NAME].sort());
    const first = response.json().result_list.find((e: { name: string }) => e.name === 'INV_001.csv');
    expect(first).toMatchObject({
      file_path: path.join(f.inbox, 'INV_001.csv'),
      size: Buffer.byteLength(FIRST),
    });
    expect(first.last_modify).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(response.json().total_count).toBe(4);
  });

  it('lists both return folders, file_path telling which', async () => {
    const response = await f.post('user-a', LIST, { ...job, list_type: 'sftp_return_server' });
    expect(response.statusCode, response.body).toBe(200);
    const paths = response
      .json()
      .result_list.map((entry: { file_path: string }) => path.relative(f.outbox, entry.file_path))
      .sort();
    expect(paths).toEqual([
      'return_error/INV_001.csv.error.csv',
      'return_success/INV_001.csv.ok.csv',
      'return_success/INV_002.csv.ok.csv',
    ]);
  });

  it('lists the backups of the run from the ledger, and every run of the job without one', async () => {
    const lists: [string, string[]][] = [
      ['sftp_source_backup', ['INV_001.csv', 'INV_002.csv']],
      ['return_success', ['INV_001.csv.ok.csv', 'INV_002.csv.ok.csv']],
      ['return_error', ['INV_001.csv.error.csv']],
      ['api_request', ['request.json']],
      ['api_response', ['response.json']],
      ['step4_error', ['INV_001.csv']],
    ];
    for (const [listType, expected] of lists) {
      const response = await f.post('user-a', LIST, {
        ...job,
        list_type: listType,
        job_instance_no: f.instance,
      });
      expect(response.statusCode, `${listType}: ${response.body}`).toBe(200);
      expect(names(response), listType).toEqual(expected);
      expect(response.json().result_list[0].job_instance_no).toBe(f.instance);
    }
    const all = await f.post('user-a', LIST, { ...job, list_type: 'sftp_source_backup_main_page' });
    expect(names(all)).toEqual(['INV_001.csv', 'INV_002.csv']);
    const recursive = await f.post('user-a', '/v1/lis-server/files/sftp/path-recursive', {
      ...job,
      list_type: 'sftp_source_backup',
    });
    expect(recursive.statusCode, recursive.body).toBe(200);
    expect(recursive.json().result_list[0].file_path).toMatch(
      new RegExp(`^${f.instance}/source/INV_00[12]\\.csv$`),
    );
    const noRun = await f.post('user-a', LIST, { ...job, list_type: 'return_success' });
    expect(noRun.statusCode).toBe(400);
    expect(noRun.json().message).toMatch(/job_instance_no is required/);
  });

  it("answers 404 'No such directory' for a folder that does not exist", async () => {
    for (const listType of ['sftp_source_server', 'sftp_return_server']) {
      const response = await f.post('user-a', LIST, { ...job, legacy_id: 'NO-FOLDER', list_type: listType });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: 'No such directory' });
    }
    const thai = await f.t.as('user-a', {
      method: 'POST',
      url: LIST,
      headers: { 'accept-language': 'th' },
      payload: { ...job, legacy_id: 'NO-FOLDER', list_type: 'sftp_source_server' },
    });
    expect(thai.json().message).toBe('ไม่พบโฟลเดอร์');
  });

  it('downloads one file of the source and return folders, bytes equal, Thai names in filename*', async () => {
    const source = await f.post('user-a', '/v1/lis-server/get-source-file-with-legacyid', {
      ...job,
      sid: '555',
      path: 'INV_002.csv',
    });
    expect(source.statusCode, source.body).toBe(200);
    expect(source.rawPayload.equals(Buffer.from(SECOND))).toBe(true);
    expect(source.headers['content-disposition']).toBe(
      `attachment; filename="INV_002.csv"; filename*=UTF-8''INV_002.csv`,
    );
    const thai = await f.post('user-a', '/v1/lis-server/get-source-file-with-legacyid', {
      ...job,
      path: THAI_NAME,
    });
    expect(thai.statusCode, thai.body).toBe(200);
    expect(thai.rawPayload.toString()).toBe(THAI_CONTENT);
    expect(thai.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(THAI_NAME)}`,
    );
    expect(thai.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x7e]+";/);

    const returned = await f.post('user-a', '/v1/lis-server/get-destination-file-with-legacyid', {
      ...job,
      path: 'INV_002.csv.ok.csv',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.body).toBe(
      fs.readFileSync(path.join(f.outbox, 'return_success', 'INV_002.csv.ok.csv'), 'utf8'),
    );
    const missing = await f.post('user-a', '/v1/lis-server/get-source-file-with-legacyid', {
      ...job,
      path: 'nope.csv',
    });
    expect(missing.statusCode).toBe(404);
    const folder = await f.post('user-a', '/v1/lis-server/get-source-file-with-legacyid', {
      ...job,
      path: 'archive',
    });
    expect(folder.statusCode).toBe(404);
  });

  it('downloads backups for admins only, and never the API request or response backups', async () => {
    const body = { ...job, path: 'INV_001.csv', job_instance_no: f.instance };
    const backup = await f.post('admin-a', '/v1/lis-server/get-backup-file-with-legacyid', body);
    expect(backup.statusCode, backup.body).toBe(200);
    expect(backup.rawPayload.equals(Buffer.from(FIRST))).toBe(true);
    const newest = await f.post('admin-a', '/v1/lis-server/get-backup-file-with-legacyid', {
      ...job,
      path: 'INV_002.csv',
    });
    expect(newest.body).toBe(SECOND);
    const returned = await f.post('root', '/v1/lis-server/get-file-with-legacyid', {
      ...body,
      path: 'INV_001.csv.error.csv',
      list_type: 'return_error',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.body).toContain('is not a number');

    const asUser = await f.post('user-a', '/v1/lis-server/get-backup-file-with-legacyid', body);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.body).not.toContain('INV001');
    for (const listType of ['api_request', 'api_response']) {
      const api = await f.post('admin-a', '/v1/lis-server/get-file-with-legacyid', {
        ...body,
        path: `${listType === 'api_request' ? 'request' : 'response'}.json`,
        list_type: listType,
      });
      expect(api.statusCode, listType).toBe(403);
    }
  });

  it('zips a live folder, the return folders, the backups and the step-4 error files', async () => {
    const source = await f.post('user-a', '/v1/lis-server/get-all-source-files-with-legacyid', {
      ...job,
      job_instance_no: f.instance,
    });
    expect(source.statusCode, source.body).toBe(200);
    expect(source.headers['content-type']).toBe('application/zip');
    expect(source.headers['content-disposition']).toContain(
      `filename="${f.instance}_sftp_source_server.zip"`,
    );
    const sourceZip = await readZip(source.rawPayload);
    expect([...sourceZip.keys()].sort()).toEqual(
      ['INV_001.csv', 'INV_002.csv', 'notes.txt', THAI_NAME].sort(),
    );
    expect(sourceZip.get('INV_001.csv')?.toString()).toBe(FIRST);
    expect(sourceZip.get(THAI_NAME)?.toString()).toBe(THAI_CONTENT);

    const returned = await f.post('user-a', '/v1/lis-server/get-all-destination-files-with-legacyid', job);
    expect(returned.headers['content-disposition']).toContain(
      `filename="${LEGACY_ID}_sftp_return_server.zip"`,
    );
    expect([...(await readZip(returned.rawPayload)).keys()].sort()).toEqual([
      'error/INV_001.csv.error.csv',
      'success/INV_001.csv.ok.csv',
      'success/INV_002.csv.ok.csv',
    ]);

    const backups = await f.post('admin-a', '/v1/lis-server/get-backup-all-file-with-legacyid', job);
    expect(backups.statusCode, backups.body).toBe(200);
    const backupZip = await readZip(backups.rawPayload);
    expect([...backupZip.keys()].sort()).toEqual([`${f.instance}/INV_001.csv`, `${f.instance}/INV_002.csv`]);
    expect(backupZip.get(`${f.instance}/INV_002.csv`)?.toString()).toBe(SECOND);
    const ledger = await f.post('admin-a', '/v1/lis-server/get-all-file-with-legacyid', {
      ...job,
      list_type: 'return_success',
      job_instance_no: f.instance,
    });
    expect(ledger.headers['content-disposition']).toContain(`filename="${f.instance}_return_success.zip"`);
    expect([...(await readZip(ledger.rawPayload)).keys()].sort()).toEqual([
      'INV_001.csv.ok.csv',
      'INV_002.csv.ok.csv',
    ]);
    expect((await f.post('user-a', '/v1/lis-server/get-backup-all-file-with-legacyid', job)).statusCode).toBe(
      403,
    );

    const step4 = await f.post('user-a', '/v1/lis-server/get-source-files-when-step4-error', {
      ...job,
      job_instance_no: f.instance,
    });
    expect(step4.statusCode, step4.body).toBe(200);
    expect(step4.headers['content-disposition']).toContain(`filename="${f.instance}_error.zip"`);
    const step4Zip = await readZip(step4.rawPayload);
    expect([...step4Zip.keys()]).toEqual(['INV_001.csv']);
    expect(step4Zip.get('INV_001.csv')?.toString()).toBe(FIRST);
    const none = await f.post('user-a', '/v1/lis-server/get-source-files-when-step4-error', {
      ...job,
      job_instance_no: `${f.instance}x`,
    });
    expect(none.statusCode).toBe(404);
  });

  it('uploads into the source and return success folders under the name, no temporary left', async () => {
    const content = Buffer.from('INV009,อัปโหลด,9\n');
    const response = await f.put('user-a', {
      ...job,
      list_type: 'sftp_source_server',
      file_name: 'INV_009.csv',
      data: content.toString('base64'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(fs.readFileSync(path.join(f.inbox, 'INV_009.csv')).equals(content)).toBe(true);
    expect(
      fs.readdirSync(f.inbox).filter((name) => name.includes('.lis-part-') && !name.startsWith('.big')),
    ).toEqual([]);

    const dataUrl = await f.t.as('user-a', {
      method: 'PUT',
      url: '/v2/lis-server/put-file',
      payload: {
        ...job,
        list_type: 'sftp_return_server',
        file_name: 'manual.ok.csv',
        data: `data:text/csv;base64,${content.toString('base64')}`,
      },
    });
    expect(dataUrl.statusCode, dataUrl.body).toBe(200);
    expect(fs.readFileSync(path.join(f.outbox, 'return_success', 'manual.ok.csv')).equals(content)).toBe(
      true,
    );

    const before = f.snapshot();
    const again = await f.put('user-a', {
      ...job,
      list_type: 'sftp_source_server',
      file_name: 'INV_009.csv',
      data: 'QUJD',
    });
    expect(again.statusCode).toBe(409);
    expect(fs.readFileSync(path.join(f.inbox, 'INV_009.csv')).equals(content)).toBe(true);
    const backup = await f.put('admin-a', {
      ...job,
      list_type: 'sftp_source_backup',
      file_name: 'x.csv',
      data: 'QUJD',
    });
    expect(backup.statusCode).toBe(403);
    const notBase64 = await f.put('user-a', {
      ...job,
      list_type: 'sftp_source_server',
      file_name: 'y.csv',
      data: 'no!',
    });
    expect(notBase64.statusCode).toBe(400);
    expect(f.snapshot()).toEqual(before);

    const audit = await f.t.database.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('route', '=', '/v1/lis-server/put-file')
      .where('status_code', '=', 200)
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe('INV_009.csv');
    expect(JSON.stringify(audit)).not.toContain(content.toString('base64'));
    expect(JSON.stringify(audit)).toContain('sftp_source_server');
  });

  it("refuses an upload without a file with the spec's message, in English and Thai", async () => {
    for (const payload of [
      { ...job, list_type: 'sftp_source_server', file_name: 'a.csv' },
      { ...job, list_type: 'sftp_source_server', data: 'QUJD' },
      { ...job, list_type: 'sftp_source_server', file_name: '', data: '' },
    ]) {
      const response = await f.put('user-a', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please select a file before uploading');
    }
    const thai = await f.t.as('user-a', {
      method: 'PUT',
      url: '/v1/lis-server/put-file',
      headers: { 'accept-language': 'th' },
      payload: { ...job, list_type: 'sftp_source_server', file_name: 'a.csv' },
    });
    expect(thai.json().message).toBe('กรุณาเลือกไฟล์ก่อนอัปโหลด');
  });

  it('refuses an upload over 50 MB with 413, before writing anything', async () => {
    if (kind !== 'sqlite') return; // one database is enough for a 70 MB request
    const before = f.snapshot();
    const data = 'A'.repeat(Math.ceil((50 * 1024 * 1024 + 3) / 3) * 4);
    const response = await f.put('user-a', {
      ...job,
      list_type: 'sftp_source_server',
      file_name: 'big.csv',
      data,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/larger than 50 MB/);
    const tooBig = await f.put('user-a', {
      ...job,
      list_type: 'sftp_source_server',
      file_name: 'big.csv',
      data: `${data}AAAAAAAA`.repeat(2),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(f.snapshot()).toEqual(before);
  });

  it('deletes from the live folders with the action password only; backups never', async () => {
    fs.writeFileSync(path.join(f.inbox, 'delete-me.csv'), 'x');
    const payload = { ...job, list_type: 'sftp_source_server', file_name: 'delete-me.csv' };
    expect((await f.remove('user-a', payload)).statusCode).toBe(400);
    expect((await f.remove('user-a', payload, 'wrong-password-1')).statusCode).toBe(403);
    expect(fs.existsSync(path.join(f.inbox, 'delete-me.csv'))).toBe(true);
    const deleted = await f.remove('user-a', payload, 'Action-Pass-9911');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(fs.existsSync(path.join(f.inbox, 'delete-me.csv'))).toBe(false);
    const audited = await f.t.database.db.kysely
      .selectFrom('audit_log')
      .select(['target', 'details', 'status_code', 'username'])
      .where('route', '=', '/v1/lis-server/rm-file')
      .orderBy('seq')
      .execute();
    expect(audited.map((row) => [row.status_code, row.target, row.username])).toEqual([
      [400, 'delete-me.csv', 'user-a'],
      [403, 'delete-me.csv', 'user-a'],
      [200, 'delete-me.csv', 'user-a'],
    ]);
    expect(JSON.parse(audited[2]?.details ?? '{}')).toEqual({
      legacy_id: LEGACY_ID,
      list_type: 'sftp_source_server',
      path: path.join(f.inbox, 'delete-me.csv'),
    });
    expect((await f.remove('user-a', payload, 'Action-Pass-9911')).statusCode).toBe(404);

    const returned = await f.t.as('user-a', {
      method: 'DELETE',
      url: '/v2/lis-server/rm-file',
      headers: { 'x-action-password': 'Action-Pass-9911' },
      payload: {
        ...job,
        list_type: 'sftp_return_server',
        file_name: 'manual.ok.csv',
        file_path: path.join(f.outbox, 'return_success', 'manual.ok.csv'),
      },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(fs.existsSync(path.join(f.outbox, 'return_success', 'manual.ok.csv'))).toBe(false);

    const before = f.snapshot();
    const backupsBefore = await f.post('user-a', LIST, { ...job, list_type: 'sftp_source_backup' });
    for (const listType of ['sftp_source_backup', 'step4_error', 'return_success', 'api_request']) {
      const refused = await f.remove(
        'admin-a',
        { ...job, list_type: listType, file_name: 'INV_001.csv' },
        'Action-Pass-9911',
      );
      expect(refused.statusCode, listType).toBe(403);
      expect(refused.json().message).toMatch(/backups are never changed/);
    }
    expect(f.snapshot()).toEqual(before);
    expect((await f.post('user-a', LIST, { ...job, list_type: 'sftp_source_backup' })).json()).toEqual(
      backupsBefore.json(),
    );
  });

  it("keeps company B's users out of company A's files, with never a byte of them", async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['POST', LIST, { list_type: 'sftp_source_server' }],
      ['POST', LIST, { list_type: 'sftp_source_backup', job_instance_no: f.instance }],
      ['POST', '/v1/lis-server/files/sftp/path-recursive', { list_type: 'sftp_source_backup' }],
      ['POST', '/v1/lis-server/get-source-file-with-legacyid', { path: 'INV_001.csv' }],
      ['POST', '/v1/lis-server/get-destination-file-with-legacyid', { path: 'INV_002.csv.ok.csv' }],
      ['POST', '/v1/lis-server/get-all-source-files-with-legacyid', {}],
      ['POST', '/v1/lis-server/get-source-files-when-step4-error', { job_instance_no: f.instance }],
      [
        'PUT',
        '/v1/lis-server/put-file',
        { list_type: 'sftp_source_server', file_name: 'b.csv', data: 'QUJD' },
      ],
      ['DELETE', '/v1/lis-server/rm-file', { list_type: 'sftp_source_server', file_name: 'INV_001.csv' }],
    ];
    const before = f.snapshot();
    for (const [method, url, extra] of calls) {
      for (const company of ['A', 'B']) {
        const response = await f.t.as('user-b', {
          method: method as 'POST',
          url,
          headers: { 'x-action-password': 'Action-Pass-9911' },
          payload: { ...job, company_code: company, ...extra },
        });
        expect(response.statusCode, `${method} ${url} as B for ${company}`).toBe(company === 'A' ? 403 : 404);
        expect(response.body).not.toMatch(/INV00|ลูกค้า|INV_00/);
      }
    }
    expect(f.snapshot()).toEqual(before);
  });

  it('streams a large file whole, with its length', async () => {
    const big = crypto.randomBytes(8 * 1024 * 1024 + 123);
    fs.writeFileSync(path.join(f.inbox, 'big.bin'), big);
    try {
      const response = await f.post('user-a', '/v1/lis-server/get-source-file-with-legacyid', {
        ...job,
        path: 'big.bin',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(big.length));
      expect(sha(response.rawPayload)).toBe(sha(big));
    } finally {
      fs.rmSync(path.join(f.inbox, 'big.bin'));
    }
  });

  it('gives users 403 on every backup download, admins 200', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['/v1/lis-server/get-file-with-legacyid', { list_type: 'return_success', path: 'INV_002.csv.ok.csv' }],
      ['/v1/lis-server/get-all-file-with-legacyid', { list_type: 'return_success' }],
      ['/v1/lis-server/get-backup-file-with-legacyid', { path: 'INV_002.csv' }],
      ['/v1/lis-server/get-backup-all-file-with-legacyid', {}],
    ];
    for (const [url, extra] of calls) {
      const payload = { ...job, job_instance_no: f.instance, ...extra };
      const refused = await f.post('user-a', url, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toMatch(/INV00/);
      expect((await f.post('admin-a', url, payload)).statusCode, url).toBe(200);
    }
  });

  it('answers 502 with a message, and never the secret, when the sFTP server cannot be reached', async () => {
    const secret = 'Dead-Server-Secret-4412';
    const setup = [
      await f.post('admin-a', '/v1/config/sftp-server/add', {
        sid: '555',
        companycode: 'A',
        sftp_server_id: 'sftp-dead',
        sftp_ip: '127.0.0.1',
        sftp_port: 1,
        sftp_username: 'nobody',
        sftp_password: secret,
      }),
      await f.post('admin-a', '/v1/config/job-config/add', {
        sid: '555',
        companycode: 'A',
        legacyid: 'DEAD-1',
        legacyname: 'Dead server',
        legacytype: 'IN_WAIT',
        isactive: 'Y',
        sftp_source_server_id: 'sftp-dead',
        sftp_source_path: '/in',
      }),
    ];
    for (const response of setup) expect(response.statusCode, response.body).toBe(200);
    const response = await f.post('user-a', LIST, {
      ...job,
      legacy_id: 'DEAD-1',
      list_type: 'sftp_source_server',
    });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().message).toMatch(/sftp-dead.*connection refused/);
    expect(response.body).not.toContain(secret);
  });
});
