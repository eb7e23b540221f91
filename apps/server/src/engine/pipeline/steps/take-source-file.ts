import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runMessage, type RunText } from '../../../i18n/run-message.js';
import type { StoredBlob } from '../../files/blob-store.js';
import { releaseReadStream } from '../../files/release-read-stream.js';
import { reasonOf, runBlobKey, type RunContext } from '../pipeline-context.js';
import type { LedgerFile } from '../run-recorder.js';
import type { SourceEntry, SourceFolder, SourceSession } from '../source.js';
import { removeDoneMarker } from './done-marker-removal.js';
import { describeLocalFailure } from './local-failure.js';

/**
 * What became of one source file in step 1 (docs/reliability.md):
 * - `taken`: the run owns it — its backup is durable and recorded, and the source is deleted (or the job
 *   keeps its sources). From here the run must deliver it.
 * - `left`: it is still at the source and is not the run's: no ledger row, no backup kept. `refusedName`
 *   when its name alone rules it out (a backslash, `..`, control characters…).
 * - `released`: another run of the job took it (its delete went first); this one lets it go.
 * Anything this function throws (the connection lost, the run stopped, its lease lost) stops the step:
 * the file is then either untouched at the source or recorded as `pending` in the ledger, which the next
 * attempt of the step settles (`settlePendingFile`).
 */
export type TakeOutcome =
  | { kind: 'taken'; file: LedgerFile }
  | { kind: 'left'; name: string; reason: RunText; refusedName: boolean }
  | { kind: 'released'; name: string; by: string };

export interface TakeTask {
  entry: SourceEntry;
  folder: string;
  scratch: string;
  deleteSource: boolean;
}

/** A failure of the connection (worth a new session) or an abort: not a fault of this one file. */
function stopsTheStep(source: SourceFolder, error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  return source.lostConnection(error);
}

function left(name: string, reason: RunText, refusedName = false): TakeOutcome {
  return { kind: 'left', name, reason, refusedName };
}

/** Downloads one source file to scratch (size-checked, SHA-256) and keeps it in the run's backup. */
async function backUp(
  context: RunContext,
  session: SourceSession,
  remote: string,
  key: string,
  scratch: string,
  signal: AbortSignal,
): Promise<StoredBlob> {
  const local = path.join(scratch, crypto.randomBytes(8).toString('hex'));
  try {
    const downloaded = await session.download(remote, local, signal);
    let stored: StoredBlob;
    const content = fs.createReadStream(local);
    try {
      stored = await context.blobs.put(key, content, signal);
    } catch (error) {
      // Closed before the scratch file is removed (finally, below).
      await releaseReadStream(content);
      if (signal.aborted) throw error;
      throw new Error(`its backup could not be written: ${describeLocalFailure(error)}`, { cause: error });
    }
    if (stored.size !== downloaded.bytes || stored.sha256 !== downloaded.sha256) {
      await context.blobs.delete(key).catch(() => undefined);
      throw new Error('its backup does not match what was downloaded');
    }
    return stored;
  } finally {
    await fs.promises.rm(local, { force: true });
  }
}

/**
 * Takes one listed source file: backup (durable when `put` resolves) and ledger row first, as
 * `pending` when the source is to be deleted; then the delete; then the run owns it. A file that
 * cannot be taken is left at the source with its reason; its partial backup is removed.
 */
export async function takeSourceFile(
  context: RunContext,
  source: SourceFolder,
  session: SourceSession,
  task: TakeTask,
  signal: AbortSignal,
): Promise<TakeOutcome> {
  const { recorder, run } = context;
  const { entry } = task;
  let remote: string;
  let key: string;
  try {
    remote = source.pathOf(task.folder, entry.name);
    key = runBlobKey(run, 'source', entry.name);
  } catch (error) {
    return left(entry.name, reasonOf(error), true);
  }
  let stored: StoredBlob;
  try {
    stored = await backUp(context, session, remote, key, task.scratch, signal);
  } catch (error) {
    if (stopsTheStep(source, error, signal)) throw error;
    return left(entry.name, reasonOf(error));
  }
  const origin = source.originOf(remote);
  let file: LedgerFile;
  try {
    file = await recorder.recordFile(
      'source',
      entry.name,
      stored,
      key,
      origin,
      task.deleteSource ? 'pending' : null,
    );
  } catch (error) {
    // Not recorded, so not the run's: the source is untouched; the backup must not linger as the run's.
    await context.blobs.delete(key).catch(() => undefined);
    throw error;
  }
  await recorder.log(
    'INFO',
    runMessage('sourceDownloaded', { remote, size: stored.size, sha256: stored.sha256 }),
  );
  if (!task.deleteSource) return { kind: 'taken', file };
  return deleteAtSource(context, source, session, file, remote);
}

/** The delete that hands a backed-up file to the run; a refused delete gives the file back. */
async function deleteAtSource(
  context: RunContext,
  source: SourceFolder,
  session: SourceSession,
  file: LedgerFile,
  remote: string,
): Promise<TakeOutcome> {
  const { recorder } = context;
  try {
    await session.remove(remote);
  } catch (error) {
    if (stopsTheStep(source, error, context.signal)) throw error;
    if (source.isMissing(error)) return settleGone(context, source, session, file, remote);
    await giveBack(context, file);
    return left(file.fileName, runMessage('loadNotDeleted', { reason: reasonOf(error) }));
  }
  await recorder.markSourceTaken(file);
  await recorder.log('INFO', runMessage('sourceDeleted', { remote }));
  await removeDoneMarker(context, source, session, remote); // after the file, never before (decision 0018)
  return { kind: 'taken', file };
}

/** Drops a file from the run: ledger row and backup. It is at the source, or another run has it. */
async function giveBack(context: RunContext, file: LedgerFile): Promise<void> {
  await context.recorder.forgetFile(file);
  await context.blobs.delete(file.blobKey).catch(() => undefined);
}

/** The source file is gone: another run of the job took it, or (nobody else has it) this run did. */
async function settleGone(
  context: RunContext,
  source: SourceFolder,
  session: SourceSession,
  file: LedgerFile,
  remote: string,
): Promise<TakeOutcome> {
  const { recorder } = context;
  const other = await recorder.takenByAnotherRun(file, file.createdAt);
  if (other !== undefined) {
    await giveBack(context, file);
    await recorder.log('INFO', runMessage('sourceTakenByOther', { remote, run: other }));
    return { kind: 'released', name: file.fileName, by: other };
  }
  await recorder.markSourceTaken(file);
  await recorder.log('INFO', runMessage('sourceGoneOwned', { remote }));
  // Deleted before the node stopped, its done-marker perhaps not yet.
  await removeDoneMarker(context, source, session, remote);
  return { kind: 'taken', file };
}

/**
 * A file an earlier attempt of this run backed up but did not see deleted (the connection broke, the
 * node died). At the source with the same bytes: delete it now. At the source with other bytes: a new
 * file under the same name — the run's own was deleted before; leave the new one to the next run. Gone:
 * this run deleted it, or another run took it (then this run lets it go).
 */
export async function settlePendingFile(
  context: RunContext,
  source: SourceFolder,
  session: SourceSession,
  file: LedgerFile,
  folder: string,
  scratch: string,
  signal: AbortSignal,
): Promise<TakeOutcome> {
  const remote = source.pathOf(folder, file.fileName);
  if (!(await session.exists(remote))) return settleGone(context, source, session, file, remote);
  const local = path.join(scratch, crypto.randomBytes(8).toString('hex'));
  let sha256: string | undefined;
  try {
    sha256 = (await session.download(remote, local, signal)).sha256;
  } finally {
    await fs.promises.rm(local, { force: true });
  }
  if (sha256 === file.sha256) return deleteAtSource(context, source, session, file, remote);
  await context.recorder.markSourceTaken(file);
  await context.recorder.log('INFO', runMessage('sourceNewContent', { remote }));
  return { kind: 'taken', file };
}
