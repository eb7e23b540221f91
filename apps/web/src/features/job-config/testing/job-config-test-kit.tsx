import type { JobConfig } from '@lis/contracts';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import {
  CurrentUserContext,
  SIGNED_OUT_USER,
  type CurrentUser,
} from '../../../app/auth/current-user-context';
import { jsonResponse, mockFetch, type MockEndpoint } from '../../../app/testing/mock-fetch';
import { TestProviders } from '../../../app/testing/TestProviders';
import { JobConfig as JobConfigScreen } from '../JobConfig';
import { buildJobConfig, listRowOf } from './build-job-config';

// The job modal is a large form and the test machine is shared: give asynchronous queries time.
configure({ asyncUtilTimeout: 8000 });

export const ADMIN: CurrentUser = {
  ...SIGNED_OUT_USER,
  username: 'admin',
  displayName: 'admin',
  role: 'admin',
  companies: ['*'],
  allCompanies: true,
  found: true,
};

const COMPANIES = [
  { sid: '555', company_code: 'ACME', company_name: 'Acme Trading', status: 'active' },
  { sid: '555', company_code: 'BETA', company_name: 'Beta Foods', status: 'active' },
];

const page = <T,>(rows: T[]) => ({ result_list: rows, total_count: rows.length });

/** A mocked API holding `jobs`, with the server option lists of ACME and BETA. */
export function fakeJobServer(
  jobs: JobConfig[] = [buildJobConfig()],
  routes: Record<string, MockEndpoint> = {},
) {
  const fetchMock = mockFetch({
    'GET /v1/company_master': () => page(COMPANIES),
    'GET /v1/config/job-config': ({ url }) => {
      const company = url.searchParams.get('company_code');
      const rows = jobs
        .filter((job) => !company || job.companycode === company)
        .filter((job) => job.legacyid.includes(url.searchParams.get('legacy_id') ?? ''));
      const size = Number(url.searchParams.get('page_size') ?? 25);
      return { result_list: rows.slice(0, size).map(listRowOf), total_count: rows.length };
    },
    'GET /v1/config/job-config/get': ({ url }) => {
      const job = jobs.find(
        (j) =>
          j.companycode === url.searchParams.get('company_code') &&
          j.legacyid === url.searchParams.get('legacy_id'),
      );
      return job ?? jsonResponse({ message: 'Job config was not found' }, 404);
    },
    'POST /v1/config/job-config/add': () => ({ message: 'Saved data successfully' }),
    'PUT /v1/config/job-config/update': () => ({ message: 'Saved data successfully' }),
    'DELETE /v1/config/job-config': ({ url }) => {
      const index = jobs.findIndex((j) => j.legacyid === url.searchParams.get('legacyid'));
      jobs.splice(index, 1);
      return { message: 'Deleted successfully' };
    },
    'GET /v1/config/sftp-server': ({ url }) =>
      page(
        url.searchParams.get('company_code') === 'ACME'
          ? [
              {
                sid: '555',
                companycode: 'ACME',
                sftp_server_id: 'SFTP_A',
                sftp_ip: '10.0.0.1',
                sftp_port: 22,
              },
            ]
          : [
              {
                sid: '555',
                companycode: 'BETA',
                sftp_server_id: 'SFTP_B',
                sftp_ip: '10.0.0.2',
                sftp_port: 22,
              },
            ],
      ),
    'GET /v1/config/api-server': ({ url }) =>
      page(
        url.searchParams.get('company_code') === 'ACME'
          ? [{ sid: '555', companycode: 'ACME', api_serverid: 'API_A', api_url_callfunction: 'http://a' }]
          : [],
      ),
    'GET /v1/config/dms': () => page([]),
    ...routes,
  });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({
        method: (init?.method ?? 'GET').toUpperCase(),
        url: new URL(String(input)),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      }))
      .filter((call) => call.method === method && call.url.pathname === path);
  return { jobs, calls };
}

export function renderJobConfig() {
  render(
    <TestProviders>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CurrentUserContext.Provider value={ADMIN}>
          <JobConfigScreen />
        </CurrentUserContext.Provider>
      </ConfigProvider>
    </TestProviders>,
  );
}

/** The dialog whose title is `title` (the last one opened when several match). */
export function findDialog(title: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen
      .getAllByText(title)
      .map((match) => match.closest<HTMLElement>('[role="dialog"]'))
      .findLast((found) => found !== null);
    if (!dialog) throw new Error(`no dialog titled ${String(title)}`);
    return dialog;
  });
}
