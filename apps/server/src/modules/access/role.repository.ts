import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The roles of the console (user, admin, super_admin), in rank order. */
export class RoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list() {
    return this.db
      .selectFrom('roles')
      .select(['role_access_code', 'role_access_name'])
      .orderBy('rank')
      .execute();
  }
}
