import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '../../apps/server/src/test-support/eventually.js';
import { api } from './api.js';
import { insertRows } from './database.js';
import type { LisServer } from './server.js';

/*
 * The alerts of every-table-fits.e2e.ts (issue 35): two jobs with long ids (37–42 characters) whose
 * runs end in ERROR (their function server does not answer), a webhook channel and a rule with long
 * names routing RUN_ERROR of those jobs to it, and a receiver in the test process that refuses each
 * event's first attempt (503) and takes the next — so each alert has delivery attempts of two outcomes.
 */

export const LONG_ALERTS = {
  /** Jobs whose runs fail: 40 and 41 characters. */
  jobs: ['DEMO_SETTLEMENT_FUNCTION_UNREACHABLE_RUN', 'DEMO-BANK-STATEMENT-IMPORT-FAILED-NIGHTLY'],
  channel: 'DEMO_OPERATIONS_SETTLEMENT_WEBHOOK_PROD',
  rule: 'DEMO_RUN_ERRORS_TO_OPERATIONS_WEBHOOK',
} as const;

/** Attempts received per event id. */
const attempts = new Map<string, number>();
const receiver = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const event = String(request.headers['x-lis-event-id'] ?? '');
    const seen = (attempts.get(event) ?? 0) + 1;
    attempts.set(event, seen);
    response.writeHead(seen === 1 ? 503 : 200, { 'content-type': 'text/plain' });
    response.end(seen === 1 ? 'busy, try again' : 'received');
  });
});

/** Stops the receiver (after the file). */
export const stopFitReceiver = () =>
  new Promise<void>((resolve) => (receiver.listening ? receiver.close(() => resolve()) : resolve()));

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

interface ListedAlert {
  legacy_id: string | null;
  deliveries: { outcome: string }[];
}

/**
 * Seeds the alerts of `company` (the failing jobs call `apiServerId`, which answers nothing) and waits
 * until each failing job's RUN_ERROR alert has a refused and a delivered attempt.
 */
export async function seedFitAlerts(
  server: LisServer,
  token: string,
  company: string,
  apiServerId: string,
): Promise<void> {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  await ok(
    api(server, 'POST', '/v1/alert-channels', {
      token,
      body: {
        company_code: company,
        name: LONG_ALERTS.channel,
        kind: 'webhook',
        language: 'th',
        enabled: true,
        url: `http://127.0.0.1:${port}/operations/settlement/lis-alerts?token=abc`,
        secret: 'fit-test-webhook-secret-0123456789',
      },
    }),
    'channel',
  );
  await ok(
    api(server, 'POST', '/v1/alert-rules', {
      token,
      body: {
        company_code: company,
        name: LONG_ALERTS.rule,
        enabled: true,
        conditions: ['RUN_ERROR', 'RUN_STOPPED', 'JOB_SUSPENDED', 'MISSING'],
        jobs: [...LONG_ALERTS.jobs],
        channels: [LONG_ALERTS.channel],
        escalate_after_minutes: 240,
        escalate_to: LONG_ALERTS.channel,
      },
    }),
    'rule',
  );
  for (const legacyid of LONG_ALERTS.jobs) {
    await ok(
      api(server, 'POST', '/v1/config/job-config/add', {
        token,
        body: {
          sid: '555',
          companycode: company,
          legacyid,
          legacyname: `งานที่เรียกฟังก์ชันไม่สำเร็จ — ${legacyid.toLowerCase()}`,
          legacytype: 'OUT_WAIT',
          isactive: 'Y',
          cron_trigger: '0 0 4 ? * *',
          api_serverid: apiServerId,
          api_classname: 'Settlement',
          api_function_name: 'generate',
          sftp_return_server_id: 'demo-sftp',
          sftp_return_path: '/return/failing',
        },
      }),
      `job ${legacyid}`,
    );
    await ok(
      api(
        server,
        'GET',
        `/v1/lis-server/run-immediate?sid=555&company_code=${company}&legacy_id=${legacyid}&legacy_type=OUT_WAIT`,
        { token },
      ),
      `run ${legacyid}`,
    );
  }
  await eventually(
    async () => {
      const { body } = await api<{ result_list: ListedAlert[] }>(
        server,
        'GET',
        `/v1/alerts?company_code=${company}&condition=RUN_ERROR&page_size=50`,
        { token },
      );
      return LONG_ALERTS.jobs.every((job) =>
        body.result_list.some(
          (alert) =>
            alert.legacy_id === job &&
            alert.deliveries.some((d) => d.outcome === 'retrying') &&
            alert.deliveries.some((d) => d.outcome === 'delivered'),
        ),
      );
    },
    { timeout: 90_000, interval: 500, message: 'the failing jobs’ alerts, refused once and then delivered' },
  );
}

/**
 * Today's file deadlines of `states`' jobs (Bangkok), as the evaluator leaves them decided: written
 * straight into `expectation_days` (a real MISSING waits for its deadline; no expectation is set, so
 * the evaluator leaves these days as they are — as it does those of an expectation since removed).
 * Each deadline is `minutes` from now (a past one for a decided state), kept inside today.
 */
export function seedFitDeadlines(
  server: LisServer,
  company: string,
  states: Record<string, [minutes: number, state: string]>,
) {
  const now = Date.now();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(now));
  const dayStart = Date.parse(`${day}T00:00:00+07:00`);
  const minute = 60_000;
  insertRows(
    server,
    'expectation_days',
    Object.entries(states).map(([legacyId, [minutes, state]]) => {
      const at =
        Math.floor(
          Math.min(dayStart + 1439 * minute, Math.max(dayStart + minute, now + minutes * minute)) / minute,
        ) * minute;
      return {
        company_code: company,
        legacy_id: legacyId,
        business_day: day,
        state,
        deadline_at: at,
        warn_at: at - 30 * minute,
        arrived_at: null,
        job_instance_no: null,
        files: 0,
        created_at: now,
        evaluated_at: now,
      };
    }),
  );
}
