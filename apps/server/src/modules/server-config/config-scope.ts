import { ALL_COMPANIES, DEFAULT_PAGE_SIZE } from '@lis/contracts';
import { hasRole, type Identity } from '../access/access.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import { invalid } from '../../platform/domain-error.js';

/** The companies where the caller is admin (or super_admin); `null` = every company. */
export function adminCompanies(identity: Identity): string[] | null {
  const grants = identity.grants.filter((g) => hasRole(g.role, 'admin'));
  if (grants.some((g) => g.companyCode === ALL_COMPANIES)) return null;
  return grants.map((g) => g.companyCode);
}

/** `scope` narrowed to one company (or the caller's admin companies when none is named). */
export function scopeCodes(identity: Identity, company: string | undefined): string[] | null {
  const codes = adminCompanies(identity);
  if (company === undefined || company === '') return codes;
  return codes === null || codes.includes(company) ? [company] : [];
}

/** A page number and size as the repository's limit and offset. */
export function paging(page?: number, size?: number) {
  const limit = size ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((page ?? 1) - 1) * limit };
}

/** A record may only be added to a company that exists. */
export async function requireCompany(companies: CompanyRepository, code: string): Promise<void> {
  if (!(await companies.existing([code])).has(code))
    throw invalid('COMPANY_UNKNOWN', 'unknownCompany', { company: code });
}
