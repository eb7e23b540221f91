import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.js';
import type { BlobStore } from '../engine/files/blob-store.js';
import { localBlobRoot } from '../engine/files/file-store.js';
import type { Clock } from '../platform/clock.js';
import { DEMO_COMPANY, demoDir } from './demo-layout.js';

/** Longest wait for a demo run that is being transferred to end after its stop was requested. */
const RUNNING_WAIT_MS = 60_000;
const POLL_MS = 250;

export interface DemoRemovalResult {
  runs: number;
  jobs: number;
  users: string[];
  blobs: number;
}

/** Ends the demo's active runs: queued and waiting ones at once, running ones by a stop request. */
async function endActiveRuns(db: Db, clock: Clock, by: string): Promise<void> {
  const now = clock.now();
  const runs = db.kysely;
  await runs
    .updateTable('job_runs')
    .set({ state: 'ERROR', finished_at: now, message: `Stopped: the demo is being removed by ${by}` })
    .where('company_code', '=', DEMO_COMPANY)
    .where('state', 'in', ['QUEUED', 'WAITING'])
    .where('finished_at', 'is', null)
    .execute();
  await runs
    .updateTable('job_runs')
    .set({ cancel_requested_by: by })
    .where('company_code', '=', DEMO_COMPANY)
    .where('state', '=', 'RUNNING')
    .execute();
  for (const deadline = Date.now() + RUNNING_WAIT_MS; Date.now() < deadline;) {
    const active = await runs
      .selectFrom('job_runs')
      .select('id')
      .where('company_code', '=', DEMO_COMPANY)
      .where('state', 'in', ['QUEUED', 'WAITING', 'RUNNING'])
      .executeTakeFirst();
    if (!active) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Removes every row of the demo company — configuration, triggers, runs, steps, ledger, application and
 * system logs, outbox — the demo's own users (those with DEMO as their only company; others only lose
 * their DEMO entry), the runs' kept files and the demo folder. The audit log is kept: it is the record
 * of who did what, the removal included. The caller stops the demo peers first. Undefined when there is
 * no demo company (a left-over demo folder is removed all the same).
 */
export async function removeDemoData(
  db: Db,
  dataDir: string,
  clock: Clock,
  by: string,
  /** The node's file store (LIS_FILE_STORE): the demo runs' kept files are removed from it. */
  blobs: BlobStore,
): Promise<DemoRemovalResult | undefined> {
  const k = db.kysely;
  const company = await k
    .selectFrom('companies')
    .select('company_code')
    .where('company_code', '=', DEMO_COMPANY)
    .executeTakeFirst();
  if (!company) {
    await fs.rm(demoDir(dataDir), { recursive: true, force: true });
    return undefined;
  }
  // No new fires: the triggers go first, then whatever is still active ends.
  const jobs = await k.deleteFrom('job_configs').where('company_code', '=', DEMO_COMPANY).executeTakeFirst();
  await k.deleteFrom('chain_jobs').where('company_code', '=', DEMO_COMPANY).execute();
  const triggerIds = k.selectFrom('triggers').select('id').where('company_code', '=', DEMO_COMPANY);
  await k.deleteFrom('missed_fires').where('trigger_id', 'in', triggerIds).execute();
  await k.deleteFrom('triggers').where('company_code', '=', DEMO_COMPANY).execute();
  await endActiveRuns(db, clock, by);

  const blobKeys = new Set(
    (
      await k.selectFrom('run_files').select('blob_key').where('company_code', '=', DEMO_COMPANY).execute()
    ).map((row) => row.blob_key),
  );
  for (const key of await blobs.list(DEMO_COMPANY)) blobKeys.add(key);

  const demoUsers = await k
    .selectFrom('user_companies')
    .select('username')
    .where('company_code', '=', DEMO_COMPANY)
    .execute();
  const removedUsers: string[] = [];
  const runs = await k.transaction().execute(async (trx) => {
    const runIds = trx.selectFrom('job_runs').select('id').where('company_code', '=', DEMO_COMPANY);
    const fileSeqs = trx.selectFrom('run_files').select('seq').where('run_id', 'in', runIds);
    await trx.deleteFrom('file_deliveries').where('file_seq', 'in', fileSeqs).execute();
    await trx.deleteFrom('run_files').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('run_steps').where('run_id', 'in', runIds).execute();
    await trx.deleteFrom('application_log').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('mail_outbox').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('system_log').where('company_code', '=', DEMO_COMPANY).execute();
    const deletedRuns = await trx
      .deleteFrom('job_runs')
      .where('company_code', '=', DEMO_COMPANY)
      .executeTakeFirst();
    await trx.deleteFrom('job_configs').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('chain_jobs').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('triggers').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('sftp_servers').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('api_servers').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('dms_servers').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('email_contents').where('company_code', '=', DEMO_COMPANY).execute();
    await trx.deleteFrom('user_companies').where('company_code', '=', DEMO_COMPANY).execute();
    for (const { username } of demoUsers) {
      const other = await trx
        .selectFrom('user_companies')
        .select('username')
        .where('username', '=', username)
        .executeTakeFirst();
      if (other) continue;
      await trx.deleteFrom('token_revocations').where('username', '=', username).execute();
      await trx.deleteFrom('users').where('username', '=', username).execute();
      removedUsers.push(username);
    }
    await trx.deleteFrom('companies').where('company_code', '=', DEMO_COMPANY).execute();
    return Number(deletedRuns.numDeletedRows);
  });

  for (const key of blobKeys) await blobs.delete(key);
  // A folder store leaves the emptied folders of the keys behind (the data folder's: a database or
  // shared store reads old keys from it too).
  await fs.rm(path.join(localBlobRoot({ dataDir }), DEMO_COMPANY), { recursive: true, force: true });
  await fs.rm(demoDir(dataDir), { recursive: true, force: true });
  return { runs, jobs: Number(jobs.numDeletedRows), users: removedUsers, blobs: blobKeys.size };
}
