import { ALL_COMPANIES, type Company } from '@lis/contracts';
import type { CompanyOption } from '../../ui/resource/form-fields';

export type { CompanyOption };

/** "ACME · Acme Trading", or the code alone when the company master does not name it. */
export function companyOptionLabel(code: string, name: string | undefined): string {
  return name && name !== code ? `${code} · ${name}` : code;
}

/**
 * The companies the user may administer, for the Company select: every active company when the user
 * has '*' (anywhere in the list, as the server reads it), else the user's own codes (in their order,
 * without duplicates) named from the company master. The server checks each request again.
 */
export function adminCompanyOptions(
  userCompanies: readonly string[],
  activeCompanies: readonly Pick<Company, 'company_code' | 'company_name'>[],
): CompanyOption[] {
  const names = new Map(activeCompanies.map((c) => [c.company_code, c.company_name]));
  const codes = userCompanies.includes(ALL_COMPANIES)
    ? activeCompanies.map((c) => c.company_code)
    : [...new Set(userCompanies.filter(Boolean))];
  return codes.map((code) => ({ value: code, label: companyOptionLabel(code, names.get(code)) }));
}
