import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { DEFAULT_SID, type User } from '@lis/contracts';
import type { Database, UserTable } from '../../db/schema.js';
import { containsIgnoreCase } from '../../db/text-match.js';

export interface UserRecord extends Selectable<UserTable> {
  companies: { sid: string; company_code: string; role_access: string }[];
}

export interface UserListFilter {
  idContains?: string | undefined;
  roleAccess?: string | undefined;
  companyCode?: string | undefined;
  /** Leave out users whose first company entry holds this role. */
  excludeFirstRole?: string | undefined;
  limit: number;
  offset: number;
}

export interface UserWrite {
  username: string;
  first_name: string;
  last_name: string;
  citizen_id: string;
  companies: { sid: string; company_code: string; role_access: string }[];
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A created user's first token generation: random, so a user deleted and created again under the same
 * name does not accept the old user's tokens (decision 0026). Below 2^30 so that raising it never
 * leaves a 32-bit integer.
 */
function freshTokenGeneration(): number {
  return crypto.randomInt(1, 2 ** 30);
}

/** Raises the token generation: every token issued before is refused from now on. */
const nextTokenGeneration = sql<number>`token_generation + 1`;

/** The only SQL about users and their company roles. */
export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** By user name, or by citizen id (the portal may identify people either way). */
  async find(usernameOrCitizenId: string): Promise<UserRecord | undefined> {
    const user =
      (await this.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', usernameOrCitizenId)
        .executeTakeFirst()) ??
      (usernameOrCitizenId
        ? await this.db
            .selectFrom('users')
            .selectAll()
            .where('citizen_id', '=', usernameOrCitizenId)
            .orderBy('username')
            .executeTakeFirst()
        : undefined);
    if (!user) return undefined;
    const [record] = await this.withCompanies([user]);
    return record;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(filter: UserListFilter): Promise<{ rows: UserRecord[]; total: number }> {
    let query = this.db.selectFrom('users');
    if (filter.idContains) query = query.where(containsIgnoreCase('username', filter.idContains));
    if (filter.companyCode || filter.roleAccess) {
      query = query.where('username', 'in', (eb) => {
        let sub = eb.selectFrom('user_companies').select('username');
        if (filter.companyCode) sub = sub.where('company_code', '=', filter.companyCode);
        if (filter.roleAccess) sub = sub.where(containsIgnoreCase('role_access', filter.roleAccess));
        return sub;
      });
    }
    if (filter.excludeFirstRole) {
      const role = filter.excludeFirstRole;
      query = query.where('username', 'not in', (eb) =>
        eb
          .selectFrom('user_companies')
          .select('username')
          .where('position', '=', 0)
          .where(containsIgnoreCase('role_access', role)),
      );
    }
    const totalRow = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const users = await query
      .selectAll()
      .orderBy('username')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return { rows: await this.withCompanies(users), total: Number(totalRow.n) };
  }

  /** `mustChangePassword`: the password is a generated one-time password (decision 0020). */
  async create(
    user: UserWrite,
    passwordHash: string | null,
    now: number,
    options: { mustChangePassword?: boolean } = {},
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          ...pick(user),
          password_hash: passwordHash,
          must_change_password: options.mustChangePassword ? 1 : 0,
          token_generation: freshTokenGeneration(),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await this.replaceCompanies(trx, user);
    });
  }

  /**
   * Updates the profile and company list; the password only when a new hash is given — which ends
   * every token of the user (decision 0026) and sets or clears the one-time mark with
   * `mustChangePassword` (decision 0020: a password an admin sets for someone else is one-time).
   */
  async update(
    user: UserWrite,
    passwordHash: string | undefined,
    now: number,
    options: { mustChangePassword?: boolean } = {},
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('users')
        .set({
          ...pick(user),
          updated_at: now,
          ...(passwordHash
            ? {
                password_hash: passwordHash,
                must_change_password: options.mustChangePassword ? 1 : 0,
                token_generation: nextTokenGeneration,
              }
            : {}),
        })
        .where('username', '=', user.username)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await this.replaceCompanies(trx, user);
      return true;
    });
  }

  /**
   * Replaces the password. `mustChangePassword` true marks a generated one-time password (reset by the
   * CLI); false (a user's own choice) clears the mark. Every token of the user ends (the token
   * generation is raised, decision 0026). Answers whether the user exists.
   */
  async setPassword(
    username: string,
    passwordHash: string,
    now: number,
    options: { mustChangePassword?: boolean } = {},
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        must_change_password: options.mustChangePassword ? 1 : 0,
        token_generation: nextTokenGeneration,
        updated_at: now,
      })
      .where('username', '=', username)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(username: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_companies').where('username', '=', username).execute();
      const result = await trx.deleteFrom('users').where('username', '=', username).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  private async replaceCompanies(trx: Executor, user: UserWrite): Promise<void> {
    await trx.deleteFrom('user_companies').where('username', '=', user.username).execute();
    if (!user.companies.length) return;
    await trx
      .insertInto('user_companies')
      .values(user.companies.map((c, position) => ({ username: user.username, position, ...c })))
      .execute();
  }

  private async withCompanies(users: Selectable<UserTable>[]): Promise<UserRecord[]> {
    if (!users.length) return [];
    const entries = await this.db
      .selectFrom('user_companies')
      .selectAll()
      .where(
        'username',
        'in',
        users.map((u) => u.username),
      )
      .orderBy('username')
      .orderBy('position')
      .execute();
    return users.map((u) => ({
      ...u,
      companies: entries
        .filter((e) => e.username === u.username)
        .map((e) => ({ sid: e.sid, company_code: e.company_code, role_access: e.role_access })),
    }));
  }
}

function pick(user: UserWrite) {
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    citizen_id: user.citizen_id,
  };
}

export function toUserDto(record: UserRecord): User {
  return {
    id: record.username,
    first_name: record.first_name,
    last_name: record.last_name,
    citizen_id: record.citizen_id,
    has_password: Boolean(record.password_hash),
    list_company: record.companies.map((c) => ({
      sid: c.sid || DEFAULT_SID,
      company_code: c.company_code,
      role_access: c.role_access,
    })),
  };
}
