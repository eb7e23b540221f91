import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, createApiServer, createCompany, createSftpServer, loginAdmin } from './api.js';
import type { LisServer } from './server.js';

/*
 * The scene of alerts.e2e.ts (issue 35): company DEADL with two jobs, a webhook channel to a receiver
 * in the test process and a rule routing LATE, MISSING and RECOVERED to it, and PAYROLL-IN's file
 * deadline a few minutes after the setup (a deadline already past when it is set is not expected).
 */

export const COMPANY = { code: 'DEADL', name: 'Deadline Trading' };
/** Active, due at 23:59:59 each day (a lane on today's timeline; it never runs while the file does). */
export const PAYROLL = 'PAYROLL-IN';
/** Switched off: its deadline is set on the Job Config screen. */
export const UI_JOB = 'BANK-IN';
export const CHANNEL = 'OPS-HOOK';
export const RULE = 'DEADLINES';
export const SECRET = 'e2e-webhook-secret-0123456789';

const pad = (n: number) => String(n).padStart(2, '0');
/** The wall time of an instant in Bangkok (UTC+7, no daylight saving). */
function bangkok(at: number) {
  const wall = new Date(at + 7 * 3_600_000);
  return {
    day: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/** A receiver of the webhook: answers 200 with a short text, and keeps what it was sent. */
export const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
export const receiver = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('received by the e2e receiver');
  });
});

/** Set in the setup: the deadline of PAYROLL-IN today (HH:MM, Bangkok). */
export const scene = { deadline: '' };

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** The suite's setup: the receiver listens, then the company, jobs, channel, rule and deadline. */
export async function setUpAlertScene(server: LisServer) {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, COMPANY.code, COMPANY.name);
  // Servers that answer nothing: the jobs never run here.
  await createSftpServer(server, token, {
    companycode: COMPANY.code,
    sftp_server_id: 'DEADL-SFTP',
    sftp_ip: '127.0.0.1',
    sftp_port: 9,
    sftp_username: 'nobody',
    sftp_password: 'Nobody-Pass-0123',
  });
  await createApiServer(server, token, {
    companycode: COMPANY.code,
    api_serverid: 'DEADL-FAPP',
    api_url_callfunction: 'http://127.0.0.1:9/fapp',
    api_username: 'fapp',
    api_password: 'Fapp-Pass-0123456789',
  });
  const job = (legacyid: string, legacyname: string, isactive: 'Y' | 'N') =>
    ok(
      api(server, 'POST', '/v1/config/job-config/add', {
        token,
        body: {
          sid: '555',
          companycode: COMPANY.code,
          legacyid,
          legacyname,
          legacytype: 'IN_WAIT',
          isactive,
          cron_trigger: '59 59 23 * * ?',
          sftp_source_server_id: 'DEADL-SFTP',
          sftp_source_path: '/inbox',
          api_serverid: 'DEADL-FAPP',
          api_classname: 'Demo',
          api_function_name: 'echo',
          sftp_return_server_id: 'DEADL-SFTP',
          sftp_return_path: '/return',
        },
      }),
      `job ${legacyid}`,
    );
  await job(PAYROLL, 'Payroll from partner', 'Y');
  await job(UI_JOB, 'Bank statements', 'N');
  await ok(
    api(server, 'POST', '/v1/alert-channels', {
      token,
      body: {
        company_code: COMPANY.code,
        name: CHANNEL,
        kind: 'webhook',
        language: 'en',
        enabled: true,
        url: `http://127.0.0.1:${port}/lis-alerts?token=abc`,
        secret: SECRET,
      },
    }),
    'channel',
  );
  await ok(
    api(server, 'POST', '/v1/alert-rules', {
      token,
      body: {
        company_code: COMPANY.code,
        name: RULE,
        enabled: true,
        conditions: ['LATE', 'MISSING', 'RECOVERED'],
        jobs: [],
        channels: [CHANNEL],
        escalate_after_minutes: null,
        escalate_to: null,
      },
    }),
    'rule',
  );
  // The deadline: the minute after next (at least a minute ahead when it is set), LATE a minute before.
  const now = Date.now();
  const due = bangkok(now + 3 * 60_000);
  if (due.day !== bangkok(now).day || due.time >= '23:45')
    throw new Error('alerts.e2e.ts needs the deadline and the job’s fire on one Bangkok day: run it later');
  scene.deadline = due.time;
  await ok(
    api(server, 'PUT', '/v1/job-expectations', {
      token,
      body: {
        company_code: COMPANY.code,
        legacy_id: PAYROLL,
        enabled: true,
        deadline: scene.deadline,
        warn_before_minutes: 1,
        min_files: 1,
        max_files: null,
        min_size_bytes: 0,
      },
    }),
    'expectation',
  );
}

/** Stops the receiver (after the file). */
export const stopReceiver = () => new Promise<void>((resolve) => receiver.close(() => resolve()));
