import { describe, expect, it } from 'vitest';
import type { UserCreate } from '@lis/contracts';
import { expectRefusal, useServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';
import { verifyPassword } from '../auth/password-hasher.js';

const person = (id: string, over: Partial<UserCreate> = {}): UserCreate => ({
  id,
  first_name: '  Somchai ',
  last_name: 'Jaidee',
  list_company: [{ company_code: 'A', role_access: 'admin|user|admin' }],
  ...over,
});

describe.each(DATABASE_KINDS)('UserService on %s', (kind) => {
  const h = useServiceHarness(kind);
  const accounts = () => h.services.userAccounts;
  const find = (id: string) => h.services.users.find(id);

  it('creates a user: names trimmed, roles in rank order, a password set by an admin is one-time', async () => {
    await accounts().create(person('somchai', { password: 'First-Pass-1' }));
    const user = await find('somchai');
    expect(user).toMatchObject({ username: 'somchai', first_name: 'Somchai', must_change_password: 1 });
    expect(user?.companies).toEqual([
      expect.objectContaining({ company_code: 'A', role_access: 'user|admin' }),
    ]);
    expect(await verifyPassword(user?.password_hash ?? null, 'First-Pass-1')).toBe(true);
    expect((await h.identity('somchai')).mustChangePassword).toBe(true);
    // Without a password: no form login, nothing to change.
    await accounts().create(
      person('portal-only', { list_company: [{ company_code: '*', role_access: 'user' }] }),
    );
    expect(await find('portal-only')).toMatchObject({ password_hash: null, must_change_password: 0 });
  });

  it('refuses a second user of the same name, a company listed twice and an unknown company', async () => {
    await expectRefusal(accounts().create(person('somchai')), { kind: 'conflict', key: 'userDuplicate' });
    const twice = [
      { company_code: 'A', role_access: 'user' },
      { company_code: 'A', role_access: 'admin' },
    ];
    await expectRefusal(accounts().create(person('twice', { list_company: twice })), {
      kind: 'unprocessable',
      key: 'duplicateCompanyEntry',
      params: { company: 'A' },
    });
    const unknown = [{ company_code: 'NOPE', role_access: 'user' }];
    await expectRefusal(accounts().create(person('lost', { list_company: unknown })), {
      kind: 'unprocessable',
      key: 'unknownCompany',
      params: { company: 'NOPE' },
    });
    expect(await find('twice')).toBeUndefined();
    expect(await find('lost')).toBeUndefined();
  });

  it('an edit changes the grants at once; a new password ends every token issued before it', async () => {
    const before = await h.token('somchai');
    await accounts().edit(
      person('somchai', { list_company: [{ company_code: 'B', role_access: 'user' }] }),
      'root',
    );
    expect((await h.services.identities.fromToken(before))?.grants).toEqual([
      { companyCode: 'B', role: 'user' },
    ]);
    await accounts().edit(person('somchai', { password: 'Second-Pass-2' }), 'root');
    expect(await h.services.identities.fromToken(before)).toBeUndefined();
    expect((await h.identity('somchai')).mustChangePassword).toBe(true);
    // One's own new password is one's choice: not one-time.
    await accounts().edit(person('somchai', { password: 'Own-Choice-3' }), 'somchai');
    expect((await find('somchai'))?.must_change_password).toBe(0);
    await expectRefusal(accounts().edit(person('nobody'), 'root'), {
      kind: 'not_found',
      key: 'userNotFound',
    });
  });

  it('a super_admin cannot demote or delete themselves; deleting someone else removes them', async () => {
    const demoted = person('root', { list_company: [{ company_code: '*', role_access: 'admin' }] });
    await expectRefusal(accounts().edit(demoted, 'root'), { kind: 'conflict', key: 'cannotDemoteSelf' });
    await expectRefusal(accounts().delete('root', 'root'), { kind: 'conflict', key: 'cannotDeleteSelf' });
    expect((await h.identity('root')).grants).toEqual([{ companyCode: '*', role: 'super_admin' }]);

    const token = await h.token('somchai');
    await accounts().delete('somchai', 'root');
    expect(await find('somchai')).toBeUndefined();
    expect(await h.services.identities.fromToken(token)).toBeUndefined();
    await expectRefusal(accounts().delete('somchai', 'root'), { kind: 'not_found', key: 'userNotFound' });
  });
});
