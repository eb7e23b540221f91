import type { Db } from '../../db/database.js';
import type { BlobStore } from '../files/blob-store.js';
import type { ClaimedRun } from '../runs/run.js';
import { keptFiles } from './run-files.repository.js';

/** How many missing files the message names. */
const NAMED = 3;

/**
 * Whether this node can read every file the run kept (its ledger) from its file store; when it
 * cannot, the message of the step that would have needed them. A run continued on another node (a
 * takeover, a re-run) whose backups are on a disk this node does not share must stop there, with
 * everything kept, instead of failing on a bare ENOENT — the source may already be deleted, so the
 * backup is the only copy (DESIGN §2 "Files", docs/decisions/0019-file-store.md).
 */
export async function unreadableBackups(
  db: Db,
  blobs: BlobStore,
  run: ClaimedRun,
  rerunStep: number,
): Promise<string | undefined> {
  const rows = await keptFiles(db, run.id);
  const missing: typeof rows = [];
  for (const row of rows) if (!(await blobs.exists(row.blob_key))) missing.push(row);
  const [first] = missing;
  if (!first) return undefined;
  const names = missing
    .slice(0, NAMED)
    .map((row) => `${row.list_type}/${row.file_name}`)
    .join(', ');
  const more = missing.length > NAMED ? ` and ${missing.length - NAMED} more` : '';
  const places = [
    ...new Set(
      missing.map(
        (row) =>
          `${row.blob_store ?? 'the file store of an earlier attempt'} (written by node ${row.stored_by ?? 'unknown'})`,
      ),
    ),
  ].join('; ');
  return (
    `this node (${run.lease_owner}) cannot read ${missing.length} of the run's ${rows.length} kept file(s) ` +
    `from its file store, ${blobs.description}: ${names}${more}. They are in ${places}. ` +
    `This node sent and removed nothing: re-run step ${rerunStep} once a node that reads them can take the run ` +
    `(the node that wrote them, or any node when every node shares one file store: LIS_FILE_STORE, ` +
    `decision 0019); that run delivers them`
  );
}
