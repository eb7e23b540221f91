import type { AlertChannel, AlertChannelWrite, AlertRule, AlertRuleWrite } from '@lis/contracts';
import { screen } from '@testing-library/react';
import { COMPANIES, fakeApi, page } from '../../testing/fake-api';
import type { MockEndpoint } from '../../testing/mock-fetch';
import { renderScreen } from '../../testing/render-screen';
import { AlertConfig } from './AlertConfig';

/* The Alert Config screen's tests' server (issue 35): channels and rules of ACME in memory. */

export const channelOf = (overrides: Partial<AlertChannel>): AlertChannel => ({
  company_code: 'ACME',
  name: 'OPS-HOOK',
  kind: 'webhook',
  language: 'en',
  enabled: true,
  recipients: [],
  url_masked: 'https://hooks.acme.test/lis?…',
  has_secret: true,
  updated_at: '2026-12-01T03:00:00.000Z',
  updated_by: 'admin',
  ...overrides,
});

export const HOOK = channelOf({});
export const MAIL = channelOf({
  name: 'OPS-MAIL',
  kind: 'email',
  language: 'th',
  recipients: ['ops@acme.test', 'oncall@acme.test'],
  url_masked: '',
  has_secret: false,
});

const ruleOf = (write: AlertRuleWrite): AlertRule => ({
  ...write,
  updated_at: '2026-12-01T03:00:00.000Z',
  updated_by: 'admin',
});

export const RULE = ruleOf({
  company_code: 'ACME',
  name: 'DEADLINES',
  enabled: true,
  conditions: ['LATE', 'MISSING'],
  jobs: ['PAYROLL-IN'],
  channels: ['OPS-HOOK'],
  escalate_after_minutes: 30,
  escalate_to: 'OPS-MAIL',
});

const JOB_ROW = {
  sid: '555',
  companycode: 'ACME',
  legacyid: 'PAYROLL-IN',
  legacyname: 'Payroll from partner',
  legacytype: 'IN_WAIT',
  sftp_source_server_id: '',
  api_serverid: '',
  api_classname: '',
  api_function_name: '',
  isactive: 'Y',
  cron_trigger: '0 0 8 * * ?',
};

/** The alert config routes over lists in memory. */
export function serveAlertConfig(routes: Record<string, MockEndpoint> = {}) {
  const saved = (body: unknown) => {
    const write = body as AlertChannelWrite;
    return channelOf({
      ...write,
      recipients: write.recipients ?? [],
      has_secret: write.secret !== undefined,
    });
  };
  return fakeApi({
    'GET /v1/company_master': () => page(COMPANIES),
    'GET /v1/alert-channels': () => ({ result_list: [HOOK, MAIL] }),
    'POST /v1/alert-channels': ({ body }) => saved(body),
    'PUT /v1/alert-channels': ({ body }) => saved(body),
    'DELETE /v1/alert-channels': () => ({ message: 'Deleted' }),
    'GET /v1/alert-rules': () => ({ result_list: [RULE] }),
    'POST /v1/alert-rules': ({ body }) => ruleOf(body as AlertRuleWrite),
    'PUT /v1/alert-rules': ({ body }) => ruleOf(body as AlertRuleWrite),
    'DELETE /v1/alert-rules': () => ({ message: 'Deleted' }),
    'GET /v1/config/job-config': ({ url }) =>
      page(
        url.searchParams.get('legacy_type') === 'PULL_WAIT'
          ? [{ ...JOB_ROW, legacyid: 'PULL-RATES', legacyname: 'Rates', legacytype: 'PULL_WAIT' }]
          : [JOB_ROW, { ...JOB_ROW, legacyid: 'BANK-IN', legacyname: 'Bank statements' }],
      ),
    ...routes,
  });
}

export async function showAlertConfig() {
  renderScreen(<AlertConfig />, { route: '/alertconfig' });
  await screen.findByText('OPS-HOOK');
}
