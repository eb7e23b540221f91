import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  canRunOpenSsh,
  startOpenSshServer,
  type OpenSshServer,
} from '../../apps/server/src/test-support/openssh-server.js';
import { eventually } from '../../apps/server/src/test-support/eventually.js';
import {
  createReferenceDmsServer,
  type ReferenceDmsServer,
} from '../../tools/reference-dms-server/reference-dms-server.js';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../tools/reference-function-server/reference-function-server.js';
import {
  api,
  createApiServer,
  createCompany,
  createSftpServer,
  createUserWithRole,
  login,
  loginAdmin,
  type NewUser,
} from './api.js';
import { withServerDatabase } from './database.js';
import type { LisServer } from './server.js';
import { useE2eSuite, type E2eSuite, type E2eSuiteOptions } from './suite.js';

/**
 * A server whose jobs have really run through the pipeline, for the monitoring, file and report
 * screens (issue 7): a real OpenSSH server, the reference function and DMS servers, two companies,
 * an operator and an admin of each, and one run of each of these jobs of company MON:
 *
 * | job | type | what its run did |
 * |---|---|---|
 * | MON-OK | IN_WAIT | two CSV files, all records valid → FINISHED, return files in `out/return_success` |
 * | MON-DOCERR | IN_WAIT | one record with a non-numeric amount → step 4 ERROR, job suspended |
 * | MON-RETURN | IN_WAIT | the return error folder's name is taken by a file → step 3 ERROR (clear it with `unblockReturn`) |
 * | MON-OUT | OUT_WAIT | Demo/generate → FINISHED, one file returned |
 * | MON-DMS | DMS_WAIT | Demo/echo → FINISHED, the file in the DMS bucket `invoices` |
 * | MON-IMP | IN_WAIT, important job | not run (for the action password); its source folder holds one file |
 * | MON-SLOW | OUT_WAIT, Demo/slow | not run (to be stopped: its function call waits 60 s unless aborted) |
 *
 * and OTH-JOB of company OTH (FINISHED), which MON's users must never see.
 */
export const MONITORING_COMPANY = { code: 'MON', name: 'Monitoring Test Co.' } as const;
export const OTHER_COMPANY = { code: 'OTH', name: 'Other Co.' } as const;

export const SCENE_JOBS = {
  ok: 'MON-OK',
  documentErrors: 'MON-DOCERR',
  returnBlocked: 'MON-RETURN',
  outWait: 'MON-OUT',
  dms: 'MON-DMS',
  important: 'MON-IMP',
  slow: 'MON-SLOW',
  otherCompany: 'OTH-JOB',
} as const;

const FUNCTION_LOGIN = { username: 'fapp-e2e', password: 'Fapp-E2e-Secret-0042' } as const;
const DMS_TOKEN = 'Dms-E2e-Token-7781';

/** What a finished run of the scene looks like (a row of `job_runs`). */
export interface SceneRun {
  legacyId: string;
  jobInstanceNo: string;
  state: string;
  message: string | null;
  /** Epoch milliseconds. */
  finishedAt: number;
}

export interface SceneUsers {
  /** role `user` of MON. */
  operator: NewUser;
  /** role `admin` of MON. */
  admin: NewUser;
  /** role `user` of OTH only. */
  otherOperator: NewUser;
}

export interface MonitoringScene {
  readonly suite: E2eSuite;
  readonly sshd: OpenSshServer;
  readonly functionServer: ReferenceFunctionServer;
  readonly dms: ReferenceDmsServer;
  readonly users: SceneUsers;
  /** The run of each job that the setup made, by legacy id (MON-IMP and MON-SLOW have none). */
  readonly runs: Readonly<Record<string, SceneRun>>;
  /** A job's folder on the sFTP server: `in` (source) or `out` (return; step 3 writes under `out/return_success` and `out/return_error`). */
  folder(legacyId: string, side: 'in' | 'out'): string;
  /** Writes a file into a job's source folder. */
  dropFile(legacyId: string, name: string, content: string | Buffer): string;
  /** Removes the file that blocks MON-RETURN's error folder, so that re-running step 3 can deliver. */
  unblockReturn(): void;
  /** Runs a job now through the API (as the server's super_admin) and waits until its run ends. */
  runNow(legacyId: string, legacyType: string): Promise<SceneRun>;
  /** Waits until the run `jobInstanceNo` has ended (`after`: ended later than that, e.g. after a re-run of a step). */
  waitForRun(jobInstanceNo: string, options?: { after?: number }): Promise<SceneRun>;
  /** A bearer token of a scene user. */
  tokenOf(user: NewUser): Promise<string>;
}

interface JobSpec {
  id: string;
  company: string;
  type: string;
  fn: string;
  extra?: Record<string, unknown>;
}

const JOBS: readonly JobSpec[] = [
  { id: SCENE_JOBS.ok, company: 'MON', type: 'IN_WAIT', fn: 'validateRecords' },
  {
    id: SCENE_JOBS.documentErrors,
    company: 'MON',
    type: 'IN_WAIT',
    fn: 'validateRecords',
    extra: { stopif_step4_error: 'Y' },
  },
  { id: SCENE_JOBS.returnBlocked, company: 'MON', type: 'IN_WAIT', fn: 'validateRecords' },
  { id: SCENE_JOBS.outWait, company: 'MON', type: 'OUT_WAIT', fn: 'generate' },
  {
    id: SCENE_JOBS.dms,
    company: 'MON',
    type: 'DMS_WAIT',
    fn: 'echo',
    extra: {
      dms_serverid: 'dms-mon',
      dms_bucket: 'invoices',
      dms_boxid: 'box-1',
      dms_groupid: 'group-1',
      dms_roleaccess: 'finance',
    },
  },
  {
    id: SCENE_JOBS.important,
    company: 'MON',
    type: 'IN_WAIT',
    fn: 'validateRecords',
    extra: { important_job: 'True' },
  },
  { id: SCENE_JOBS.slow, company: 'MON', type: 'OUT_WAIT', fn: 'slow' },
  { id: SCENE_JOBS.otherCompany, company: 'OTH', type: 'IN_WAIT', fn: 'validateRecords' },
];

/** The latest run of `jobInstanceNo` once it has ended, read from the server's own database. */
function endedRun(server: LisServer, jobInstanceNo: string, after = 0): SceneRun | undefined {
  const row = withServerDatabase(
    server,
    (db) =>
      db
        .prepare(
          `select legacy_id, job_instance_no, state, message, finished_at from job_runs
           where job_instance_no = ? and finished_at is not null`,
        )
        .get(jobInstanceNo) as
        | {
            legacy_id: string;
            job_instance_no: string;
            state: string;
            message: string | null;
            finished_at: number;
          }
        | undefined,
    { readonly: true },
  );
  if (!row || Number(row.finished_at) <= after) return undefined;
  return {
    legacyId: row.legacy_id,
    jobInstanceNo: row.job_instance_no,
    state: row.state,
    message: row.message,
    finishedAt: Number(row.finished_at),
  };
}

/**
 * Registers the scene's hooks (call at module level, before any other hook of the file) and returns
 * it; its fields are ready inside tests.
 */
export function useMonitoringScene(options: E2eSuiteOptions = {}): MonitoringScene {
  let sshd: OpenSshServer;
  let functionServer: ReferenceFunctionServer;
  let dms: ReferenceDmsServer;
  let root = '';
  const runs: Record<string, SceneRun> = {};
  const users: SceneUsers = {} as SceneUsers;

  beforeAll(async () => {
    if (!canRunOpenSsh()) throw new Error('No /usr/sbin/sshd: apt-get install -y openssh-server');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-e2e-monitoring-'));
    fs.chmodSync(root, 0o755);
    for (const job of JOBS) {
      fs.mkdirSync(path.join(root, job.id, 'in'), { recursive: true });
      fs.mkdirSync(path.join(root, job.id, 'out'), { recursive: true });
    }
    [sshd, functionServer, dms] = await Promise.all([
      startOpenSshServer(),
      createReferenceFunctionServer(FUNCTION_LOGIN),
      createReferenceDmsServer({ token: DMS_TOKEN }),
    ]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([sshd?.stop(), functionServer?.close(), dms?.close()]);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const folder = (legacyId: string, side: 'in' | 'out') => path.join(root, legacyId, side);
  const dropFile = (legacyId: string, name: string, content: string | Buffer) => {
    const file = path.join(folder(legacyId, 'in'), name);
    fs.writeFileSync(file, content);
    return file;
  };
  const blocker = () => path.join(folder(SCENE_JOBS.returnBlocked, 'out'), 'return_error');

  async function waitForRun(jobInstanceNo: string, waitOptions: { after?: number } = {}): Promise<SceneRun> {
    try {
      return await eventually(() => endedRun(suite.server, jobInstanceNo, waitOptions.after), {
        timeout: 60_000,
        interval: 200,
        message: `run ${jobInstanceNo} to end`,
      });
    } catch (error) {
      throw new Error(
        `run ${jobInstanceNo} did not end within 60 s:\n${suite.server.output().slice(-3000)}`,
        {
          cause: error,
        },
      );
    }
  }

  async function runNow(legacyId: string, legacyType: string): Promise<SceneRun> {
    const { access_token: token } = await loginAdmin(suite.server);
    const company = JOBS.find((job) => job.id === legacyId)?.company ?? MONITORING_COMPANY.code;
    const answer = await api<{ job_instance_no: string }>(
      suite.server,
      'GET',
      `/v1/lis-server/run-immediate?sid=555&company_code=${company}&legacy_id=${legacyId}&legacy_type=${legacyType}`,
      { token },
    );
    if (answer.status !== 200) throw new Error(`run-immediate ${legacyId}: ${JSON.stringify(answer.body)}`);
    return waitForRun(answer.body.job_instance_no);
  }

  async function setUp(server: LisServer): Promise<void> {
    const { access_token: token } = await loginAdmin(server);
    for (const company of [MONITORING_COMPANY, OTHER_COMPANY]) {
      await createCompany(server, token, company.code, company.name);
      const suffix = company.code.toLowerCase();
      await createSftpServer(server, token, {
        companycode: company.code,
        sftp_server_id: `sftp-${suffix}`,
        sftp_ip: sshd.host,
        sftp_port: sshd.port,
        sftp_username: sshd.keyUser,
        private_key: sshd.privateKey,
      });
      await createApiServer(server, token, {
        companycode: company.code,
        api_serverid: `fapp-${suffix}`,
        api_url_callfunction: functionServer.url,
        api_username: FUNCTION_LOGIN.username,
        api_password: FUNCTION_LOGIN.password,
      });
    }
    const saved = await api(server, 'POST', '/v1/config/dms', {
      token,
      body: {
        sid: '555',
        companycode: 'MON',
        dms_serverid: 'dms-mon',
        dms_url: dms.url,
        dms_token: DMS_TOKEN,
      },
    });
    if (saved.status !== 200) throw new Error(`DMS server: ${JSON.stringify(saved.body)}`);
    const template = await api(server, 'POST', '/v1/config/email-content?company_code=MON', {
      token,
      body: ['error', 'finished'].map((condition) => ({
        condition,
        content_subject: Buffer.from(`${condition.toUpperCase()} %LEGACY_ID% %JOB_INSTANCE_NO%`).toString(
          'base64',
        ),
        content_body: Buffer.from('<p>%COMPANY_CODE% / %MESSAGE%</p>').toString('base64'),
      })),
    });
    if (template.status !== 200) throw new Error(`e-mail content: ${JSON.stringify(template.body)}`);

    for (const job of JOBS) {
      const suffix = job.company.toLowerCase();
      const answer = await api(server, 'POST', '/v1/config/job-config/add', {
        token,
        body: {
          sid: '555',
          companycode: job.company,
          legacyid: job.id,
          legacyname: `Job ${job.id}`,
          legacytype: job.type,
          isactive: 'Y',
          api_serverid: `fapp-${suffix}`,
          api_classname: 'Demo',
          api_function_name: job.fn,
          sftp_source_server_id: `sftp-${suffix}`,
          sftp_source_path: folder(job.id, 'in'),
          sftp_source_formatfilename: '.*\\.csv',
          sftp_source_isdeletesource: 'Y',
          sftp_return_server_id: `sftp-${suffix}`,
          sftp_return_path: folder(job.id, 'out'),
          email_error_to: 'ops@example.test',
          email_error_is_active: 'Y',
          ...job.extra,
        },
      });
      if (answer.status !== 200) throw new Error(`job ${job.id}: ${JSON.stringify(answer.body)}`);
    }

    users.operator = await createUserWithRole(server, token, 'mon-operator', 'user', 'MON');
    users.admin = await createUserWithRole(server, token, 'mon-admin', 'admin', 'MON');
    users.otherOperator = await createUserWithRole(server, token, 'oth-operator', 'user', 'OTH');

    dropFile(SCENE_JOBS.ok, 'INV_001.csv', 'INV001,ลูกค้า ก,100\nINV002,Customer B,250\n');
    dropFile(SCENE_JOBS.ok, 'INV_002.csv', 'INV003,Customer C,75\n');
    dropFile(SCENE_JOBS.documentErrors, 'BAD_001.csv', 'B1,ลูกค้า ก,10\nB2,Customer B,oops\n');
    dropFile(SCENE_JOBS.returnBlocked, 'RET_001.csv', 'R1,x,10\nR2,y,not-a-number\n');
    fs.writeFileSync(blocker(), 'in the way');
    dropFile(SCENE_JOBS.dms, 'DOC_001.csv', 'D1,x,10\n');
    dropFile(SCENE_JOBS.important, 'IMP_001.csv', 'I1,x,10\n');
    dropFile(SCENE_JOBS.otherCompany, 'OTH_001.csv', 'O1,x,10\n');

    for (const job of JOBS) {
      if (job.id === SCENE_JOBS.important || job.id === SCENE_JOBS.slow) continue;
      runs[job.id] = await runNow(job.id, job.type);
    }
  }

  const suite = useE2eSuite(setUp, options);

  return {
    suite,
    get sshd() {
      return sshd;
    },
    get functionServer() {
      return functionServer;
    },
    get dms() {
      return dms;
    },
    users,
    runs,
    folder,
    dropFile,
    unblockReturn: () => fs.rmSync(blocker(), { force: true }),
    runNow,
    waitForRun,
    tokenOf: async (user) => (await login(suite.server, user.id, user.password)).access_token,
  };
}
