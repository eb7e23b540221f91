import { ALL_COMPANIES, DEFAULT_SID, highestRole, type CompanyAccess, type UserCreate } from '@lis/contracts';
import type { Clock } from '../../platform/clock.js';
import { conflict, notFound, unprocessable } from '../../platform/domain-error.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import { hashPassword } from '../auth/password-hasher.js';
import type { UserRepository, UserWrite } from './user.repository.js';

/** Creating, editing and deleting users, with the checks that keep the company list sound. */
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly companies: CompanyRepository,
    private readonly clock: Clock,
  ) {}

  async create(input: UserCreate): Promise<void> {
    const write = await this.toWrite(input);
    if (await this.users.find(input.id).then((u) => u?.username === input.id)) {
      throw conflict('USER_NAME_TAKEN', 'userDuplicate');
    }
    const hash = input.password ? await hashPassword(input.password) : null;
    try {
      // A password an admin sets for someone else is a one-time password (decision 0020).
      await this.users.create(write, hash, this.clock.now(), { mustChangePassword: hash !== null });
    } catch (error) {
      // Two creates of the same name at once: the primary key decides.
      if (await this.users.find(input.id))
        throw conflict('USER_NAME_TAKEN', 'userDuplicate', undefined, { cause: error });
      throw error;
    }
  }

  async edit(input: UserCreate, actor: string): Promise<void> {
    const write = await this.toWrite(input);
    const existing = await this.users.find(input.id);
    if (!existing || existing.username !== input.id)
      throw notFound('USER_NOT_FOUND', 'userNotFound', { id: input.id });
    if (input.id === actor && highestRole(write.companies[0]?.role_access ?? '') !== 'super_admin') {
      const before = highestRole(existing.companies[0]?.role_access ?? '');
      if (before === 'super_admin') throw conflict('CANNOT_DEMOTE_SELF', 'cannotDemoteSelf');
    }
    const hash = input.password ? await hashPassword(input.password) : undefined;
    // Set for someone else it is a one-time password; one's own choice is not forced (decision 0020).
    await this.users.update(write, hash, this.clock.now(), { mustChangePassword: input.id !== actor });
  }

  async delete(id: string, actor: string): Promise<void> {
    if (id === actor) throw conflict('CANNOT_DELETE_SELF', 'cannotDeleteSelf');
    const deleted = await this.users.delete(id);
    if (!deleted) throw notFound('USER_NOT_FOUND', 'userNotFound', { id });
  }

  /** Checks the company list (known companies, no duplicates) and fills the defaults. */
  async toWrite(input: UserCreate): Promise<UserWrite> {
    const companies = await this.checkedCompanies(input.list_company);
    return {
      username: input.id,
      first_name: input.first_name?.trim() ?? '',
      last_name: input.last_name?.trim() ?? '',
      citizen_id: input.citizen_id?.trim() ?? '',
      companies,
    };
  }

  async checkedCompanies(list: CompanyAccess[]): Promise<UserWrite['companies']> {
    const seen = new Set<string>();
    for (const entry of list) {
      if (seen.has(entry.company_code)) {
        throw unprocessable('USER_COMPANY_LISTED_TWICE', 'duplicateCompanyEntry', {
          company: entry.company_code,
        });
      }
      seen.add(entry.company_code);
    }
    const codes = [...seen].filter((c) => c !== ALL_COMPANIES);
    const known = await this.companies.existing(codes);
    const unknown = codes.find((c) => !known.has(c));
    if (unknown) throw unprocessable('USER_COMPANY_UNKNOWN', 'unknownCompany', { company: unknown });
    return list.map((entry) => ({
      sid: entry.sid ?? DEFAULT_SID,
      company_code: entry.company_code,
      role_access: normaliseRoles(entry.role_access),
    }));
  }
}

/** `admin|user|admin` → `user|admin`: distinct, in rank order. */
export function normaliseRoles(roleAccess: string): string {
  const order = ['user', 'admin', 'super_admin'];
  const parts = new Set(roleAccess.split('|').map((r) => r.trim()));
  return order.filter((r) => parts.has(r)).join('|');
}
