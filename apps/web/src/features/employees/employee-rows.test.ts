import type { User } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { format, plural } from '../../platform/i18n/language';
import { roleLabel } from '../../ui/role-labels';
import { employeeMessages, TOTAL_KEYS, UPLOAD_COUNT_KEYS } from './employees.i18n';
import {
  DEFAULT_ROLE_OPTIONS,
  companyLabel,
  isHiddenUser,
  labelRoleOptions,
  lastPage,
  roleOptionsFrom,
  toEmployeeRows,
  visibleUsers,
} from './employee-rows';

function buildUser(id: string, roles: string[] = ['user']): User {
  return {
    id,
    first_name: '',
    last_name: '',
    citizen_id: '',
    has_password: false,
    list_company: roles.map((role_access, index) => ({
      sid: '555',
      company_code: `C${index + 1}`,
      role_access,
    })),
  };
}

describe('super_admin rows', () => {
  it('hides users whose FIRST company role is super_admin, also inside a | list', () => {
    expect(isHiddenUser(buildUser('root', ['super_admin']))).toBe(true);
    expect(isHiddenUser(buildUser('root2', ['user|super_admin']))).toBe(true);
    expect(isHiddenUser(buildUser('mixed', ['admin', 'super_admin']))).toBe(false);
    expect(isHiddenUser(buildUser('none', []))).toBe(false);
  });

  it('keeps the order of the remaining users', () => {
    const users = [buildUser('a'), buildUser('root', ['super_admin']), buildUser('b', ['admin'])];
    expect(visibleUsers(users).map((user) => user.id)).toEqual(['a', 'b']);
  });
});

describe('toEmployeeRows', () => {
  it('gives one row per company entry; the first row of a user spans the others', () => {
    const rows = toEmployeeRows([buildUser('a', ['admin', 'user']), buildUser('b', [])]);
    expect(rows.map((row) => [row.user.id, row.company_code, row.role_access, row.span])).toEqual([
      ['a', 'C1', 'admin', 2],
      ['a', 'C2', 'user', 0],
      ['b', '', '', 1],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
  });
});

describe('lookups and paging', () => {
  it('defaults the role options to user and admin until the role list has loaded', () => {
    expect(roleOptionsFrom(undefined)).toBe(DEFAULT_ROLE_OPTIONS);
    expect(roleOptionsFrom({ result_list: [], total_count: 0 })).toBe(DEFAULT_ROLE_OPTIONS);
    expect(
      roleOptionsFrom({
        result_list: [{ role_access_code: 'super_admin', role_access_name: 'Super admin' }],
        total_count: 1,
      }),
    ).toEqual([{ value: 'super_admin', label: 'Super admin' }]);
  });

  it("labels the role options by code in the console's language, else by the server's name", () => {
    const options = roleOptionsFrom({
      result_list: [
        { role_access_code: 'user', role_access_name: 'user' },
        { role_access_code: 'admin', role_access_name: 'Admin' },
        { role_access_code: 'auditor' as 'user', role_access_name: 'Auditor' },
      ],
      total_count: 3,
    });
    expect(labelRoleOptions(options, (code, name) => roleLabel('th', code, name))).toEqual([
      { value: 'user', label: 'ผู้ใช้งาน' },
      { value: 'admin', label: 'ผู้ดูแลระบบ' },
      { value: 'auditor', label: 'Auditor' },
    ]);
    expect(labelRoleOptions(DEFAULT_ROLE_OPTIONS, (code, name) => roleLabel('en', code, name))).toEqual([
      { value: 'user', label: 'User' },
      { value: 'admin', label: 'Admin' },
    ]);
  });

  it('labels companies by name, * as all companies, unknown codes as themselves', () => {
    const names = new Map([['C1', 'Company One']]);
    expect(companyLabel('C1', names, 'All')).toBe('Company One');
    expect(companyLabel('*', names, 'All')).toBe('All');
    expect(companyLabel('C9', names, 'All')).toBe('C9');
  });

  it('computes the page count as ceil(total / page size), at least 1', () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
    expect(lastPage(101, 10)).toBe(11);
  });
});

describe('counts', () => {
  const say = (language: 'en' | 'th', count: number) =>
    format(employeeMessages[language][plural(language, count, TOTAL_KEYS)], { total: count });

  it('says "1 user" but "2 users"; Thai has one form', () => {
    expect(say('en', 1)).toBe('1 user');
    expect(say('en', 0)).toBe('0 users');
    expect(say('en', 2)).toBe('2 users');
    expect(say('th', 1)).toBe('ผู้ใช้ 1 คน');
    expect(say('th', 2)).toBe('ผู้ใช้ 2 คน');
  });

  it('counts the users created by an upload the same way', () => {
    const counts = (created: number) =>
      format(employeeMessages.en[plural('en', created, UPLOAD_COUNT_KEYS)], { created, updated: 3 });
    expect(counts(1)).toBe('1 user created, 3 updated.');
    expect(counts(2)).toBe('2 users created, 3 updated.');
  });
});
