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
      expect(response.json()).toEqual({ message: 'No such directory', code: 'FOLDER_NOT_FOUND' });
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
    // The report's backup folder, Download All: every role (spec 000 §2, decision 0025).
    const byUser = await f.post('user-a', '/v1/lis-server/get-backup-all-file-with-legacyid', job);
    expect(byUser.statusCode, byUser.body.slice(0, 300)).toBe(200);
    expect([...(await readZip(byUser.rawPayload)).keys()].sort()).toEqual([...backupZip.keys()].sort());

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

  it('gives users 403 on every task / detail backup download, admins 200', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['/v1/lis-server/get-file-with-legacyid', { list_type: 'return_success', path: 'INV_002.csv.ok.csv' }],
      ['/v1/lis-server/get-all-file-with-legacyid', { list_type: 'return_success' }],
      ['/v1/lis-server/get-backup-file-with-legacyid', { path: 'INV_002.csv' }],
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
