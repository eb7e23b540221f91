import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import type { BlobStore, StoredBlob } from '../src/engine/files/blob-store.js';
import { LocalBlobStore } from '../src/engine/files/blob-store.js';
import { MailSender } from '../src/engine/mail/mail-sender.js';
import { blobRoot, createPipelineHandler } from '../src/engine/pipeline/create-pipeline.js';
import { DEFAULT_PIPELINE_SETTINGS, type PipelineSettings } from '../src/engine/pipeline/pipeline-context.js';
import { PipelineJobLoader } from '../src/engine/pipeline/pipeline-job.js';
import { PipelineHandler } from '../src/engine/pipeline/pipeline.handler.js';
import { SecretBox } from '../src/modules/secrets/secret-box.js';
import { ServerConfigRepository } from '../src/modules/server-config/server-config.repository.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { startSmtpTestServer, type SmtpTestServer } from '../src/test-support/smtp-test-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../src/test-support/test-database.js';
import {
  API_PASSWORD,
  API_USER,
  deliveriesOf,
  eventually,
  expectNothingLostOrDoubled,
  FaultApp,
  sha256,
} from './pipeline-faults-harness.js';

/** A disk that is full: every put fails with ENOSPC, as fs does; reads go to the real store. */
class FullDiskBlobStore implements BlobStore {
  puts = 0;
  constructor(private readonly store: BlobStore) {}
  put(_key: string, content: Readable | Uint8Array): Promise<StoredBlob> {
    this.puts += 1;
    if ('destroy' in content) content.destroy();
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
    return Promise.reject(error);
  }
  read(key: string): Promise<Readable> {
    return this.store.read(key);
  }
  exists(key: string): Promise<boolean> {
    return this.store.exists(key);
  }
  remove(key: string): Promise<void> {
    return this.store.remove(key);
  }
  list(prefix: string): Promise<string[]> {
    return this.store.list(prefix);
  }
}

/** A loopback port nothing listens on (yet). */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

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

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)(
  'function server, SMTP and disk faults (%s)',
  (kind) => {
    let database: TestDatabase;
    let app: FaultApp;
    let root: string;
    let smtpPort: number;
    let smtp: SmtpTestServer | undefined;
    let mailer: MailSender | undefined;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      smtpPort = await unusedPort();
      app = await FaultApp.create(database.db, smtpPort);
      root = fs.mkdtempSync('/tmp/lis-faults-remote-');
      fs.chmodSync(root, 0o755);
      await app.saveSftpServer('sftp-a', sshd as OpenSshServer);
      await app.saveApiServer('fapp-a', fapp.url);
    });
    afterEach(async () => {
      await app.stopWorkers();
      await mailer?.stop();
      await smtp?.close();
      mailer = undefined;
      smtp = undefined;
    });
    afterAll(async () => {
      await app?.close();
      await database?.drop();
      fs.rmSync(root, { recursive: true, force: true });
    });

    const settings = (overrides: Partial<PipelineSettings> = {}): Partial<PipelineSettings> => ({
      stableIntervalMs: 100,
      sftpBackoffMs: 50,
      ...overrides,
    });

    function scene(name: string, files: Record<string, string>) {
      const inbox = path.join(root, `${name}-in`);
      const outbox = path.join(root, `${name}-out`);
      fs.mkdirSync(inbox);
      fs.mkdirSync(outbox);
      for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(inbox, file), content);
      const sources = new Map(Object.entries(files).map(([file, content]) => [file, sha256(content)]));
      return { inbox, outbox, sources };
    }

    function jobFields(inbox: string, outbox: string, deleteSource: boolean, fn: string) {
      return {
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-a',
        sftp_source_path: inbox,
        sftp_source_isdeletesource: deleteSource ? 'Y' : 'N',
        sftp_return_server_id: 'sftp-a',
        sftp_return_path: outbox,
        api_serverid: 'fapp-a',
        api_classname: 'Demo',
        api_function_name: fn,
      };
    }

    /**
     * Step 2 fails (the function `fn` is slow or answers 500): ERROR with `message`, nothing
     * delivered, sources backed up (and deleted only when the job says so); then the job is fixed
     * (Demo/echo) and step 2 re-run from the backups delivers each result once.
     */
    async function failingFunctionThenRerun(
      legacyId: string,
      fn: string,
      deleteSource: boolean,
      message: RegExp,
    ) {
      const files = { 'a.csv': 'A1,x,1\n', 'b.csv': 'B1,y,2\n' };
      const { inbox, outbox, sources } = scene(legacyId, files);
      const fields = jobFields(inbox, outbox, deleteSource, fn);
      await app.addJob(legacyId, fields);
      await app.startWorker(
        createPipelineHandler(app.config, app.db, app.masterKey, settings({ callTimeoutMs: 1_000 })),
      );
      const run = await app.runNow(legacyId, 'IN_WAIT');
      expect(run.state, run.message ?? '').toBe('ERROR');
      const steps = await app.steps(run.id);
      expect(steps[1]?.status).toBe('SUCCESS');
      expect(steps[2]?.status).toBe('ERROR');
      expect(steps[2]?.message).toMatch(message);
      expect(steps[3]).toBeUndefined();
      expect(run.message).toMatch(/^step 2 \(call function\): /);
      expect(await deliveriesOf(app, run.id)).toEqual([]);
      expect(fs.readdirSync(inbox).sort()).toEqual(deleteSource ? [] : ['a.csv', 'b.csv']);
      const scene1 = { app, legacyId, sourceDir: inbox, sources, deleteSource, returnDirs: [outbox] };
      await expectNothingLostOrDoubled(scene1);

      await app.updateJob(legacyId, { ...fields, api_function_name: 'echo' });
      const again = await app.rerunStep(run, 2);
      expect(again.state, again.message ?? '').toBe('FINISHED');
      expect(await app.stepStatuses(run.id)).toMatchObject({
        1: 'SUCCESS',
        5: 'SUCCESS',
        2: 'SUCCESS',
        3: 'SUCCESS',
      });
      expect(await deliveriesOf(app, run.id)).toEqual([
        `sftp:sftp-a:${outbox}/return_success/a.csv`,
        `sftp:sftp-a:${outbox}/return_success/b.csv`,
      ]);
      const log = await app.systemLog(run);
      expect(log.filter((line) => line.startsWith('downloaded '))).toHaveLength(2);
      expect(fs.readFileSync(path.join(outbox, 'return_success', 'a.csv'), 'utf8')).toBe(files['a.csv']);
      await expectNothingLostOrDoubled(scene1);
    }

    it('a function that does not answer in time: step 2 ERROR, nothing delivered; fixed and re-run, delivered once', async () => {
      await failingFunctionThenRerun(
        'FN-SLOW',
        'slow',
        true,
        /^no answer from .*\/functions\/Demo\/slow within 1 s/,
      );
    });

    it('a function answering 500: step 2 ERROR naming it, sources kept; fixed and re-run, delivered once', async () => {
      await failingFunctionThenRerun(
        'FN-500',
        'alwaysFails500',
        false,
        /answered HTTP 500: Demo\/alwaysFails500 failed on purpose$/,
      );
    });

    it('SMTP down: the run finishes, the mail waits PENDING and is sent when the server is back', async () => {
      const { inbox, outbox, sources } = scene('SMTP-DOWN', { 'm.csv': 'M1,x,1\n' });
      await app.addJob('SMTP-DOWN', {
        ...jobFields(inbox, outbox, true, 'echo'),
        email_finished_to: 'ops@example.test',
        email_finished_is_active: 'Y',
      });
      await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey, settings()));
      const run = await app.runNow('SMTP-DOWN', 'IN_WAIT');
      expect(run.state, run.message ?? '').toBe('FINISHED');
      expect(await app.stepStatuses(run.id)).toMatchObject({ 6: 'SUCCESS' });

      const smtpConfig = app.config.smtp;
      if (!smtpConfig) throw new Error('the app has no SMTP configured');
      mailer = new MailSender({
        db: app.db,
        smtp: smtpConfig,
        from: 'lis@example.test',
        onError: () => undefined,
        firstRetryMs: 1,
        timeoutMs: 5_000,
      });
      expect(await mailer.deliverDue()).toBe(0);
      const waiting = await app.db.kysely
        .selectFrom('mail_outbox')
        .selectAll()
        .where('run_id', '=', run.id)
        .executeTakeFirstOrThrow();
      expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(waiting.last_error).toBeTruthy();
      expect((await app.runOf(run.id)).send_email_status).toBe('PENDING');
      expect((await app.runOf(run.id)).state).toBe('FINISHED');

      smtp = await startSmtpTestServer(smtpPort);
      const sender = mailer;
      await eventually('the mail to be sent', async () =>
        (await sender.deliverDue()) > 0 ? true : undefined,
      );
      expect(smtp.received.map((mail) => mail.subject ?? '')).toEqual([
        expect.stringContaining(run.job_instance_no),
      ]);
      expect((await app.runOf(run.id)).send_email_status).toBe('SUCCESS');
      await expectNothingLostOrDoubled({
        app,
        legacyId: 'SMTP-DOWN',
        sourceDir: inbox,
        sources,
        deleteSource: true,
        returnDirs: [outbox],
      });
    });

    it('a full disk in the file store: step 1 ERROR, the source untouched, nothing delivered', async () => {
      const { inbox, outbox, sources } = scene('DISK-FULL', { 'd1.csv': 'D1,x,1\n', 'd2.csv': 'D2,y,2\n' });
      await app.addJob('DISK-FULL', jobFields(inbox, outbox, true, 'echo'));
      const full = new FullDiskBlobStore(new LocalBlobStore(blobRoot(app.config)));
      const handler = new PipelineHandler({
        db: app.db,
        blobs: full,
        loader: new PipelineJobLoader(
          new ServerConfigRepository(app.db.kysely),
          new SecretBox(app.masterKey),
        ),
        settings: {
          ...DEFAULT_PIPELINE_SETTINGS,
          scratchDir: path.join(app.config.dataDir, 'tmp'),
          smtpConfigured: false,
          ...settings(),
        },
      });
      await app.startWorker(handler);
      const run = await app.runNow('DISK-FULL', 'IN_WAIT');
      expect(run.state, run.message ?? '').toBe('ERROR');
      const steps = await app.steps(run.id);
      expect(Object.keys(steps).sort()).toEqual(['1', '6']);
      expect(steps[1]?.status).toBe('ERROR');
      expect(steps[1]?.message).toBe(
        'the source backup of d1.csv could not be written: ENOSPC: no space left on device, write',
      );
      expect(full.puts).toBeGreaterThan(0);
      // No backup, no delete: both files are where they were, byte for byte.
      expect(fs.readdirSync(inbox).sort()).toEqual(['d1.csv', 'd2.csv']);
      const ledger = await app.db.kysely
        .selectFrom('run_files')
        .select('seq')
        .where('run_id', '=', run.id)
        .execute();
      expect(ledger).toEqual([]);
      expect(await app.blobs.list('')).not.toEqual(
        expect.arrayContaining([expect.stringContaining(run.job_instance_no)]),
      );
      expect(fs.readdirSync(path.join(app.config.dataDir, 'tmp'))).not.toContain(run.id);
      expect(fs.readdirSync(outbox)).toEqual([]);
      expect((await app.systemLog(run)).some((line) => line.startsWith('deleted '))).toBe(false);
      await expectNothingLostOrDoubled({
        app,
        legacyId: 'DISK-FULL',
        sourceDir: inbox,
        sources,
        deleteSource: true,
        returnDirs: [outbox],
      });
    });
  },
);
