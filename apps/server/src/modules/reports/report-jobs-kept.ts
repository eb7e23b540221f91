import type { Kysely } from 'kysely';
import { jobListVersion } from '../../db/job-list-version.js';
import type { Database } from '../../db/schema.js';
import { jobKey, reportJobs } from './expected-run-report.repository.js';

export type ReportJob = Awaited<ReturnType<typeof reportJobs>>[number];

interface KeptJobs {
  version: string;
  jobs: readonly ReportJob[];
  /** The same jobs by company and id, made on first use. */
  byKey?: ReadonlyMap<string, ReportJob>;
}

/** Per database connection (the server's, or a reader thread's own): the job list as last read. */
const kept = new WeakMap<Kysely<Database>, KeptJobs>();

/**
 * The report projection of the jobs of the companies (null: all), by company and id — read from the
 * database only when the job list's version (db/job-list-version.ts) differs from the one it was kept
 * at (issue 19: reading 5,000 jobs was ~7 of the Expected Run Job's ~9.5 ms). The version is read
 * first, so what is kept is never older than its version: an answer reflects every job write
 * committed before the request, whichever node or process wrote it. The rows are shared: read only.
 */
export async function reportJobsKept(
  db: Kysely<Database>,
  companies: string[] | null,
): Promise<readonly ReportJob[]> {
  const entry = await keptEntry(db);
  if (!entry) return reportJobs(db, companies);
  if (companies === null) return entry.jobs;
  // A subsequence of the list in the database's order is in that order too.
  const wanted = new Set(companies);
  return entry.jobs.filter((job) => wanted.has(job.company_code));
}

/** The jobs of the list as kept (reportJobsKept), found by company and id. */
export async function reportJobFinder(
  db: Kysely<Database>,
): Promise<(companyCode: string, legacyId: string) => ReportJob | undefined> {
  const entry = (await keptEntry(db)) ?? { version: '', jobs: await reportJobs(db, null) };
  entry.byKey ??= new Map(entry.jobs.map((job) => [jobKey(job.company_code, job.legacy_id), job]));
  const byKey = entry.byKey;
  return (companyCode, legacyId) => byKey.get(jobKey(companyCode, legacyId));
}

/** The kept list, read afresh when its version changed; undefined when the database has no version. */
async function keptEntry(db: Kysely<Database>): Promise<KeptJobs | undefined> {
  const version = await jobListVersion(db);
  // No version (a row removed by hand): nothing can be kept safely, every request reads afresh.
  if (version === '') return undefined;
  let entry = kept.get(db);
  if (entry?.version !== version) {
    entry = { version, jobs: await reportJobs(db, null) };
    kept.set(db, entry);
  }
  return entry;
}
