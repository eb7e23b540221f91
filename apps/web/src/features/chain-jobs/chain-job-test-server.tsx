import type { ChainJob, ChainJobWrite, JobConfigListRow } from '@lis/contracts';
import { company, fakeApi, page } from '../../testing/fake-api';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { renderScreen } from '../../testing/render-screen';
import { testUser } from '../../testing/test-users';
import { ChainJobConfig } from './ChainJobConfig';

const ADMIN = testUser({ companies: ['A', 'B'], allCompanies: false, companyFilter: ['A', 'B'] });

export const buildChain = (chainId: string, overrides: Partial<ChainJob> = {}): ChainJob => ({
  companyCode: 'A',
  chainId,
  chainName: `Chain ${chainId}`,
  legacyList: 'J1,Job one|J2,Job two',
  isActive: 'true',
  cronTrigger: '0 0 1 * * ?',
  importantJob: 'false',
  ...overrides,
});

const job = (company: string, legacyid: string, legacyname: string, legacytype = 'IN_WAIT') =>
  ({ companycode: company, legacyid, legacyname, legacytype }) as JobConfigListRow;

const JOBS = [
  job('A', 'J1', 'Job one'),
  job('A', 'J2', 'Job two'),
  job('A', 'P1', 'Pull one', 'PULL_WAIT'),
  job('B', 'JB', 'Job of B'),
];

/** An in-memory chain job API behind mockFetch; `calls` lists the requests made to one path. */
export function fakeChainServer(chains: ChainJob[], routes: Record<string, MockEndpoint> = {}) {
  const matching = (url: URL) => {
    const company = url.searchParams.get('companyCode');
    const id = url.searchParams.get('chainJobId');
    const name = url.searchParams.get('chainJobName')?.toLowerCase();
    return chains.filter(
      (c) =>
        (!company || c.companyCode === company) &&
        (!id || c.chainId === id) &&
        (!name || c.chainName.toLowerCase().includes(name)),
    );
  };
  const store = (body: unknown): ChainJob => {
    const write = body as ChainJobWrite;
    return {
      companyCode: write.CompanyCode,
      chainId: write.ChainId,
      chainName: write.ChainName,
      legacyList: write.LegacyList,
      isActive: write.IsActive,
      cronTrigger: write.CronTrigger ?? '',
      importantJob: write.ImportantJob === 'true' ? 'true' : 'false',
    };
  };
  const { calls } = fakeApi({
    'GET /v1/company_master': () => page([company('A', 'Alpha Trading'), company('B', 'Beta Foods')]),
    'GET /v1/chainjob/list': ({ url }) => {
      const size = Number(url.searchParams.get('page_size') ?? 25);
      const page = Number(url.searchParams.get('page') ?? 1);
      const found = matching(url);
      return { result_list: found.slice((page - 1) * size, page * size), total_count: found.length };
    },
    'GET /v1/chainjob/get': ({ url }) => matching(url),
    'GET /v1/config/job-config': ({ url }) => {
      const type = url.searchParams.get('legacy_type');
      const found = JOBS.filter(
        (j) =>
          j.companycode === url.searchParams.get('company_code') &&
          (type ? j.legacytype === type : j.legacytype !== 'PULL_WAIT'),
      );
      return page(found);
    },
    'POST /v1/chainjob/insert': ({ body }) => {
      chains.push(store(body));
      return { message: 'Saved data successfully' };
    },
    'PUT /v1/chainjob/update': ({ body }) => {
      const next = store(body);
      const index = chains.findIndex((c) => c.companyCode === next.companyCode && c.chainId === next.chainId);
      chains.splice(index, 1, next);
      return { message: 'Saved data successfully' };
    },
    'DELETE /v1/chainjob/delete': ({ url }) => {
      const index = chains.findIndex(
        (c) =>
          c.companyCode === url.searchParams.get('companyCode') &&
          c.chainId === url.searchParams.get('chainJobId'),
      );
      if (index < 0) return jsonResponse({ message: 'not found' }, 404);
      chains.splice(index, 1);
      return { message: 'Deleted successfully' };
    },
    ...routes,
  });
  return { calls };
}

export const renderChainJobScreen = () => renderScreen(<ChainJobConfig />, { user: ADMIN });
