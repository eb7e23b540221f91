import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../src/test-support/eventually.js';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { MailSender } from '../src/engine/mail/mail-sender.js';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
import { type PipelineSettings } from '../src/engine/pipeline/pipeline-context.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { startSmtpTestServer, type SmtpTestServer } from '../src/test-support/smtp-test-server.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../src/test-support/test-database.js';
import {
  API_PASSWORD,
  API_USER,
  deliveriesOf,
  expectNothingLostOrDoubled,
  FaultApp,
  inWaitJob,
  sourceScene,
} from './pipeline-faults-harness.js';
import { startSlowForwarder, type SlowForwarder } from './pipeline-faults-network.js';

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
  'function server and SMTP faults of the pipeline (%s)',
  (kind) => {
    let database: TestDatabase;
    let app: FaultApp;
    let root: string;
    let smtpPort: number;
    let smtp: SmtpTestServer | undefined;
    let mailer: MailSender | undefined;
    let forwarder: SlowForwarder | undefined;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      smtpPort = await unusedPort();
      app = await FaultApp.create(database.db, smtpPort);
      root = fs.mkdtempSync('/tmp/lis-faults-remote-');
      fs.chmodSync(root, 0o755);
      await app.saveSftpServer('sftp-a', sshd as OpenSshServer);
      await app.saveApiServer('fapp-a', fapp.url);
      // Step 2's time limit is the API server's: 1 s makes Demo/slow time out at once.
      await app.saveApiServer('fapp-1s', fapp.url, 1);
    });
    afterEach(async () => {
      await app.stopWorkers();
      await mailer?.stop();
      await smtp?.close();
      await forwarder?.close();
      mailer = undefined;
      smtp = undefined;
      forwarder = undefined;
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

    const scene = (name: string, files: Record<string, string>) => sourceScene(root, name, files);
    const jobFields = (inbox: string, outbox: string, deleteSource: boolean, fn: string) =>
      inWaitJob({ inbox, outbox, deleteSource, sftp: 'sftp-a', fn });

    /**
     * Step 2 fails (the function `fn` is slow or answers 500): ERROR with `message`, nothing
     * delivered, sources backed up (and deleted only when the job says so); then the job is fixed
     * (Demo/echo) and step 2 re-run from the backups delivers each result once.
     */
    async function failingFunctionThenRerun(
      legacyId: string,
      failing: { fn: string; api?: string },
      deleteSource: boolean,
      message: RegExp,
    ) {
      const files = { 'a.csv': 'A1,x,1\n', 'b.csv': 'B1,y,2\n' };
      const { inbox, outbox, sources } = scene(legacyId, files);
      const fields = {
        ...jobFields(inbox, outbox, deleteSource, failing.fn),
        api_serverid: failing.api ?? 'fapp-1s',
      };
      await app.addJob(legacyId, fields);
      await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey, settings()));
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

      await app.updateJob(legacyId, { ...fields, api_serverid: 'fapp-a', api_function_name: 'echo' });
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
        { fn: 'slow' },
        true,
        /^no answer from .*\/functions\/Demo\/slow within 1 s/,
      );
    });

    it('a function answering 500: step 2 ERROR naming it, sources kept; fixed and re-run, delivered once', async () => {
      await failingFunctionThenRerun(
        'FN-500',
        { fn: 'alwaysFails500' },
        false,
        /answered HTTP 500: Demo\/alwaysFails500 failed on purpose$/,
      );
    });

    it('a function server that is down: step 2 ERROR naming it; the job pointed at a live one, re-run delivers once', async () => {
      const port = await unusedPort();
      await app.saveApiServer('fapp-down', `http://127.0.0.1:${port}/api`);
      await failingFunctionThenRerun(
        'FN-DOWN',
        { fn: 'echo', api: 'fapp-down' },
        true,
        new RegExp(`^cannot connect to http://127\\.0\\.0\\.1:${port}/`),
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
      await eventually(async () => (await sender.deliverDue()) > 0, {
        timeout: 30_000,
        message: 'the mail to be sent',
      });
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

    it('the source sFTP server down: step 1 ERROR after its retries, naming it; the source untouched', async () => {
      const port = await unusedPort();
      await app.saveSftpServer('sftp-down-1', sshd as OpenSshServer, port);
      const { inbox, outbox, sources } = scene('SRC-DOWN', { 's.csv': 'S1,x,1\n' });
      await app.addJob('SRC-DOWN', {
        ...jobFields(inbox, outbox, true, 'echo'),
        sftp_source_server_id: 'sftp-down-1',
      });
      await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey, settings()));
      const run = await app.runNow('SRC-DOWN', 'IN_WAIT');
      expect(run.state, run.message ?? '').toBe('ERROR');
      const steps = await app.steps(run.id);
      expect(steps[1]?.status).toBe('ERROR');
      expect(steps[1]?.message).toContain(`127.0.0.1:${port}`);
      expect(steps[1]?.message).toContain('connection refused');
      const retries = (await app.systemLog(run)).filter((line) => line.startsWith('sFTP source failed'));
      expect(retries.map((line) => /try \d+/.exec(line)?.[0])).toEqual(['try 2', 'try 3']);
      expect(fs.readdirSync(inbox)).toEqual(['s.csv']);
      const scene1 = { app, legacyId: 'SRC-DOWN', sourceDir: inbox, sources, deleteSource: true };
      await expectNothingLostOrDoubled({ ...scene1, returnDirs: [outbox] });
    });

    it('the return sFTP server down: step 3 ERROR after its retries, nothing delivered; back up, re-run delivers once', async () => {
      const port = await unusedPort();
      await app.saveSftpServer('sftp-down-3', sshd as OpenSshServer, port);
      const { inbox, outbox, sources } = scene('RET-DOWN', { 'r.csv': 'R1,x,1\n' });
      await app.addJob('RET-DOWN', {
        ...jobFields(inbox, outbox, true, 'echo'),
        sftp_return_server_id: 'sftp-down-3',
      });
      await app.startWorker(createPipelineHandler(app.config, app.db, app.masterKey, settings()));
      const run = await app.runNow('RET-DOWN', 'IN_WAIT');
      expect(run.state, run.message ?? '').toBe('ERROR');
      const steps = await app.steps(run.id);
      expect(steps[3]?.status).toBe('ERROR');
      expect(steps[3]?.message).toContain('connection refused');
      expect(await deliveriesOf(app, run.id)).toEqual([]);
      const scene3 = { app, legacyId: 'RET-DOWN', sourceDir: inbox, sources, deleteSource: true };
      await expectNothingLostOrDoubled({ ...scene3, returnDirs: [outbox] });

      // The server is back on its port: re-running step 3 delivers from the backups, once.
      forwarder = await startSlowForwarder((sshd as OpenSshServer).port, 100_000_000, port);
      const again = await app.rerunStep(run, 3);
      expect(again.state, again.message ?? '').toBe('FINISHED');
      expect(await deliveriesOf(app, run.id)).toEqual([`sftp:sftp-down-3:${outbox}/return_success/r.csv`]);
      expect(fs.readFileSync(path.join(outbox, 'return_success', 'r.csv'), 'utf8')).toBe('R1,x,1\n');
      await expectNothingLostOrDoubled({ ...scene3, returnDirs: [outbox] });
    });
  },
);
