import { ALL_COMPANIES, highestRole, type Company, type RoleListResponse, type User } from '@lis/contracts';

/**
 * Spec 001 §4: "Employee rows whose first company role is super_admin are not shown."
 * The server DOES return them in GET v1/user (and counts them in total_count); this screen hides them,
 * so a page may hold fewer rows than the page size. "First company role" is the highest role in the
 * `role_access` of the first `list_company` entry, as everywhere else (spec 000 §6).
 */
export function isHiddenUser(user: User): boolean {
  const first = user.list_company[0];
  return first !== undefined && highestRole(first.role_access) === 'super_admin';
}

export function visibleUsers(users: readonly User[]): User[] {
  return users.filter((user) => !isHiddenUser(user));
}

/** One table row per (user, company) entry; the user's first row spans all of that user's rows. */
export interface EmployeeRow {
  key: string;
  user: User;
  /** Empty for a user without any company entry. */
  company_code: string;
  role_access: string;
  /** How many rows the user's cells span: the count on the first row, 0 on the others. */
  span: number;
}

export function toEmployeeRows(users: readonly User[]): EmployeeRow[] {
  return users.flatMap((user) => {
    if (user.list_company.length === 0)
      return [{ key: user.id, user, company_code: '', role_access: '', span: 1 }];
    return user.list_company.map((entry, index) => ({
      key: `${user.id}\u0000${index}`,
      user,
      company_code: entry.company_code,
      role_access: entry.role_access,
      span: index === 0 ? user.list_company.length : 0,
    }));
  });
}

/** The last page that exists for a total (at least 1): the spec's ceil(total_count / page size). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface Option {
  value: string;
  label: string;
}

/** Role options default to user and admin until the role list has loaded (spec 001 §3). */
export const DEFAULT_ROLE_OPTIONS: readonly Option[] = [
  { value: 'user', label: 'user' },
  { value: 'admin', label: 'admin' },
];

export function roleOptionsFrom(response: RoleListResponse | undefined): readonly Option[] {
  const roles = response?.result_list ?? [];
  if (roles.length === 0) return DEFAULT_ROLE_OPTIONS;
  return roles.map((role) => ({
    value: role.role_access_code,
    label: role.role_access_name || role.role_access_code,
  }));
}

/** The options with the labels to show: `label(code, serverName)` (the translated role names). */
export function labelRoleOptions(
  options: readonly Option[],
  label: (code: string, serverName: string) => string,
): readonly Option[] {
  return options.map((option) => ({ value: option.value, label: label(option.value, option.label) }));
}

/** A company's display name: `*` is "all companies"; an unknown code shows as itself. */
export function companyLabel(
  code: string,
  names: ReadonlyMap<string, string>,
  allCompaniesLabel: string,
): string {
  if (code === ALL_COMPANIES) return allCompaniesLabel;
  return names.get(code) ?? code;
}

export function companyNames(companies: readonly Company[]): Map<string, string> {
  return new Map(companies.map((company) => [company.company_code, company.company_name]));
}
