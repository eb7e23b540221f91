import type { JobConfig } from '@lis/contracts';
import { company, fakeApi, page } from '../../testing/fake-api';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { testUser } from '../../testing/test-users';
import { listRowOf } from '../job-config/testing/build-job-config';
import { emptyPullJobForm } from './pull-job-form';

/** A stored pull job as GET …/job-config/get answers it. */
export function buildPullJob(legacyid: string, overrides: Partial<JobConfig> = {}): JobConfig {
  const blank = Object.fromEntries(
    Object.keys(emptyPullJobForm()).map((field) => [field, '']),
  ) as unknown as JobConfig;
  return {
    ...blank,
    ...emptyPullJobForm('ACME'),
    sid: '555',
    legacyid,
    legacyname: `${legacyid} name`,
    legacytype: 'PULL_WAIT',
    hassuspend: 'N',
    isactive: 'Y',
    stopif_step4_error: 'N',
    criteria_stopif_mainstatus_warning: 'Y',
    sftp_source_isdeletesource: 'N',
    email_finished_is_active: 'N',
    email_warning_is_active: 'N',
    email_error_is_active: 'N',
    f1_function_error_email_is_active: 'N',
    cron_trigger: '0 0/5 * * * ?',
    api_serverid: 'FAPP01',
    api_classname: 'Orders',
    api_function_name: 'pull',
    ...overrides,
  } as JobConfig;
}

/** An admin of ACME only, as the pull job screens' tests sign in. */
export const ACME_ADMIN = testUser({ companies: ['ACME'], allCompanies: false, companyFilter: ['ACME'] });

/** The job-config API over an in-memory list of pull jobs, recording every call. */
export function fakePullJobServer(jobs: JobConfig[], routes: Record<string, MockEndpoint> = {}) {
  return fakeApi({
    'GET /v1/company_master': () => page([company('ACME', 'Acme Trading')]),
    'GET /v1/config/api-server': () =>
      page([
        {
          sid: '555',
          companycode: 'ACME',
          companyname: 'Acme Trading',
          api_serverid: 'FAPP01',
          api_url_callfunction: 'http://fapp.test/api',
          api_username: 'lis',
          has_password: true,
        },
      ]),
    'GET /v1/config/job-config': ({ url }) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 25);
      const id = url.searchParams.get('legacy_id') ?? '';
      // As the server: PULL_WAIT jobs are listed only when asked for.
      const type = url.searchParams.get('legacy_type');
      const found = jobs.filter(
        (job) =>
          job.legacyid.includes(id) && (type ? job.legacytype === type : job.legacytype !== 'PULL_WAIT'),
      );
      return {
        result_list: found.slice((page - 1) * size, page * size).map(listRowOf),
        total_count: found.length,
      };
    },
    'GET /v1/config/job-config/get': ({ url }) => {
      const job = jobs.find((j) => j.legacyid === url.searchParams.get('legacy_id'));
      return job ?? jsonResponse({ message: 'Job was not found' }, 404);
    },
    'POST /v1/config/job-config/add': () => ({ message: 'Saved' }),
    'PUT /v1/config/job-config/update': () => ({ message: 'Saved' }),
    'DELETE /v1/config/job-config': ({ url }) => {
      const index = jobs.findIndex((j) => j.legacyid === url.searchParams.get('legacyid'));
      jobs.splice(index, 1);
      return { message: 'Deleted' };
    },
    ...routes,
  });
}
