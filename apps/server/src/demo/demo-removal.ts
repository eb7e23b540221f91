import fs from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../engine/files/blob-store.js';
import { localBlobRoot } from '../engine/files/file-store.js';
import type { Clock } from '../platform/clock.js';
import { DEMO_COMPANY, demoDir } from './demo-layout.js';
import type { DemoRemovalRepository } from './demo-removal.repository.js';

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
async function endActiveRuns(repo: DemoRemovalRepository, clock: Clock, by: string): Promise<void> {
  await repo.endActiveRuns(clock.now(), `Stopped: the demo is being removed by ${by}`, by);
  for (const deadline = Date.now() + RUNNING_WAIT_MS; Date.now() < deadline;) {
    if (!(await repo.hasActiveRuns())) return;
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
  repo: DemoRemovalRepository,
  dataDir: string,
  clock: Clock,
  by: string,
  /** The node's file store (LIS_FILE_STORE): the demo runs' kept files are removed from it. */
  blobs: BlobStore,
): Promise<DemoRemovalResult | undefined> {
  if (!(await repo.companyExists())) {
    await fs.rm(demoDir(dataDir), { recursive: true, force: true });
    return undefined;
  }
  // No new fires: the triggers go first, then whatever is still active ends.
  const jobs = await repo.stopFiring(clock.now());
  await endActiveRuns(repo, clock, by);

  const blobKeys = new Set(await repo.keptFileKeys());
  for (const key of await blobs.list(DEMO_COMPANY)) blobKeys.add(key);
  const { runs, users: removedUsers } = await repo.deleteEverything(clock.now());

  for (const key of blobKeys) await blobs.delete(key);
  // A folder store leaves the emptied folders of the keys behind (the data folder's: a database or
  // shared store reads old keys from it too).
  await fs.rm(path.join(localBlobRoot({ dataDir }), DEMO_COMPANY), { recursive: true, force: true });
  await fs.rm(demoDir(dataDir), { recursive: true, force: true });
  return { runs, jobs, users: removedUsers, blobs: blobKeys.size };
}
