import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Issue 19: the job list's version (db/job-list-version.ts) exists from the start, so a reader may
 * keep the Expected Run Job's job list from the first request: every later write of `job_configs`
 * replaces this token in its own transaction. (Until a write, the token stands for the jobs as
 * migrated; a database restored from a backup brings its own token with its own jobs.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into settings ("key", value, updated_at) values ('job_list_version', ${randomUUID()}, 0)`.execute(
    db,
  );
}
