import { describe, expect, it } from 'vitest';
import type { UserListResponse } from '@lis/contracts';
import { displayNameFromToken, userAccessFromLookup, usernameFromToken } from './current-user';

function reply(listCompany: UserListResponse['result_list'][number]['list_company']): UserListResponse {
  return {
    total_count: 1,
    result_list: [
      {
        id: 'somchai',
        first_name: 'Somchai',
        last_name: 'Jaidee',
        citizen_id: '',
        has_password: true,
        list_company: listCompany,
      },
    ],
  };
}

describe('current user', () => {
  it('takes the user name, or else the citizen id, from the token', () => {
    expect(usernameFromToken({ extra: { username: 'somchai' } })).toBe('somchai');
    expect(usernameFromToken({ extra: { username: '', citizen_id: '1234' } })).toBe('1234');
    expect(usernameFromToken({ extra: {} })).toBeNull();
    expect(usernameFromToken(null)).toBeNull();
  });

  it('builds the display name from first and last name', () => {
    expect(displayNameFromToken({ extra: { first_name: 'Somchai', last_name: 'Jaidee' } }, 'x')).toBe(
      'Somchai Jaidee',
    );
    expect(displayNameFromToken({ extra: {} }, 'somchai')).toBe('somchai');
  });

  it('takes the highest role of the first company entry', () => {
    const access = userAccessFromLookup(
      reply([
        { sid: '555', company_code: 'A01', role_access: 'user|admin' },
        { sid: '555', company_code: 'B02', role_access: 'super_admin' },
      ]),
    );
    expect(access).toMatchObject({ role: 'admin', companies: ['A01', 'B02'], allCompanies: false });
  });

  it("treats a first company '*' as all companies", () => {
    const access = userAccessFromLookup(
      reply([{ sid: '555', company_code: '*', role_access: 'super_admin' }]),
    );
    expect(access).toMatchObject({ role: 'super_admin', allCompanies: true });
  });

  it("defaults to 'user' and answers null for an unknown user", () => {
    expect(userAccessFromLookup(reply([]))?.role).toBe('user');
    expect(userAccessFromLookup({ total_count: 0, result_list: [] })).toBeNull();
  });
});
