import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  confinedPath,
  listStableFiles,
  openSftp,
  withSftpRetry,
  type SftpEntry,
} from '../../../adapters/sftp/index.js';
import { filterMatching } from '../../../platform/bounded-regex.js';
import { reasonOf, runBlobKey, type RunContext, type StepResult } from '../pipeline-context.js';

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
async function keepBackup(context: RunContext, key: string, local: string, fileName: string) {
  try {
    return await context.blobs.put(key, fs.createReadStream(local), context.signal);
  } catch (error) {
    if (context.signal.aborted) throw error;
    const reason = `the source backup of ${fileName} could not be written: ${reasonOf(error)}`;
    throw new Error(reason, { cause: error });
  }
}

/**
 * Step 1: every chosen source file is downloaded (read-ahead, to a scratch file that gets its name
 * only when complete and size-checked), kept in the source backup with its SHA-256, recorded in the
 * ledger, and only then deleted from the source when the job says so. A file already backed up by an
 * earlier attempt of this run is not downloaded again.
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
        for (const entry of chosen) {
          const remote = confinedPath(folder, entry.name);
          if (!backedUp.has(entry.name)) {
            const local = path.join(scratch, crypto.randomBytes(8).toString('hex'));
            const downloaded = await session.download(remote, local, { signal, sha256: true });
            const key = runBlobKey(run, 'source', entry.name);
            const stored = await keepBackup(context, key, local, entry.name);
            await fs.promises.rm(local, { force: true });
            if (stored.size !== downloaded.bytes || stored.sha256 !== downloaded.sha256)
              throw new Error(`the backup of ${entry.name} does not match what was downloaded`);
            const origin = `sftp:${source.serverId}:${remote}`;
            backedUp.set(entry.name, await recorder.recordFile('source', entry.name, stored, key, origin));
            await recorder.log(
              'INFO',
              `downloaded ${remote} (${stored.size} bytes, sha256 ${stored.sha256})`,
            );
          }
          if (deleteSource && (await session.exists(remote))) {
            await session.remove(remote);
            await recorder.log('INFO', `deleted ${remote} from the source after its backup`);
          }
        }
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
