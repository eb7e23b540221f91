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
  ACTION_PASSWORD,
  API_PASSWORD,
  API_USER,
  LEGACY_ID,
  readZip,
  startFilesFixture,
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

/** SECURITY.md "path traversal": every variant, as a file name. */
const NAME_VARIANTS = [
  '../etc/passwd',
  '../../INV_001.csv',
  '..%2f..%2fetc%2fpasswd',
  '..%2F',
  '%2e%2e/%2e%2e/etc/passwd',
  '%2e%2e%2fetc',
  '%2E%2E',
  '..;/etc/passwd',
  '..;',
  '..\\..\\etc\\passwd',
  '..\\',
  'in\\INV_001.csv',
  '/etc/passwd',
  '/tmp/lis-evil.csv',
  'in/INV_001.csv',
  'INV_001.csv/',
  '..',
  '.',
  'a..b',
  'a.csv\u0000.txt',
  'a.csv%00.txt',
  `${'x'.repeat(252)}.csv`,
  'ก'.repeat(90),
  'a\r\nb.csv',
  'a\nSet-Cookie: x=y',
  'tab\there.csv',
  'del\u007f.csv',
  'quo"te.csv',
  "it's.csv",
  'back`tick.csv',
  ' INV_001.csv',
  'INV_001.csv ',
  '.big.csv.lis-part-0123456789ab',
];

/** Record identifiers that would name a folder of the backup store. */
const ID_VARIANTS = [
  '../A',
  '..',
  '.',
  '..%2fA',
  '%2e%2e/A',
  '..;/A',
  '..\\A',
  '/etc',
  'A\u0000',
  'A\r\n',
  'A"',
  'x'.repeat(200),
];

const job = { company_code: 'A', legacy_id: LEGACY_ID };

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)(
  'file endpoints refuse every traversal (%s)',
  (kind) => {
    let f: FilesFixture;
    beforeAll(async () => {
      f = await startFilesFixture(kind, sshd as OpenSshServer, fapp);
      // Names an attacker may have dropped into the folder through another channel.
      fs.writeFileSync(path.join(f.inbox, 'evil\\..\\x.csv'), 'backslashes');
      fs.writeFileSync(path.join(f.inbox, 'quo"te:*?.csv'), 'quotes');
      fs.writeFileSync(path.join(f.inbox, '..hidden'), 'dots');
    });
    afterAll(() => f?.close());

    it('refuses each on upload with 400 and writes nothing', async () => {
      const before = f.snapshot();
      for (const listType of ['sftp_source_server', 'sftp_return_server']) {
        for (const name of NAME_VARIANTS) {
          const response = await f.put('admin-a', {
            ...job,
            list_type: listType,
            file_name: name,
            data: 'QUJD',
          });
          expect(response.statusCode, `${listType} ${JSON.stringify(name)}: ${response.body}`).toBe(400);
          expect(response.json().message).toMatch(/plain name/);
        }
      }
      expect(f.snapshot()).toEqual(before);
      expect(fs.existsSync('/tmp/lis-evil.csv')).toBe(false);
    });

    it('refuses each on delete with 400 (before the password is even checked) and removes nothing', async () => {
      const before = f.snapshot();
      for (const listType of ['sftp_source_server', 'sftp_return_server']) {
        for (const name of NAME_VARIANTS) {
          const response = await f.remove(
            'admin-a',
            { ...job, list_type: listType, file_name: name },
            ACTION_PASSWORD,
          );
          expect(response.statusCode, `${listType} ${JSON.stringify(name)}: ${response.body}`).toBe(400);
        }
      }
      expect(f.snapshot()).toEqual(before);
    });

    it('refuses each on every single-file download with 400 and sends no byte', async () => {
      const urls: [string, Record<string, unknown>][] = [
        ['/v1/lis-server/get-source-file-with-legacyid', {}],
        ['/v1/lis-server/get-destination-file-with-legacyid', {}],
        ['/v1/lis-server/get-backup-file-with-legacyid', { job_instance_no: f.instance }],
        ['/v1/lis-server/get-file-with-legacyid', { job_instance_no: f.instance, list_type: 'step4_error' }],
      ];
      for (const [url, extra] of urls) {
        for (const name of NAME_VARIANTS) {
          const response = await f.post('root', url, { ...job, ...extra, path: name });
          expect(response.statusCode, `${url} ${JSON.stringify(name)}: ${response.body}`).toBe(400);
          expect(response.body).not.toMatch(/INV00|root:|backslashes/);
        }
      }
    });

    it('refuses a traversal in the legacy id or job instance of lists, zips and downloads with 400', async () => {
      const calls: [string, Record<string, unknown>][] = [
        ['/v3/lis-server/files/sftp/path', { list_type: 'sftp_source_backup' }],
        ['/v1/lis-server/files/sftp/path-recursive', { list_type: 'sftp_source_backup' }],
        ['/v1/lis-server/get-all-source-files-with-legacyid', {}],
        ['/v1/lis-server/get-backup-all-file-with-legacyid', {}],
        ['/v1/lis-server/get-source-file-with-legacyid', { path: 'INV_001.csv' }],
      ];
      for (const [url, extra] of calls)
        for (const id of ID_VARIANTS) {
          const byJob = await f.post('root', url, { ...job, ...extra, legacy_id: id });
          expect(byJob.statusCode, `${url} legacy_id ${JSON.stringify(id)}`).toBe(400);
        }
      const runCalls: [string, Record<string, unknown>][] = [
        ['/v3/lis-server/files/sftp/path', { list_type: 'step4_error' }],
        ['/v1/lis-server/get-source-files-when-step4-error', {}],
        ['/v1/lis-server/get-all-file-with-legacyid', { list_type: 'return_success' }],
        ['/v1/lis-server/get-backup-file-with-legacyid', { path: 'INV_001.csv' }],
      ];
      for (const [url, extra] of runCalls)
        for (const id of ID_VARIANTS) {
          const byRun = await f.post('root', url, { ...job, ...extra, job_instance_no: id });
          expect(byRun.statusCode, `${url} job_instance_no ${JSON.stringify(id)}`).toBe(400);
        }
      // The source/response text download of chosen runs (decision 0014): the job and every run id.
      const chosen = '/v1/lis-server/get-backup-file-with-instanceids';
      for (const id of ID_VARIANTS) {
        const byJob = await f.post('root', chosen, {
          ...job,
          legacy_id: id,
          lis_type: 'source',
          job_instance_no_list: [f.instance],
        });
        expect(byJob.statusCode, `${chosen} legacy_id ${JSON.stringify(id)}`).toBe(400);
        const byRun = await f.post('root', chosen, {
          ...job,
          lis_type: 'source',
          job_instance_no_list: [f.instance, id],
        });
        expect(byRun.statusCode, `${chosen} job_instance_no_list ${JSON.stringify(id)}`).toBe(400);
        expect(byRun.body).not.toMatch(/INV00/);
      }
      const put = await f.put('root', {
        ...job,
        legacy_id: '../A',
        list_type: 'sftp_source_server',
        file_name: 'a.csv',
        data: 'QUJD',
      });
      expect(put.statusCode).toBe(400);
    });

    it('lists hostile names as they are, and zips them under sanitised entry names', async () => {
      const list = await f.post('user-a', '/v3/lis-server/files/sftp/path', {
        ...job,
        list_type: 'sftp_source_server',
      });
      const listed = list.json().result_list.map((entry: { name: string }) => entry.name);
      expect(listed).toEqual(expect.arrayContaining(['evil\\..\\x.csv', 'quo"te:*?.csv', '..hidden']));
      const zip = await f.post('user-a', '/v1/lis-server/get-all-source-files-with-legacyid', job);
      expect(zip.statusCode, zip.body).toBe(200);
      const entries = [...(await readZip(zip.rawPayload)).keys()];
      expect(entries).toEqual(expect.arrayContaining(['quo_te___.csv', '__hidden']));
      // A name with a backslash is listed, but LIS never reads it (the adapter will not address it).
      expect(entries.some((entry) => entry.includes('evil'))).toBe(false);
      for (const entry of entries) {
        expect(entry).not.toMatch(/^\/|\\|"|:|^\.|\/\.\.?(\/|$)/);
        expect(entry.split('/')).not.toContain('..');
      }
      // A hostile name is never downloadable by name (it is not a plain name) — only inside the zip.
      const one = await f.post('user-a', '/v1/lis-server/get-source-file-with-legacyid', {
        ...job,
        path: 'evil\\..\\x.csv',
      });
      expect(one.statusCode).toBe(400);
    });
  },
);
