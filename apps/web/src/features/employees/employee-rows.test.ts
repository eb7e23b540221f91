import type { User } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLE_OPTIONS,
  companyLabel,
  isHiddenUser,
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
