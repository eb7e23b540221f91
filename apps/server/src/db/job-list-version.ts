import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The version of the job list (issue 19): a `settings` row that every write of `job_configs` replaces,
 * in the write's own transaction, by a new random token. A reader that keeps something derived from
 * the job list across requests (the Expected Run Job's job projection, per process and per reader
 * thread) reads this one row first and reuses what it keeps only while the token is the same — so an
 * answer reflects every job write committed before it, on any node. A token, not a counter: two
 * databases (or a database restored from a backup) never share one for different job lists.
 */
export const JOB_LIST_VERSION_KEY = 'job_list_version';

/** Marks the job list changed. Call it in the same transaction as the write of `job_configs`. */
export async function bumpJobListVersion(scope: Kysely<Database>, now: number): Promise<void> {
  const value = randomUUID();
  await scope
    .insertInto('settings')
    .values({ key: JOB_LIST_VERSION_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** The job list's current version ('' when its row is missing). One primary-key read. */
export async function jobListVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', JOB_LIST_VERSION_KEY)
    .executeTakeFirst();
  return row?.value ?? '';
}
