import {
  DEFAULT_SID,
  type CompanyListResponse,
  type CompanyWrite,
  type MessageResponse,
} from '@lis/contracts';
import { api } from '../../platform/api/http';

export const companyKeys = {
  all: ['companies'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
};

/** Every company of sid 555, active or not (no status filter). */
export function fetchCompanies(signal?: AbortSignal) {
  return api.get<CompanyListResponse>('v1/company_master', { sid: DEFAULT_SID }, signal);
}

/** POST v1/company_master (super_admin): 409 when the code exists. */
export function createCompany(body: CompanyWrite) {
  return api.post<MessageResponse>('v1/company_master', body);
}

/** PUT v1/company_master (super_admin): 404 when the code is unknown. */
export function updateCompany(body: CompanyWrite) {
  return api.put<MessageResponse>('v1/company_master', body);
}
