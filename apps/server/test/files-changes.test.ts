import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { TEST_PASSWORD } from '../src/test-support/test-app.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { API_PASSWORD, API_USER, LEGACY_ID, startFilesFixture, type FilesFixture } from './files-harness.js';

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

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)(
  'file-list modal uploads, deletes and company scoping (%s)',
  (kind) => {
    let f: FilesFixture;
    beforeAll(async () => {
      f = await startFilesFixture(kind, sshd as OpenSshServer, fapp);
    });
    afterAll(() => f?.close());

    /** The audit rows of a route, once at least `count` are written (the audit trail writes after the reply). */
    function auditRows(route: string, count: number) {
      return eventually(
        async () => {
          const rows = await f.t.database.db.kysely
            .selectFrom('audit_log')
            .select(['target', 'details', 'status_code', 'username'])
            .where('route', '=', route)
            .orderBy('seq')
            .execute();
          return rows.length >= count ? rows : undefined;
        },
        { timeout: 5_000, message: `${count} audit rows of ${route}` },
      );
    }

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

      const audit = (await auditRows('/v1/lis-server/put-file', 2)).find((row) => row.status_code === 200);
      expect(audit?.target).toBe('INV_009.csv');
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
      const audited = await auditRows('/v1/lis-server/rm-file', 3);
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

    it('deletes with the user’s own password when no action password is set (decision 0020)', async () => {
      const cleared = await f.t.as('root', { method: 'DELETE', url: '/v1/settings/action-password' });
      expect(cleared.statusCode).toBe(200);
      try {
        fs.writeFileSync(path.join(f.inbox, 'own-password.csv'), 'x\n');
        const payload = { ...job, list_type: 'sftp_source_server', file_name: 'own-password.csv' };
        const refused = await f.remove('user-a', payload, 'Action-Pass-9911');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('Your password is not correct');
        expect(fs.existsSync(path.join(f.inbox, 'own-password.csv'))).toBe(true);
        const removed = await f.remove('user-a', payload, TEST_PASSWORD);
        expect(removed.statusCode, removed.body).toBe(200);
        expect(fs.existsSync(path.join(f.inbox, 'own-password.csv'))).toBe(false);
      } finally {
        const restored = await f.t.as('root', {
          method: 'PUT',
          url: '/v1/settings/action-password',
          payload: { password: 'Action-Pass-9911' },
        });
        expect(restored.statusCode).toBe(200);
      }
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
          expect(response.statusCode, `${method} ${url} as B for ${company}`).toBe(
            company === 'A' ? 403 : 404,
          );
          expect(response.body).not.toMatch(/INV00|ลูกค้า|INV_00/);
        }
      }
      expect(f.snapshot()).toEqual(before);
    });
  },
);
