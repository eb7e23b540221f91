import { DEFAULT_SID, type CompanyWrite } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

export const companyKeys = {
  all: ['companies'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
};

/** Every company of sid 555, active or not (no status filter). */
export function fetchCompanies(signal?: AbortSignal) {
  return call('GET /v1/company_master', { query: { sid: DEFAULT_SID }, signal });
}

/** POST v1/company_master (super_admin): 409 when the code exists. */
export function createCompany(body: CompanyWrite) {
  return call('POST /v1/company_master', { body });
}

/** PUT v1/company_master (super_admin): 404 when the code is unknown. */
export function updateCompany(body: CompanyWrite) {
  return call('PUT /v1/company_master', { body });
}
