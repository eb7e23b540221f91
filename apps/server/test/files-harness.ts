/**
 * What the file endpoint tests share: an app on a real database, a real OpenSSH server over a local
 * folder, the reference function server, and a worker whose pipeline produced one real run (source
 * backups, API request/response, return success and error files, a step-4 error file).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { ACTION_PASSWORD_HEADER } from '@lis/contracts';
import type { ReferenceFunctionServer } from '../../../tools/reference-function-server/reference-function-server.js';
import type { DialectName } from '../src/db/database.js';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
import { inProcessSignal, type SchedulerSignal } from '../src/engine/scheduler/scheduler-signal.js';
import { Worker } from '../src/engine/worker/worker.js';
import { eventually } from '../src/test-support/eventually.js';
import type { OpenSshServer } from '../src/test-support/openssh-server.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

export const API_USER = 'fapp';
export const API_PASSWORD = 'Fapp-Secret-3321';
export const ACTION_PASSWORD = 'Action-Pass-9911';
export const FIRST = 'INV001,ลูกค้า ก,100\nINV002,ลูกค้า ข,abc\n';
export const SECOND = 'INV003,Customer C,250\n';
export const THAI_NAME = 'ใบแจ้งหนี้ มกราคม.txt';
export const THAI_CONTENT = 'ข้อมูลภาษาไทย\n';
export const LEGACY_ID = 'FILES-1';

export const sha = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');

export interface FilesFixture {
  t: TestApp;
  root: string;
  inbox: string;
  outbox: string;
  /** The job instance number of the pipeline's run. */
  instance: string;
  post(who: string, url: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse>;
  put(who: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse>;
  remove(who: string, payload: Record<string, unknown>, password?: string): Promise<LightMyRequestResponse>;
  /** Every file and folder under the root with the SHA-256 of each file: proof that nothing changed. */
  snapshot(): string[];
  close(): Promise<void>;
}

function walk(dir: string, base: string, out: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(base, full);
    if (entry.isDirectory()) {
      out.push(`${relative}/`);
      walk(full, base, out);
    } else out.push(`${relative} ${sha(fs.readFileSync(full))}`);
  }
}

export async function startFilesFixture(
  kind: DialectName,
  sshd: OpenSshServer,
  fapp: ReferenceFunctionServer,
): Promise<FilesFixture> {
  const t = await createTestApp(kind);
  await withStandardUsers(t);
  const root = fs.mkdtempSync('/tmp/lis-files-');
  fs.chmodSync(root, 0o755);
  const inbox = path.join(root, 'in');
  const outbox = path.join(root, 'out');
  fs.mkdirSync(inbox);
  fs.mkdirSync(outbox);
  const signal: SchedulerSignal = inProcessSignal();
  const worker = new Worker({
    db: t.database.db,
    signal,
    handler: createPipelineHandler(t.context.config, t.database.db, t.masterKey, {
      stableIntervalMs: 100,
      sftpBackoffMs: 50,
    }),
    leaseMs: 30_000,
    pollMs: 50,
  });
  await worker.start();

  const post = (who: string, url: string, payload: Record<string, unknown>) =>
    t.as(who, { method: 'POST', url, payload });
  const setup = [
    await post('admin-a', '/v1/config/sftp-server/add', {
      sid: '555',
      companycode: 'A',
      sftp_server_id: 'sftp-a',
      sftp_ip: sshd.host,
      sftp_port: sshd.port,
      sftp_username: sshd.keyUser,
      private_key: sshd.privateKey,
    }),
    await post('admin-a', '/v1/config/api-server/add', {
      sid: '555',
      companycode: 'A',
      api_serverid: 'fapp-a',
      api_url_callfunction: fapp.url,
      api_username: API_USER,
      api_password: API_PASSWORD,
    }),
    await post('admin-a', '/v1/config/job-config/add', {
      sid: '555',
      companycode: 'A',
      legacyid: LEGACY_ID,
      legacyname: 'Files job',
      legacytype: 'IN_WAIT',
      isactive: 'Y',
      api_serverid: 'fapp-a',
      api_classname: 'Demo',
      api_function_name: 'validateRecords',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_source_formatfilename: 'INV_[0-9]+\\.csv',
      sftp_source_isdeletesource: 'N',
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: outbox,
    }),
    await post('admin-a', '/v1/config/job-config/add', {
      sid: '555',
      companycode: 'A',
      legacyid: 'NO-FOLDER',
      legacyname: 'Job without its folders',
      legacytype: 'IN_WAIT',
      isactive: 'Y',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: path.join(root, 'missing'),
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: path.join(root, 'missing-out'),
    }),
    await t.as('root', {
      method: 'PUT',
      url: '/v1/settings/action-password',
      payload: { password: ACTION_PASSWORD },
    }),
  ];
  for (const response of setup) expect(response.statusCode, response.body).toBe(200);

  fs.writeFileSync(path.join(inbox, 'INV_001.csv'), FIRST);
  fs.writeFileSync(path.join(inbox, 'INV_002.csv'), SECOND);
  const started = await t.as('admin-a', {
    url: `/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=${LEGACY_ID}&legacy_type=IN_WAIT`,
  });
  expect(started.statusCode, started.body).toBe(200);
  const instance = started.json().job_instance_no as string;
  const run = await eventually(
    () =>
      t.database.db.kysely
        .selectFrom('job_runs')
        .select(['state', 'message'])
        .where('job_instance_no', '=', instance)
        .where('finished_at', 'is not', null)
        .executeTakeFirst(),
    { timeout: 30_000, interval: 100, message: `run ${instance} to end` },
  );
  expect(run.state, run.message ?? '').toBe('ERROR'); // step 4: one document in error
  // Beside the job's files: a file that is not picked, a Thai name, a folder and a file being written.
  fs.writeFileSync(path.join(inbox, 'notes.txt'), 'not for this job\n');
  fs.writeFileSync(path.join(inbox, THAI_NAME), THAI_CONTENT);
  fs.mkdirSync(path.join(inbox, 'archive'));
  fs.writeFileSync(path.join(inbox, '.big.csv.lis-part-0123456789ab'), 'half');

  return {
    t,
    root,
    inbox,
    outbox,
    instance,
    post,
    put: (who, payload) => t.as(who, { method: 'PUT', url: '/v1/lis-server/put-file', payload }),
    remove: (who, payload, password) =>
      t.as(who, {
        method: 'DELETE',
        url: '/v1/lis-server/rm-file',
        payload,
        ...(password === undefined ? {} : { headers: { [ACTION_PASSWORD_HEADER]: password } }),
      }),
    snapshot: () => {
      const out: string[] = [];
      walk(root, root, out);
      return out.sort();
    },
    close: async () => {
      await worker.stop();
      await signal.close();
      await t.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The entries of a zip (name → content), read back with yauzl. */
export async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        Readable.from(stream)
          .toArray()
          .then((chunks: Buffer[]) => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          }, reject);
      });
    });
    zip.readEntry();
  });
  return entries;
}
