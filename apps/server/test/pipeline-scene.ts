import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import {
  createReferenceDmsServer,
  type ReferenceDmsServer,
} from '../../../tools/reference-dms-server/reference-dms-server.js';
import { MailSender } from '../src/engine/mail/mail-sender.js';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
import { inProcessSignal, type SchedulerSignal } from '../src/engine/scheduler/scheduler-signal.js';
import { Worker } from '../src/engine/worker/worker.js';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';
import { startSmtpTestServer, type SmtpTestServer } from '../src/test-support/smtp-test-server.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';
import type { DialectName } from '../src/db/database.js';
import type { PipelineSettings } from '../src/engine/pipeline/pipeline-context.js';

export const API_USER = 'fapp';
export const API_PASSWORD = 'Fapp-Secret-3321';
export const DMS_TOKEN = 'Dms-Token-77x1';

/** The peers a pipeline test talks to, all on loopback: OpenSSH, function server, DMS, SMTP. */
export interface PipelinePeers {
  fapp: ReferenceFunctionServer;
  dms: ReferenceDmsServer;
  smtp: SmtpTestServer;
  sshd: OpenSshServer | undefined;
}

/** Starts the peers once for a test file (module-level hooks). */
export function usePipelinePeers(): PipelinePeers {
  const peers = {} as PipelinePeers;
  beforeAll(async () => {
    peers.fapp = await createReferenceFunctionServer({ username: API_USER, password: API_PASSWORD });
    peers.dms = await createReferenceDmsServer({ token: DMS_TOKEN });
    peers.smtp = await startSmtpTestServer();
    peers.sshd = canRunOpenSsh() ? await startOpenSshServer() : undefined;
  });
  afterAll(async () => {
    await peers.fapp?.close();
    await peers.dms?.close();
    await peers.smtp?.close();
    await peers.sshd?.stop();
  });
  return peers;
}

export interface PipelineScene {
  readonly t: TestApp;
  readonly root: string;
  readonly mailer: MailSender;
  addJob(legacyId: string, fields: Record<string, unknown>): Promise<void>;
  waitForRun(instance: string): ReturnType<typeof waitForRunIn>;
  runNow(legacyId: string, type: string): ReturnType<typeof waitForRunIn>;
  stepsOf(runId: string): Promise<Record<string, string>>;
}

function waitForRunIn(t: TestApp, instance: string) {
  return eventually(
    () =>
      t.database.db.kysely
        .selectFrom('job_runs')
        .selectAll()
        .where('job_instance_no', '=', instance)
        .where('finished_at', 'is not', null)
        .executeTakeFirst(),
    { timeout: 30_000, interval: 100, message: `run ${instance} to end` },
  );
}

/**
 * A test app on `kind` with company A's servers saved through the API (sFTP key login on the peers'
 * OpenSSH, the function server, the DMS, an error e-mail template), a worker running the real
 * pipeline and a mail sender; a fresh folder tree under /tmp for the test's files.
 */
export function usePipelineScene(
  kind: DialectName,
  peers: PipelinePeers,
  overrides: Partial<PipelineSettings> = {},
): PipelineScene {
  let t: TestApp;
  let signal: SchedulerSignal;
  let worker: Worker;
  let mailer: MailSender;
  let root: string;
  const server = () => peers.sshd as OpenSshServer;

  const post = (url: string, payload: Record<string, unknown>) =>
    t.as('admin-a', { method: 'POST', url, payload });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    root = fs.mkdtempSync('/tmp/lis-pipeline-');
    fs.chmodSync(root, 0o755);
    const smtpConfig = {
      host: '127.0.0.1',
      port: peers.smtp.port,
      secure: false,
      requireTls: false,
      user: undefined,
      password: undefined,
    };
    const config = { ...t.context.config, smtp: smtpConfig };
    signal = inProcessSignal();
    worker = new Worker({
      db: t.database.db,
      signal,
      handler: createPipelineHandler(config, t.database.db, t.masterKey, {
        stableIntervalMs: 100,
        sftpBackoffMs: 50,
        ...overrides,
      }),
      leaseMs: 30_000,
      pollMs: 50,
    });
    await worker.start();
    mailer = new MailSender({
      db: t.database.db,
      smtp: smtpConfig,
      from: 'lis@example.test',
      onError: () => undefined,
    });

    const saved = [
      await post('/v1/config/sftp-server/add', {
        sid: '555',
        companycode: 'A',
        sftp_server_id: 'sftp-a',
        sftp_ip: server().host,
        sftp_port: server().port,
        sftp_username: server().keyUser,
        private_key: server().privateKey,
      }),
      await post('/v1/config/api-server/add', {
        sid: '555',
        companycode: 'A',
        api_serverid: 'fapp-a',
        api_url_callfunction: peers.fapp.url,
        api_username: API_USER,
        api_password: API_PASSWORD,
      }),
      await t.as('admin-a', {
        method: 'POST',
        url: '/v1/config/dms',
        payload: {
          sid: '555',
          companycode: 'A',
          dms_serverid: 'dms-a',
          dms_url: peers.dms.url,
          dms_token: DMS_TOKEN,
        },
      }),
      await t.as('admin-a', {
        method: 'POST',
        url: '/v1/config/email-content?company_code=A',
        payload: [
          {
            condition: 'error',
            content_subject: Buffer.from('ERROR %LEGACY_ID% %JOB_INSTANCE_NO%').toString('base64'),
            content_body: Buffer.from('<p>%COMPANY_CODE% / %MESSAGE%</p>').toString('base64'),
          },
        ],
      }),
    ];
    for (const r of saved) expect(r.statusCode, r.body).toBe(200);
  });
  afterAll(async () => {
    await worker?.stop();
    await mailer?.stop();
    await signal?.close();
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function addJob(legacyId: string, fields: Record<string, unknown>) {
    const r = await post('/v1/config/job-config/add', {
      sid: '555',
      companycode: 'A',
      legacyid: legacyId,
      legacyname: `Job ${legacyId}`,
      isactive: 'Y',
      api_serverid: 'fapp-a',
      ...fields,
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  const waitForRun = (instance: string) => waitForRunIn(t, instance);

  async function runNow(legacyId: string, type: string) {
    const r = await t.as('admin-a', {
      url: `/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=${legacyId}&legacy_type=${type}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return waitForRun(r.json().job_instance_no as string);
  }

  const stepsOf = async (runId: string) =>
    Object.fromEntries(
      (
        await t.database.db.kysely
          .selectFrom('run_steps')
          .select(['step', 'status'])
          .where('run_id', '=', runId)
          .execute()
      ).map((row) => [row.step, row.status]),
    );

  return {
    get t() {
      return t;
    },
    get root() {
      return root;
    },
    get mailer() {
      return mailer;
    },
    addJob,
    waitForRun,
    runNow,
    stepsOf,
  };
}
