import { sql } from 'kysely';
import type { Db } from './database.js';

/** The schema a PostgreSQL connection works in (`public`, or the URL's `search_path`). */
export async function currentSchema(db: Db): Promise<string | undefined> {
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]
    ?.schema;
}
