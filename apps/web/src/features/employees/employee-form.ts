import {
  splitPipeList,
  DEFAULT_SID,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  type CompanyAccess,
  type User,
  type UserCreate,
} from '@lis/contracts';

/** One checked company of the form and the role(s) chosen for it. */
export interface CompanyAccessDraft {
  company_code: string;
  roles: string[];
}

export interface EmployeeFormValues {
  id: string;
  first_name: string;
  last_name: string;
  citizen_id: string;
  /** Blank: none on create, keep the current one on edit. */
  password: string;
  /** In the order the companies were checked: the first entry decides the user's role. */
  companies: CompanyAccessDraft[];
}

export type EmployeeFormMode = 'add' | 'edit';

/** The role a newly checked company starts with. */
export const DEFAULT_NEW_ROLES: readonly string[] = ['user'];

export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = {
  id: '',
  first_name: '',
  last_name: '',
  citizen_id: '',
  password: '',
  companies: [],
};

const CITIZEN_ID_PATTERN = /^[0-9A-Za-z-]{0,32}$/;
const USERNAME = new RegExp(USERNAME_PATTERN);

/** The roles of a `|`-joined `role_access`. */
export function splitRoles(roleAccess: string): string[] {
  return splitPipeList(roleAccess);
}

export function formFromUser(user: User): EmployeeFormValues {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    citizen_id: user.citizen_id,
    password: '',
    companies: user.list_company.map((entry) => ({
      company_code: entry.company_code,
      roles: splitRoles(entry.role_access),
    })),
  };
}

/** Checking appends the company (so the list keeps the order of checking); unchecking removes it. */
export function toggleCompany(
  list: CompanyAccessDraft[],
  companyCode: string,
  checked: boolean,
): CompanyAccessDraft[] {
  const without = list.filter((entry) => entry.company_code !== companyCode);
  return checked ? [...without, { company_code: companyCode, roles: [...DEFAULT_NEW_ROLES] }] : without;
}

export function setCompanyRoles(
  list: CompanyAccessDraft[],
  companyCode: string,
  roles: string[],
): CompanyAccessDraft[] {
  return list.map((entry) => (entry.company_code === companyCode ? { ...entry, roles } : entry));
}

export function moveCompanyFirst(list: CompanyAccessDraft[], companyCode: string): CompanyAccessDraft[] {
  const entry = list.find((item) => item.company_code === companyCode);
  return entry ? [entry, ...list.filter((item) => item !== entry)] : list;
}

/** The `list_company` the server expects: sid 555, roles joined by `|`, order kept, duplicates dropped. */
export function buildListCompany(list: CompanyAccessDraft[]): CompanyAccess[] {
  const seen = new Set<string>();
  const result: CompanyAccess[] = [];
  for (const entry of list) {
    if (seen.has(entry.company_code)) continue;
    seen.add(entry.company_code);
    const roles = [...new Set(entry.roles.map((role) => role.trim()).filter(Boolean))];
    result.push({ sid: DEFAULT_SID, company_code: entry.company_code, role_access: roles.join('|') });
  }
  return result;
}

/** The body of POST v1/user/create and PUT v1/user/edit (same shape). Blank optional fields are left out. */
export function toUserPayload(values: EmployeeFormValues): UserCreate {
  const payload: UserCreate = { id: values.id.trim(), list_company: buildListCompany(values.companies) };
  const firstName = values.first_name.trim();
  const lastName = values.last_name.trim();
  const citizenId = values.citizen_id.trim();
  if (firstName) payload.first_name = firstName;
  if (lastName) payload.last_name = lastName;
  if (citizenId) payload.citizen_id = citizenId;
  if (values.password) payload.password = values.password;
  return payload;
}

/* Validation: each check answers the key of a message in employees.i18n.ts, or undefined when valid. */

export function checkUserId(id: string | undefined): 'userIdRequired' | 'userIdInvalid' | undefined {
  const trimmed = (id ?? '').trim();
  if (!trimmed) return 'userIdRequired';
  return USERNAME.test(trimmed) ? undefined : 'userIdInvalid';
}

export function checkCitizenId(citizenId: string | undefined): 'citizenIdInvalid' | undefined {
  return CITIZEN_ID_PATTERN.test((citizenId ?? '').trim()) ? undefined : 'citizenIdInvalid';
}

/** The password is optional (blank keeps the current one on edit) but never shorter than the minimum. */
export function checkPassword(password: string | undefined): 'passwordShort' | undefined {
  const value = password ?? '';
  return value && value.length < PASSWORD_MIN_LENGTH ? 'passwordShort' : undefined;
}

export type CompanyCheck =
  { key: 'companyRequired' } | { key: 'roleRequired'; companyCode: string } | undefined;

export function checkCompanies(list: CompanyAccessDraft[] | undefined): CompanyCheck {
  if (!list || list.length === 0) return { key: 'companyRequired' };
  const missing = list.find((entry) => entry.roles.length === 0);
  return missing ? { key: 'roleRequired', companyCode: missing.company_code } : undefined;
}

export interface EmployeeFormErrors {
  id?: 'userIdRequired' | 'userIdInvalid';
  citizen_id?: 'citizenIdInvalid';
  password?: 'passwordShort';
  companies?: CompanyCheck;
}

/** All checks at once; an empty object means the form may be saved. */
export function validateEmployeeForm(values: EmployeeFormValues): EmployeeFormErrors {
  const errors: EmployeeFormErrors = {};
  const id = checkUserId(values.id);
  const citizenId = checkCitizenId(values.citizen_id);
  const password = checkPassword(values.password);
  const companies = checkCompanies(values.companies);
  if (id) errors.id = id;
  if (citizenId) errors.citizen_id = citizenId;
  if (password) errors.password = password;
  if (companies) errors.companies = companies;
  return errors;
}
