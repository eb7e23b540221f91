import { ALL_COMPANIES, DEFAULT_SID, highestRole, type CompanyAccess, type UserCreate } from '@lis/contracts';
import { HttpError } from '../../http/http-error.js';
import { message, type Language } from '../../i18n/messages.js';
import type { Clock } from '../../platform/clock.js';
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

  async create(input: UserCreate, language: Language): Promise<void> {
    const write = await this.toWrite(input, language);
    if (await this.users.find(input.id).then((u) => u?.username === input.id)) {
      throw new HttpError(409, message(language, 'userDuplicate'));
    }
    const hash = input.password ? await hashPassword(input.password) : null;
    try {
      await this.users.create(write, hash, this.clock.now());
    } catch (error) {
      // Two creates of the same name at once: the primary key decides.
      if (await this.users.find(input.id))
        throw new HttpError(409, message(language, 'userDuplicate'), { cause: error });
      throw error;
    }
  }

  async edit(input: UserCreate, language: Language, actor: string): Promise<void> {
    const write = await this.toWrite(input, language);
    const existing = await this.users.find(input.id);
    if (!existing || existing.username !== input.id)
      throw new HttpError(404, message(language, 'userNotFound', { id: input.id }));
    if (input.id === actor && highestRole(write.companies[0]?.role_access ?? '') !== 'super_admin') {
      const before = highestRole(existing.companies[0]?.role_access ?? '');
      if (before === 'super_admin') throw new HttpError(409, message(language, 'cannotDemoteSelf'));
    }
    const hash = input.password ? await hashPassword(input.password) : undefined;
    await this.users.update(write, hash, this.clock.now());
  }

  async delete(id: string, language: Language, actor: string): Promise<void> {
    if (id === actor) throw new HttpError(409, message(language, 'cannotDeleteSelf'));
    const deleted = await this.users.delete(id);
    if (!deleted) throw new HttpError(404, message(language, 'userNotFound', { id }));
  }

  /** Checks the company list (known companies, no duplicates) and fills the defaults. */
  async toWrite(input: UserCreate, language: Language): Promise<UserWrite> {
    const companies = await this.checkedCompanies(input.list_company, language);
    return {
      username: input.id,
      first_name: input.first_name?.trim() ?? '',
      last_name: input.last_name?.trim() ?? '',
      citizen_id: input.citizen_id?.trim() ?? '',
      companies,
    };
  }

  async checkedCompanies(list: CompanyAccess[], language: Language): Promise<UserWrite['companies']> {
    const seen = new Set<string>();
    for (const entry of list) {
      if (seen.has(entry.company_code)) {
        throw new HttpError(422, message(language, 'duplicateCompanyEntry', { company: entry.company_code }));
      }
      seen.add(entry.company_code);
    }
    const codes = [...seen].filter((c) => c !== ALL_COMPANIES);
    const known = await this.companies.existing(codes);
    const unknown = codes.find((c) => !known.has(c));
    if (unknown) throw new HttpError(422, message(language, 'unknownCompany', { company: unknown }));
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
