import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Small named values kept by the product itself (not configuration from the environment). */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string, now: number): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('settings').where('key', '=', key).execute();
  }
}
