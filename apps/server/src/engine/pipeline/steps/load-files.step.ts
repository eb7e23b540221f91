import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  confinedPath,
  listStableFiles,
  openSftp,
  transferEach,
  withSftpRetry,
  type SftpEntry,
  type SftpSession,
} from '../../../adapters/sftp/index.js';
import { filterMatching } from '../../../platform/bounded-regex.js';
import type { StoredBlob } from '../../files/blob-store.js';
import { reasonOf, runBlobKey, type RunContext, type StepResult } from '../pipeline-context.js';
import type { LedgerFile } from '../run-recorder.js';

/** `sftp_source_filetype`: extensions separated by `|` or `,` ("csv", ".txt|.dat"); blank: any. */
export function fileTypeMatcher(fileType: string | null): (name: string) => boolean {
  const extensions = (fileType ?? '')
    .split(/[|,]/)
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^\*?\./, ''),
    )
    .filter(Boolean);
  if (extensions.length === 0) return () => true;
  return (name) => extensions.some((extension) => name.toLowerCase().endsWith(`.${extension}`));
}

/** The source files this job takes: regular, not being written, matching its regex and file type. */
function chooseFiles(context: RunContext, entries: SftpEntry[]): SftpEntry[] {
  const { config } = context.job;
  const pattern = config.sftp_source_formatfilename ?? '';
  const ofType = fileTypeMatcher(config.sftp_source_filetype);
  const candidates = entries.filter((entry) => ofType(entry.name));
  if (pattern === '') return candidates;
  const matched = new Set(
    filterMatching(
      new RegExp(`^(?:${pattern})$`, 'u'),
      candidates.map((entry) => entry.name),
    ),
  );
  return candidates.filter((entry) => matched.has(entry.name));
}

/** Keeps a downloaded file in the source backup; a failure (a full disk) says which backup failed. */
async function keepBackup(
  context: RunContext,
  key: string,
  local: string,
  fileName: string,
  signal: AbortSignal,
) {
  try {
    return await context.blobs.put(key, fs.createReadStream(local), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = `the source backup of ${fileName} could not be written: ${reasonOf(error)}`;
    throw new Error(reason, { cause: error });
  }
}

interface LoadTask {
  entry: SftpEntry;
  folder: string;
  scratch: string;
  deleteSource: boolean;
  /** The run's source files already in the backup and the ledger, by name; this adds to it. */
  backedUp: Map<string, LedgerFile>;
}

/**
 * One source file: downloaded to scratch, kept in the backup (durable, file and folder, when `put`
 * resolves) and checked against the download, recorded — and only then deleted from the source. The
 * scratch copy is read once and removed, so it is not synced: the backup is the durable copy.
 */
async function loadOne(context: RunContext, session: SftpSession, task: LoadTask, signal: AbortSignal) {
  const { recorder, run, job } = context;
  const { entry, backedUp } = task;
  const remote = confinedPath(task.folder, entry.name);
  if (!backedUp.has(entry.name)) {
    const local = path.join(task.scratch, crypto.randomBytes(8).toString('hex'));
    let stored: StoredBlob;
    const key = runBlobKey(run, 'source', entry.name);
    try {
      const downloaded = await session.download(remote, local, { signal, sha256: true, syncToDisk: false });
      stored = await keepBackup(context, key, local, entry.name, signal);
      if (stored.size !== downloaded.bytes || stored.sha256 !== downloaded.sha256)
        throw new Error(`the backup of ${entry.name} does not match what was downloaded`);
    } finally {
      await fs.promises.rm(local, { force: true });
    }
    const origin = `sftp:${job.source?.serverId ?? ''}:${remote}`;
    backedUp.set(entry.name, await recorder.recordFile('source', entry.name, stored, key, origin));
    await recorder.log('INFO', `downloaded ${remote} (${stored.size} bytes, sha256 ${stored.sha256})`);
  }
  if (task.deleteSource && (await session.exists(remote))) {
    await session.remove(remote);
    await recorder.log('INFO', `deleted ${remote} from the source after its backup`);
  }
}

/**
 * Step 1: every chosen source file is downloaded (read-ahead, to a scratch file that gets its name
 * only when complete and size-checked), kept in the source backup with its SHA-256, recorded in the
 * ledger, and only then deleted from the source when the job says so. A file already backed up by an
 * earlier attempt of this run is not downloaded again. `settings.fileConcurrency` files at once, each in
 * that order; the first failure stops the others (each either finished or left its source untouched).
 */
export async function loadFiles(context: RunContext): Promise<StepResult & { count: number }> {
  const { job, recorder, settings, signal, run } = context;
  const source = job.source;
  const folder = job.config.sftp_source_path ?? '';
  if (!source) return { status: 'ERROR', message: 'no sFTP source server is configured', count: 0 };
  if (!folder.startsWith('/'))
    return { status: 'ERROR', message: 'no sFTP source path is configured', count: 0 };
  const deleteSource = job.config.sftp_source_isdeletesource === 'Y';
  const backedUp = new Map((await recorder.files('source')).map((file) => [file.fileName, file]));
  const scratch = path.join(settings.scratchDir, run.id);
  await fs.promises.mkdir(scratch, { recursive: true });
  try {
    await withSftpRetry(
      (openSignal) => openSftp(source, { signal: openSignal }),
      async (session) => {
        const chosen = chooseFiles(
          context,
          await listStableFiles(session, folder, { intervalMs: settings.stableIntervalMs, signal }),
        );
        await transferEach(
          chosen,
          { concurrency: settings.fileConcurrency, signal, afterError: 'finish' },
          (entry, fileSignal) =>
            loadOne(context, session, { entry, folder, scratch, deleteSource, backedUp }, fileSignal),
        );
      },
      {
        attempts: settings.sftpAttempts,
        backoffMs: settings.sftpBackoffMs,
        signal,
        onRetry: (error, next, delay) =>
          recorder.logWithoutWaiting(
            'WARNING',
            `sFTP source failed (${error.message}); try ${next} in ${delay} ms`,
          ),
      },
    );
    const count = backedUp.size;
    if (count === 0) return { status: 'SUCCESS', message: 'No file', count };
    return {
      status: 'SUCCESS',
      // Every file the run holds, also those an earlier sFTP attempt took (and maybe deleted).
      message: `${count} file(s) loaded: ${[...backedUp.keys()].sort().join(', ').slice(0, 500)}`,
      count,
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: 'ERROR', message: reasonOf(error), count: backedUp.size };
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}
