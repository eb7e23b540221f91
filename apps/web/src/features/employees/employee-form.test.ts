import type { User } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_EMPLOYEE_FORM,
  buildListCompany,
  checkCompanies,
  checkPassword,
  checkUserId,
  formFromUser,
  moveCompanyFirst,
  setCompanyRoles,
  toUserPayload,
  toggleCompany,
  validateEmployeeForm,
  type EmployeeFormValues,
} from './employee-form';

function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'somchai',
    first_name: 'Somchai',
    last_name: 'Jaidee',
    citizen_id: '1100',
    has_password: false,
    list_company: [
      { sid: '555', company_code: 'C2', role_access: 'admin|user' },
      { sid: '555', company_code: 'C1', role_access: 'user' },
    ],
    ...overrides,
  };
}

const form = (overrides: Partial<EmployeeFormValues> = {}): EmployeeFormValues => ({
  ...EMPTY_EMPLOYEE_FORM,
  id: 'somchai',
  companies: [{ company_code: 'C1', roles: ['user'] }],
  ...overrides,
});

describe('company list editing', () => {
  it('keeps the order in which companies were checked, not the order of the options', () => {
    let list = toggleCompany([], 'C3', true);
    list = toggleCompany(list, 'C1', true);
    list = toggleCompany(list, '*', true);
    expect(list.map((entry) => entry.company_code)).toEqual(['C3', 'C1', '*']);
    expect(list[0]?.roles).toEqual(['user']);
  });

  it('unchecking removes the company and re-checking appends it at the end', () => {
    let list = toggleCompany(toggleCompany([], 'C1', true), 'C2', true);
    list = toggleCompany(list, 'C1', false);
    expect(list.map((entry) => entry.company_code)).toEqual(['C2']);
    list = toggleCompany(list, 'C1', true);
    expect(list.map((entry) => entry.company_code)).toEqual(['C2', 'C1']);
  });

  it('sets the roles of one company and moves a company to the first place', () => {
    const list = setCompanyRoles(toggleCompany(toggleCompany([], 'C1', true), 'C2', true), 'C2', [
      'admin',
      'user',
    ]);
    expect(list[1]).toEqual({ company_code: 'C2', roles: ['admin', 'user'] });
    expect(moveCompanyFirst(list, 'C2').map((entry) => entry.company_code)).toEqual(['C2', 'C1']);
    expect(moveCompanyFirst(list, 'missing')).toBe(list);
  });
});

describe('buildListCompany', () => {
  it('sends sid 555, roles joined by |, in order, without duplicates or blank roles', () => {
    const result = buildListCompany([
      { company_code: 'C2', roles: ['admin', 'user', 'admin', ' '] },
      { company_code: '*', roles: ['user'] },
      { company_code: 'C2', roles: ['user'] },
    ]);
    expect(result).toEqual([
      { sid: '555', company_code: 'C2', role_access: 'admin|user' },
      { sid: '555', company_code: '*', role_access: 'user' },
    ]);
  });
});

describe('formFromUser and toUserPayload', () => {
  it('round-trips a user: list order kept, roles split, password blank', () => {
    const values = formFromUser(buildUser());
    expect(values.password).toBe('');
    expect(values.companies).toEqual([
      { company_code: 'C2', roles: ['admin', 'user'] },
      { company_code: 'C1', roles: ['user'] },
    ]);
    expect(toUserPayload(values)).toEqual({
      id: 'somchai',
      first_name: 'Somchai',
      last_name: 'Jaidee',
      citizen_id: '1100',
      list_company: [
        { sid: '555', company_code: 'C2', role_access: 'admin|user' },
        { sid: '555', company_code: 'C1', role_access: 'user' },
      ],
    });
  });

  it('trims text, leaves out blank optional fields and sends a password only when typed', () => {
    const payload = toUserPayload(form({ id: '  somchai ', first_name: ' ', password: '' }));
    expect(payload).toEqual({
      id: 'somchai',
      list_company: [{ sid: '555', company_code: 'C1', role_access: 'user' }],
    });
    expect(toUserPayload(form({ password: 'a long secret!' })).password).toBe('a long secret!');
  });
});

describe('validation', () => {
  it('asks for the User ID and at least one company on an empty form', () => {
    expect(validateEmployeeForm(EMPTY_EMPLOYEE_FORM)).toEqual({
      id: 'userIdRequired',
      companies: { key: 'companyRequired' },
    });
  });

  it('accepts a complete form', () => {
    expect(validateEmployeeForm(form())).toEqual({});
  });

  it('checks the user name pattern, the password length and a role per company', () => {
    expect(checkUserId('   ')).toBe('userIdRequired');
    expect(checkUserId('has space')).toBe('userIdInvalid');
    expect(checkUserId('a.b_c@d-e')).toBeUndefined();
    expect(checkPassword('')).toBeUndefined();
    expect(checkPassword('short')).toBe('passwordShort');
    expect(checkPassword('twelve chars')).toBeUndefined();
    expect(
      checkCompanies([
        { company_code: 'C1', roles: ['user'] },
        { company_code: 'C2', roles: [] },
      ]),
    ).toEqual({
      key: 'roleRequired',
      companyCode: 'C2',
    });
    expect(validateEmployeeForm(form({ citizen_id: 'no spaces please' })).citizen_id).toBe(
      'citizenIdInvalid',
    );
  });
});
