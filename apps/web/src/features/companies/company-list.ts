import type { Company } from '@lis/contracts';

/** The search box: a case-insensitive part of the code or of the name; blank keeps every company. */
export function filterCompanies(companies: readonly Company[], search: string): Company[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...companies];
  return companies.filter(
    (company) =>
      company.company_code.toLocaleLowerCase().includes(needle) ||
      company.company_name.toLocaleLowerCase().includes(needle),
  );
}
