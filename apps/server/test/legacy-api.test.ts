/**
 * The legacy console's calls (spec 000 §7 and spec 001 §7) against docs/legacy-api.md: every spec
 * call is a row of the table, and every row is called on a real app (real database, real OpenSSH,
 * the reference function server, a job with a real run) with the documented status checked — so a
 * row cannot go stale, and a call the product drops fails here.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { API_PASSWORD, API_USER, LEGACY_ID, startFilesFixture, type FilesFixture } from './files-harness.js';

/** The spec's calls in spec order (spec 000 §7, then the calls spec 001 §7 adds). */
export const SPEC_CALLS: [number, string, string][] = [
  [1, 'GET', '/v1/user'],
  [2, 'GET', '/v1/legacy/report'],
  [3, 'GET', '/v2/legacy/report'],
  [4, 'GET', '/v1/legacy/task'],
  [5, 'GET', '/v1/system/log'],
  [6, 'GET', '/v1/application/log'],
  [7, 'GET', '/v1/legacy/daily-report'],
  [8, 'GET', '/v1/legacy/expected-running-job-report'],
  [9, 'GET', '/v1/lis-server/quartz'],
  [10, 'GET', '/v1/version'],
  [11, 'GET', '/v1/env'],
  [12, 'GET', '/v1/env/get'],
  [13, 'GET', '/v1/sso-env/get'],
  [14, 'GET', '/v1/get-env'],
  [15, 'GET', '/v1/workflow/ping-settings'],
  [16, 'GET', '/v1/company_master'],
  [17, 'POST', '/v1/ping'],
  [18, 'GET', '/v1/job/resume'],
  [19, 'GET', '/v1/lis-server/run-immediate'],
  [20, 'POST', '/v1/lis-server/cancel'],
  [21, 'GET', '/v1/lis-server/run-step'],
  [22, 'POST', '/v1/lis-server/run-step'],
  [23, 'POST', '/v1/lis-server/re-scheduler'],
  [24, 'POST', '/v1/lis-server/exist/sftp/path'],
  [25, 'POST', '/v1/lis-server/expand/sftp/path'],
  [26, 'POST', '/v1/lis-server/files/sftp/path-recursive'],
  [27, 'POST', '/v3/lis-server/files/sftp/path'],
  [28, 'DELETE', '/v1/lis-server/rm-file'],
  [29, 'DELETE', '/v2/lis-server/rm-file'],
  [30, 'PUT', '/v1/lis-server/put-file'],
  [31, 'PUT', '/v2/lis-server/put-file'],
  [32, 'GET', '/v1/dms/file/list'],
  [33, 'GET', '/v2/dms/file/list'],
  [34, 'GET', '/v2/dms/file'],
  [35, 'GET', '/v1/config/url-file'],
  [36, 'POST', '/v1/lis-server/get-source-files-when-step4-error'],
  [37, 'POST', '/v1/lis-server/get-all-source-files-with-legacyid'],
  [38, 'POST', '/v1/lis-server/get-all-destination-files-with-legacyid'],
  [39, 'POST', '/v1/lis-server/get-all-file-with-legacyid'],
  [40, 'POST', '/v1/lis-server/get-backup-all-file-with-legacyid'],
  [41, 'POST', '/v1/lis-server/get-source-file-with-legacyid'],
  [42, 'POST', '/v1/lis-server/get-destination-file-with-legacyid'],
  [43, 'POST', '/v1/lis-server/get-file-with-legacyid'],
  [44, 'POST', '/v1/lis-server/get-backup-file-with-legacyid'],
  [45, 'POST', '/v1/lis-server/get-backup-file-with-instanceids'],
  [46, 'POST', '/v1/config/validate-sftp-filename'],
  [47, 'GET', '/v1/config/export'],
  [48, 'GET', '/v1/config/api-server'],
  [49, 'POST', '/v1/config/api-server/add'],
  [50, 'POST', '/v1/config/api-server/edit'],
  [51, 'DELETE', '/v1/config/api-server/delete'],
  [52, 'GET', '/v1/config/sftp-server'],
  [53, 'POST', '/v1/config/sftp-server/add'],
  [54, 'POST', '/v1/config/sftp-server/edit'],
  [55, 'DELETE', '/v1/config/sftp-server/delete'],
  [56, 'GET', '/v1/config/dms'],
  [57, 'GET', '/v1/config/dms'],
  [58, 'POST', '/v1/config/dms'],
  [59, 'PUT', '/v1/config/dms'],
  [60, 'DELETE', '/v1/config/dms'],
  [61, 'GET', '/v1/config/job-config'],
  [62, 'POST', '/v1/config/job-config/add'],
  [63, 'PUT', '/v1/config/job-config/update'],
  [64, 'DELETE', '/v1/config/job-config'],
  [65, 'GET', '/v1/config/job-config/get'],
  [66, 'GET', '/v1/config/email-content'],
  [67, 'POST', '/v1/config/email-content'],
  [68, 'GET', '/v1/test/fapp/connection'],
  [69, 'POST', '/v1/test/sftp/connection'],
  [70, 'POST', '/v1/test/job/connection'],
  [71, 'GET', '/v1/user'],
  [72, 'POST', '/v1/user/create'],
  [73, 'POST', '/v1/user/import'],
  [74, 'PUT', '/v1/user/edit'],
  [75, 'DELETE', '/v1/user'],
  [76, 'POST', '/v1/chianjob/insert'],
  [77, 'GET', '/v1/chianjob/get'],
];

const CLASSES = ['exact', 'difference', 'refused'] as const;
type Role = 'user' | 'admin' | 'super_admin';
const CALLER: Record<Role, string> = { user: 'user-a', admin: 'admin-a', super_admin: 'root' };

export interface TableRow {
  number: number;
  method: string;
  path: string;
  expected: { status: number; role: Role }[];
  kind: (typeof CLASSES)[number];
}

/** The one table of docs/legacy-api.md: `| # | Method | Path | Status | Class | … |`. */
export function readTable(markdown: string): TableRow[] {
  const rows: TableRow[] = [];
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 7 || !/^\d+$/.test(cells[1] ?? '')) continue;
    const [, number, method, pathCell, status, kind] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const expected = [...status.matchAll(/(\d{3}) \((user|admin|super_admin)\)/g)].map((m) => ({
      status: Number(m[1]),
      role: m[2] as Role,
    }));
    rows.push({
      number: Number(number),
      method,
      path: pathCell.replace(/`/g, '').split('?')[0] ?? '',
      expected,
      kind: kind as TableRow['kind'],
    });
  }
  return rows;
}

const TABLE = readTable(fs.readFileSync(path.join(__dirname, '../../../docs/legacy-api.md'), 'utf8'));

describe('docs/legacy-api.md', () => {
  it('has one row per spec call, in spec order, with a status per row and a known class', () => {
    expect(TABLE.map((row) => [row.number, row.method, row.path])).toEqual(SPEC_CALLS);
    for (const row of TABLE) {
      expect(row.expected.length, `row ${row.number}`).toBeGreaterThan(0);
      expect(CLASSES, `row ${row.number}`).toContain(row.kind);
    }
  });
});

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

const q = (params: Record<string, string | number>) =>
  '?' +
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
/** A multipart body with one Excel file in the field `files` (as the Employee screen's upload). */
function multipart(file: Buffer, filename: string) {
  const boundary = '----lis-legacy-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)(
  'every legacy call answers as documented (%s)',
  (kind) => {
    let f: FilesFixture;
    let backupBody: Record<string, string> = {};
    let returnName = '';
    let usersWorkbook = Buffer.alloc(0);
    beforeAll(async () => {
      f = await startFilesFixture(kind, sshd as OpenSshServer, fapp);
      const backups = await f.post('admin-a', '/v3/lis-server/files/sftp/path', {
        company_code: 'A',
        legacy_id: LEGACY_ID,
        list_type: 'sftp_source_backup',
        job_instance_no: f.instance,
      });
      expect(backups.statusCode, backups.body).toBe(200);
      backupBody = {
        sid: '555',
        company_code: 'A',
        legacy_id: LEGACY_ID,
        path: backups.json().result_list[0].name,
        job_instance_no: f.instance,
      };
      const returned = await f.post('admin-a', '/v3/lis-server/files/sftp/path', {
        company_code: 'A',
        legacy_id: LEGACY_ID,
        list_type: 'sftp_return_server',
      });
      expect(returned.statusCode, returned.body).toBe(200);
      returnName = returned.json().result_list[0]?.name ?? '';
      const dms = await f.post('admin-a', '/v1/config/dms', {
        sid: '555',
        companycode: 'A',
        dms_serverid: 'dms-a',
        dms_url: 'https://dms.example.test',
        dms_token: 'tok-a',
      });
      expect(dms.statusCode, dms.body).toBe(200);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Users');
      sheet.addRow(['id', 'company_code', 'role_access']);
      sheet.addRow(['imported-user', 'A', 'user']);
      usersWorkbook = Buffer.from(await book.xlsx.writeBuffer());
    }, 60_000);
    afterAll(() => f?.close());

    /** The legacy request of each row, as the spec's client sends it. */
    const request = (n: number): InjectOptions => {
      const s = sshd as OpenSshServer;
      const job = { sid: '555', company_code: 'A', legacy_id: LEGACY_ID };
      const run = { ...job, job_instance_no: f.instance };
      const fileBody = (file: string) => ({ ...job, path: file });
      const sftpForm = {
        sftp_ip: s.host,
        sftp_port: s.port,
        sftp_username: s.keyUser,
        private_key: s.privateKey,
      };
      const table: Record<number, InjectOptions> = {
        1: { url: '/v1/user' + q({ id: 'user-a', role_access: 'admin' }) },
        2: { url: '/v1/legacy/report' + q({ sid: 555, company_code: 'A' }) },
        3: { url: '/v2/legacy/report' + q({ sid: 555, company_code: 'A', username: 'user-a' }) },
        4: {
          url:
            '/v1/legacy/task' +
            q({
              sid: 555,
              company_code: 'A',
              status: 'ERROR',
              page: 1,
              page_size: 25,
              job_instance_no: '',
              legacy_id: '',
              job_started_on_from: '20261101000000',
              job_started_on_to: '20261130000000',
              legacy_name: '',
            }),
        },
        5: {
          url:
            '/v1/system/log' +
            q({
              sid: 555,
              company_code: 'A',
              page: 1,
              page_size: 25,
              job_started_on_from: '20261101000000',
              job_started_on_to: '20261130000000',
              job_instanceno: '',
            }),
        },
        6: {
          url:
            '/v1/application/log' +
            q({
              sid: 555,
              company_code: 'A',
              page: 1,
              page_size: 25,
              legacy_id: LEGACY_ID,
              transaction_date_from: '20261101',
              transaction_date_to: '20261130',
              source_id1: '',
              source_id2: '',
              source_id3: '',
            }),
        },
        7: {
          url:
            '/v1/legacy/daily-report' +
            q({ sid: 555, company_code: 'A', date_from: '20261120', date_to: '20261121' }),
        },
        8: { url: '/v1/legacy/expected-running-job-report' + q({ sid: 555, company_code: 'A' }) },
        9: { url: '/v1/lis-server/quartz' },
        10: { url: '/v1/version' },
        11: { url: '/v1/env' },
        12: { url: '/v1/env/get' },
        13: { url: '/v1/sso-env/get' },
        14: { url: '/v1/get-env' },
        15: { url: '/v1/workflow/ping-settings' },
        16: { url: '/v1/company_master' + q({ sid: 555, status: 'active' }) },
        17: {
          method: 'POST',
          url: '/v1/ping',
          payload: {
            sid: '555',
            company_code: 'A',
            web_id: 'lis',
            ip_address: '127.0.0.1',
            user_id: 'user-a',
            module: 'legacy',
            ping_time: '2026-11-21T03:00:00Z',
          },
        },
        18: { url: '/v1/job/resume' + q(job) },
        19: {
          url: '/v1/lis-server/run-immediate' + q({ ...job, legacy_id: 'NO-FOLDER', legacy_type: 'IN_WAIT' }),
        },
        20: { method: 'POST', url: '/v1/lis-server/cancel' + q(run) },
        21: { url: '/v1/lis-server/run-step' + q({ ...run, legacy_type: 'IN_WAIT', step: 4 }) },
        22: {
          method: 'POST',
          url: '/v1/lis-server/run-step' + q({ ...run, legacy_type: 'IN_WAIT', step: 4 }),
        },
        23: { method: 'POST', url: '/v1/lis-server/re-scheduler', payload: job },
        24: {
          method: 'POST',
          url: '/v1/lis-server/exist/sftp/path',
          payload: {
            path: f.inbox,
            host: s.host,
            port: s.port,
            username: s.keyUser,
            password: '',
            private_key: '',
          },
        },
        25: {
          method: 'POST',
          url: '/v1/lis-server/expand/sftp/path',
          payload: {
            path: f.root,
            host: s.host,
            port: s.port,
            username: s.keyUser,
            password: '',
            private_key: '',
          },
        },
        26: {
          method: 'POST',
          url: '/v1/lis-server/files/sftp/path-recursive',
          payload: { legacy_id: LEGACY_ID, list_type: 'sftp_source_backup_main_page', company_code: 'A' },
        },
        27: {
          method: 'POST',
          url: '/v3/lis-server/files/sftp/path',
          payload: { ...run, sid: undefined, list_type: 'sftp_source_server' },
        },
        28: {
          method: 'DELETE',
          url: '/v1/lis-server/rm-file',
          payload: {
            file_name: 'notes.txt',
            legacy_id: LEGACY_ID,
            list_type: 'sftp_source_server',
            company_code: 'A',
          },
        },
        29: {
          method: 'DELETE',
          url: '/v2/lis-server/rm-file',
          payload: {
            file_name: 'notes.txt',
            legacy_id: LEGACY_ID,
            list_type: 'sftp_source_server',
            company_code: 'A',
          },
        },
        30: {
          method: 'PUT',
          url: '/v1/lis-server/put-file',
          payload: {
            legacy_id: LEGACY_ID,
            company_code: 'A',
            data: b64('legacy upload v1\n'),
            file_name: 'legacy-v1.txt',
            list_type: 'sftp_source_server',
          },
        },
        31: {
          method: 'PUT',
          url: '/v2/lis-server/put-file',
          payload: {
            legacy_id: LEGACY_ID,
            company_code: 'A',
            data: b64('legacy upload v2\n'),
            file_name: 'legacy-v2.txt',
            list_type: 'sftp_source_server',
          },
        },
        32: {
          url:
            '/v1/dms/file/list' +
            q({ url: 'https://elsewhere.invalid', token: 'x', bucket_id: 'b1', job_instance_no: f.instance }),
        },
        33: { url: '/v2/dms/file/list' + q(run) },
        34: { url: '/v2/dms/file' + q({ ...job, id: 'no-such-file' }) },
        35: { url: '/v1/config/url-file' + q(job) },
        36: {
          method: 'POST',
          url: '/v1/lis-server/get-source-files-when-step4-error',
          payload: { legacy_id: LEGACY_ID, company_code: 'A', job_instance_no: f.instance },
        },
        37: {
          method: 'POST',
          url: '/v1/lis-server/get-all-source-files-with-legacyid',
          payload: fileBody(''),
        },
        38: {
          method: 'POST',
          url: '/v1/lis-server/get-all-destination-files-with-legacyid',
          payload: fileBody(''),
        },
        39: { method: 'POST', url: '/v1/lis-server/get-all-file-with-legacyid', payload: fileBody('') },
        40: {
          method: 'POST',
          url: '/v1/lis-server/get-backup-all-file-with-legacyid',
          payload: fileBody(''),
        },
        41: {
          method: 'POST',
          url: '/v1/lis-server/get-source-file-with-legacyid',
          payload: fileBody('INV_001.csv'),
        },
        42: {
          method: 'POST',
          url: '/v1/lis-server/get-destination-file-with-legacyid',
          payload: fileBody(returnName),
        },
        43: { method: 'POST', url: '/v1/lis-server/get-file-with-legacyid', payload: backupBody },
        44: { method: 'POST', url: '/v1/lis-server/get-backup-file-with-legacyid', payload: backupBody },
        45: {
          method: 'POST',
          url: '/v1/lis-server/get-backup-file-with-instanceids',
          payload: {
            legacy_id: LEGACY_ID,
            company_code: 'A',
            lis_type: 'source',
            job_instance_no_list: [f.instance],
          },
        },
        46: {
          method: 'POST',
          url: '/v1/config/validate-sftp-filename' + q({ regex: 'INV_[0-9]+\\.csv' }),
          payload: ['INV_001.csv', 'notes.txt'],
        },
        47: {
          url:
            '/v1/config/export' +
            q({
              sid: 555,
              company_code: 'A',
              legacy_id: '',
              legacy_name: '',
              api_class_name: '',
              api_function_name: '',
            }),
        },
        48: { url: '/v1/config/api-server' + q({ sid: 555, page: 1, page_size: 25 }) },
        49: {
          method: 'POST',
          url: '/v1/config/api-server/add',
          payload: {
            sid: '555',
            companyname: 'Company A',
            companycode: 'A',
            api_serverid: 'legacy-api',
            api_url_callfunction: fapp.url,
            api_username: API_USER,
            api_password: API_PASSWORD,
          },
        },
        50: {
          method: 'POST',
          url: '/v1/config/api-server/edit',
          payload: {
            sid: '555',
            companyname: 'Company A',
            companycode: 'A',
            api_serverid: 'legacy-api',
            api_url_callfunction: fapp.url,
            api_username: API_USER,
            api_password: API_PASSWORD,
          },
        },
        51: {
          method: 'DELETE',
          url: '/v1/config/api-server/delete' + q({ sid: 555, api_server_id: 'legacy-api' }),
        },
        52: { url: '/v1/config/sftp-server' + q({ sid: 555, page: 1, page_size: 25 }) },
        53: {
          method: 'POST',
          url: '/v1/config/sftp-server/add',
          payload: {
            // The spec's fields only: no companycode (admin-a's one company is taken).
            sid: '555',
            sftp_server_id: 'legacy-sftp',
            ...sftpForm,
            sftp_password: '',
            privatekey_path: '',
          },
        },
        54: {
          method: 'POST',
          url: '/v1/config/sftp-server/edit',
          payload: {
            // The spec's fields only: no companycode (admin-a's one company is taken).
            sid: '555',
            sftp_server_id: 'legacy-sftp',
            ...sftpForm,
            sftp_password: '',
            privatekey_path: '',
          },
        },
        55: {
          method: 'DELETE',
          url: '/v1/config/sftp-server/delete' + q({ sid: 555, sftp_server_id: 'legacy-sftp' }),
        },
        56: { url: '/v1/config/dms' + q({ page: 1, size: 25 }) },
        57: { url: '/v1/config/dms' + q({ sid: 555, dms_serverid: 'dms-a' }) },
        58: {
          method: 'POST',
          url: '/v1/config/dms',
          payload: {
            sid: '555',
            companycode: 'A',
            dms_serverid: 'legacy-dms',
            dms_url: 'https://dms.example.test',
            dms_token: 'tok-1',
          },
        },
        59: {
          method: 'PUT',
          url: '/v1/config/dms',
          payload: {
            sid: '555',
            companycode: 'A',
            dms_serverid: 'legacy-dms',
            dms_url: 'https://dms.example.test',
            dms_token: 'tok-1',
          },
        },
        60: { method: 'DELETE', url: '/v1/config/dms' + q({ sid: 555, dms_serverid: 'legacy-dms' }) },
        61: {
          url:
            '/v1/config/job-config' +
            q({
              sid: 555,
              company_code: 'A',
              legacy_id: '',
              legacy_name: '',
              api_class_name: '',
              api_function_name: '',
              legacy_type: '',
            }),
        },
        62: {
          method: 'POST',
          url: '/v1/config/job-config/add',
          payload: {
            sid: '555',
            companycode: 'A',
            legacyid: 'LEGACY-NEW',
            legacyname: 'Added by the legacy client',
            legacytype: 'IN_WAIT',
            important_job: 'False',
            isactive: 'N',
            stopif_step4_error: 'N',
            criteria_stopif_mainstatus_warning: 'Y',
            cron_trigger: '',
            legacy_criteria: '',
          },
        },
        63: {
          method: 'PUT',
          url: '/v1/config/job-config/update',
          payload: {
            sid: '555',
            companycode: 'A',
            legacyid: 'LEGACY-NEW',
            legacyname: 'Renamed by the legacy client',
            legacytype: 'IN_WAIT',
            important_job: 'False',
            isactive: 'N',
            stopif_step4_error: 'N',
            criteria_stopif_mainstatus_warning: 'Y',
            cron_trigger: '',
            legacy_criteria: '',
          },
        },
        64: {
          method: 'DELETE',
          url: '/v1/config/job-config' + q({ sid: 555, company_code: 'A', legacyid: 'LEGACY-NEW' }),
        },
        65: { url: '/v1/config/job-config/get' + q(job) },
        66: { url: '/v1/config/email-content' + q({ sid: 555 }) },
        67: {
          method: 'POST',
          url: '/v1/config/email-content',
          payload: [
            {
              sid: '555',
              condition: 'finished',
              content_subject: b64('Job %LEGACY_ID% finished'),
              content_body: b64('<p>%MESSAGE%</p>'),
            },
          ],
        },
        68: { url: '/v1/test/fapp/connection' + q({ apiUrl: fapp.url }) },
        69: {
          method: 'POST',
          url: '/v1/test/sftp/connection',
          payload: {
            host: s.host,
            port: s.port,
            username: s.keyUser,
            password: '',
            private_key: s.privateKey,
          },
        },
        70: {
          method: 'POST',
          url: '/v1/test/job/connection',
          payload: {
            api_url: fapp.url,
            class_name: 'Demo',
            function_name: 'validateRecords',
            sid: '555',
            username: API_USER,
            password: 'not used',
          },
        },
        71: { url: '/v1/user' + q({ sid: 555, id: '', role_access: '', page: 1, page_size: 25 }) },
        72: {
          method: 'POST',
          url: '/v1/user/create',
          payload: {
            id: 'legacy-user',
            list_company: [{ sid: '555', role_access: 'user', company_code: 'A' }],
          },
        },
        73: { method: 'POST', url: '/v1/user/import', ...multipart(usersWorkbook, 'users.xlsx') },
        74: {
          method: 'PUT',
          url: '/v1/user/edit',
          payload: {
            id: 'legacy-user',
            list_company: [{ sid: '555', role_access: 'admin', company_code: 'A' }],
          },
        },
        75: { method: 'DELETE', url: '/v1/user' + q({ id: 'legacy-user', page: 1, page_size: 25 }) },
        76: {
          method: 'POST',
          url: '/v1/chianjob/insert',
          payload: {
            Sid: '555',
            CompanyCode: 'A',
            ChainId: 'LEGACY-CHAIN',
            ChainName: 'Chain from the legacy client',
            IsActive: 'false',
            LegacyList: `${LEGACY_ID},Files job`,
            CreatedBy: '',
          },
        },
        77: {
          url: '/v1/chianjob/get' + q({ chainJobId: 'LEGACY-CHAIN', chainJobName: '', companyCode: 'A' }),
        },
      };
      const options = table[n];
      if (!options) throw new Error(`no request for row ${n}`);
      return options;
    };

    it('answers every row of the table with its documented status, at its path and method', async () => {
      const seen: string[] = [];
      const db = f.t.database.db.kysely;
      /** The state a row's documented answer is about (set as the pipeline would leave it). */
      const prepare: Record<number, () => Promise<void>> = {
        // A job suspended after an error (what stopif_step4_error leaves): the legacy Continue resumes it.
        18: async () => {
          await db
            .updateTable('job_configs')
            .set({ has_suspend: 'Y' })
            .where('company_code', '=', 'A')
            .where('legacy_id', '=', LEGACY_ID)
            .execute();
        },
        // Row 21 re-ran step 4: the POST variant re-runs it again once that run has ended (in ERROR again).
        22: async () => {
          await eventually(
            () =>
              db
                .selectFrom('job_runs')
                .select(['state'])
                .where('job_instance_no', '=', f.instance)
                .where('finished_at', 'is not', null)
                .executeTakeFirst(),
            { timeout: 30_000, interval: 50, message: `run ${f.instance} to end after the step re-run` },
          );
        },
      };
      for (const row of TABLE) {
        await prepare[row.number]?.();
        for (const { status, role } of row.expected) {
          const options = request(row.number);
          expect(options.method ?? 'GET', `row ${row.number}`).toBe(row.method);
          expect(String(options.url).split('?')[0], `row ${row.number}`).toBe(row.path);
          const response = await f.t.as(CALLER[role], options);
          seen.push(`${row.number} ${role} ${response.statusCode} ${response.body.slice(0, 160)}`);
          expect
            .soft(response.statusCode, `row ${row.number} as ${role}: ${response.body.slice(0, 300)}`)
            .toBe(status);
          if (status >= 400 && response.statusCode === status) {
            expect(response.json(), `row ${row.number}`).toHaveProperty('message');
            // A refusal is clear and true: a user of company A is never told they have no access to A.
            expect(response.json().message, `row ${row.number}`).not.toMatch(/no access to company A\b/);
          }
        }
      }
      if (process.env.LEGACY_API_PRINT) console.log(seen.join('\n'));
    }, 120_000);

    /** An HTTP server that only counts what reaches it: an address no saved server has. */
    async function trap() {
      const hits: string[] = [];
      const server = http.createServer((req, res) => {
        hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
        res.end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
      return { url, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    }

    it("sends a saved server's secret only to its own address: apiUrl / api_url of no saved server are refused, nothing sent", async () => {
      const elsewhere = await trap();
      try {
        const get = await f.t.as('admin-a', {
          url: '/v1/test/fapp/connection' + q({ apiUrl: elsewhere.url }),
        });
        expect(get.statusCode, get.body).toBe(400);
        expect(get.json().message).toContain('save it in API Config first');
        const job = await f.t.as('admin-a', {
          method: 'POST',
          url: '/v1/test/job/connection',
          headers: { 'accept-language': 'th' },
          payload: {
            api_url: elsewhere.url,
            class_name: 'Demo',
            function_name: 'f',
            username: API_USER,
            password: 'x',
          },
        });
        expect(job.statusCode, job.body).toBe(400);
        expect(job.json().message).toContain('กรุณาบันทึกใน API Config ก่อน');
        expect(elsewhere.hits).toEqual([]);
      } finally {
        await elsewhere.close();
      }
      // Company A's saved address, asked by an admin of B only: the same refusal (no hint that A has it).
      await f.t.user('admin-b', [['B', 'admin']]);
      const other = await f.t.as('admin-b', { url: '/v1/test/fapp/connection' + q({ apiUrl: fapp.url }) });
      expect(other.statusCode, other.body).toBe(400);
      expect(other.json().message).toContain('No saved API server of your companies');
      // A plain user is not an admin: refused by the route policy.
      const user = await f.t.as('user-a', { url: '/v1/test/fapp/connection' + q({ apiUrl: fapp.url }) });
      expect(user.statusCode).toBe(403);
      // The current console's call is unchanged.
      const current = await f.t.as('admin-a', {
        url: '/v1/test/fapp/connection' + q({ api_server_id: 'fapp-a', company_code: 'A' }),
      });
      expect(current.statusCode, current.body).toBe(200);
    });

    it("checks an sFTP path only on a saved server: the request's password is not used, an unsaved address is refused", async () => {
      const s = sshd as OpenSshServer;
      const body = { path: f.inbox, host: s.host, port: s.port, username: s.keyUser };
      const wrongPassword = await f.t.as('admin-a', {
        method: 'POST',
        url: '/v1/lis-server/exist/sftp/path',
        payload: { ...body, password: 'not-the-password', private_key: 'not a key' },
      });
      expect(wrongPassword.statusCode, wrongPassword.body).toBe(200);
      expect(wrongPassword.json()).toMatchObject({ exists: true, is_directory: true });
      const missing = await f.t.as('admin-a', {
        method: 'POST',
        url: '/v1/lis-server/exist/sftp/path',
        payload: { ...body, path: path.join(f.root, 'no-such-folder') },
      });
      expect(missing.json().exists, missing.body).toBe(false);
      const unsaved = await f.t.as('admin-a', {
        method: 'POST',
        url: '/v1/lis-server/expand/sftp/path',
        headers: { 'accept-language': 'th' },
        payload: { ...body, username: 'someone-else', password: 'pw' },
      });
      expect(unsaved.statusCode, unsaved.body).toBe(400);
      expect(unsaved.json().message).toContain(`someone-else@${s.host}:${s.port}`);
      expect(unsaved.json().message).toContain('กรุณาบันทึกใน sFTP Config ก่อน');
      const otherCompany = await f.t.as('admin-a', {
        method: 'POST',
        url: '/v1/lis-server/expand/sftp/path',
        payload: { ...body, company_code: 'B' },
      });
      expect(otherCompany.statusCode, otherCompany.body).toBe(403);
    });

    it("defaults company_code only for a caller with one company; otherwise asks in the caller's language", async () => {
      const root = await f.t.as('root', {
        url: '/v1/config/email-content?sid=555',
        headers: { 'accept-language': 'th' },
      });
      expect(root.statusCode, root.body).toBe(400);
      expect(root.json().message).toBe('กรุณาระบุบริษัท: ใส่ company_code ในคำขอ (คุณมีสิทธิ์มากกว่าหนึ่งบริษัท)');
      const named = await f.t.as('root', { url: '/v1/config/email-content?sid=555&company_code=A' });
      expect(named.statusCode, named.body).toBe(200);
      const own = await f.t.as('admin-a', { url: '/v1/config/email-content?sid=555' });
      expect(own.json().result_list[0].company_code).toBe('A');
    });

    it("finds the DMS list's job from the run, never from url or token", async () => {
      const elsewhere = await trap();
      try {
        const list = await f.t.as('user-a', {
          url:
            '/v1/dms/file/list' +
            q({ url: elsewhere.url, token: 'stolen', bucket_id: 'b', job_instance_no: f.instance }),
        });
        // The run's job was found (its own answer: it has no DMS server); the given address was not called.
        expect(list.statusCode, list.body).toBe(404);
        expect(list.json().message).toBe(`Job ${LEGACY_ID} has no DMS server`);
        expect(elsewhere.hits).toEqual([]);
        const notMine = await f.t.as('user-b', {
          url: '/v1/dms/file/list' + q({ url: elsewhere.url, token: 't', job_instance_no: f.instance }),
        });
        expect(notMine.statusCode, notMine.body).toBe(400);
      } finally {
        await elsewhere.close();
      }
    });
  },
);
