import type { JobConfig } from '@lis/contracts';
import { configure } from '@testing-library/react';
import { company, fakeApi, page } from '../../../testing/fake-api';
import { jsonResponse, type MockEndpoint } from '../../../testing/mock-fetch';
import { renderScreen } from '../../../testing/render-screen';
import { JobConfig as JobConfigScreen } from '../JobConfig';
import { buildJobConfig, listRowOf } from './build-job-config';

// The job modal is a large form and the test machine is shared: give asynchronous queries time.
configure({ asyncUtilTimeout: 8000 });

const COMPANIES = [company('ACME', 'Acme Trading'), company('BETA', 'Beta Foods')];

/** A mocked API holding `jobs`, with the server option lists of ACME and BETA. */
export function fakeJobServer(
  jobs: JobConfig[] = [buildJobConfig()],
  routes: Record<string, MockEndpoint> = {},
) {
  const { calls } = fakeApi({
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
  return { jobs, calls };
}

export const renderJobConfig = () => renderScreen(<JobConfigScreen />);
