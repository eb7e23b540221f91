import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DmsClient } from '../../../adapters/dms/index.js';
import type { FunctionResultFile } from '../../../adapters/function-server/index.js';
import type { StoredBlob } from '../../files/blob-store.js';
import { readBackedUpAnswer } from './call-function.step.js';
import {
  confinedPath,
  openSftp,
  removeStaleTemporaryFiles,
  transferEach,
  withSftpRetry,
  type SftpSession,
} from '../../../adapters/sftp/index.js';
import { runMessage } from '../../../i18n/run-message.js';
import type { JobConfigRow } from '../pipeline-job.js';
import { reasonOf, runBlobKey, type RunContext, type StepResult } from '../pipeline-context.js';
import type { LedgerFile } from '../run-recorder.js';

export const DMS_TYPES = new Set(['DMS_WAIT', 'DMS_DYN_WAIT', 'DMS_ETAX_WAIT']);

interface ReturnFile {
  ledger: LedgerFile;
  /** Where the file is kept (its return backup), and its size and hash there. */
  key: string;
  stored: StoredBlob;
  result: FunctionResultFile;
}

/** A configured sub-folder: absolute as given, otherwise under the return path. */
function folderUnder(returnPath: string, folder: string | null, fallback: string): string {
  const chosen = (folder ?? '').trim() || fallback;
  return chosen.startsWith('/') ? chosen : confinedPath(returnPath, chosen);
}

/** Where a result file goes on the return sFTP server (success or error folder; EDI_CON its own). */
export function returnFolder(config: JobConfigRow, kind: 'success' | 'error'): string {
  const returnPath = config.sftp_return_path ?? '';
  if (config.legacy_type === 'EDI_CON') {
    const edi = kind === 'success' ? config.edi_source_success_path : config.edi_source_error_path;
    if (edi?.trim()) return folderUnder(returnPath, edi, '');
  }
  return kind === 'success'
    ? folderUnder(returnPath, config.sftp_return_success_path, 'return_success')
    : folderUnder(returnPath, config.sftp_return_error_path, 'return_error');
}

/**
 * Step 3: the function's result files (from the API response backup) are kept in the return backup
 * and delivered — to the return sFTP server (temporary name, then rename) or, for DMS types, to the
 * DMS. Every delivery is recorded; a file already delivered to a place (an earlier attempt, a re-run)
 * is not delivered there again. The answer is read as a stream: each file's content is decoded into a
 * scratch file, then kept and delivered from the store, so memory does not grow with the files.
 */
export async function returnFiles(context: RunContext): Promise<StepResult> {
  const { job, signal } = context;
  const kept = await keepResultFiles(context);
  if (!kept) return { status: 'ERROR', message: runMessage('answerBackupMissing') };
  const files = kept;
  if (files.length === 0) return { status: 'SUCCESS', message: runMessage('returnNoResultFiles') };
  try {
    const delivered = DMS_TYPES.has(job.config.legacy_type)
      ? await deliverToDms(context, files)
      : await deliverToSftp(context, files);
    const skipped = files.length - delivered;
    return {
      status: 'SUCCESS',
      message: skipped
        ? runMessage('returnDeliveredSkipped', { count: delivered, skipped })
        : runMessage('returnDelivered', { count: delivered }),
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: 'ERROR', message: reasonOf(error) };
  }
}

/** The answer's result files into the run's return backups (and ledger); undefined without an answer. */
async function keepResultFiles(context: RunContext): Promise<ReturnFile[] | undefined> {
  const { job, run, blobs, recorder, settings, signal } = context;
  const scratch = path.join(settings.scratchDir, `${run.id}-answer`);
  await fs.promises.mkdir(scratch, { recursive: true });
  const writers = new Map<number, fs.WriteStream>();
  try {
    const read = await readBackedUpAnswer(context, (index) => {
      const writer = fs.createWriteStream(path.join(scratch, String(index)));
      writers.set(index, writer);
      return writer;
    }).finally(() => Promise.all([...writers.values()].map((writer) => finished(writer.end()))));
    if (!read) return undefined;
    const origin = `function:${job.api?.serverId ?? ''}:${job.config.api_classname ?? ''}.${job.config.api_function_name ?? ''}`;
    const files: ReturnFile[] = [];
    for (const [index, result] of read.answer.files.entries()) {
      const listType = result.kind === 'success' ? 'return_success' : 'return_error';
      const key = runBlobKey(run, listType, result.file_name);
      const content = writers.has(index)
        ? fs.createReadStream(path.join(scratch, String(index)))
        : Readable.from([Buffer.alloc(0)]);
      const stored = await blobs.put(key, content, signal);
      files.push({
        ledger: await recorder.recordFile(listType, result.file_name, stored, key, origin),
        key,
        stored,
        result,
      });
    }
    return files;
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Whether `remote` already holds exactly these bytes: a delivery whose row was never written (the node
 * died between the rename and the ledger). Read back only when the size matches.
 */
async function alreadyOnServer(
  session: SftpSession,
  remote: string,
  kept: StoredBlob,
  signal: AbortSignal,
): Promise<boolean> {
  if (!(await session.exists(remote))) return false;
  const entry = await session.stat(remote);
  if (!entry.isFile || entry.size !== kept.size) return false;
  const remoteHash = crypto.createHash('sha256');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      remoteHash.update(chunk);
      done();
    },
  });
  await session.download(remote, sink, { signal });
  return remoteHash.digest('hex') === kept.sha256;
}

/** Removes what earlier uploads left under temporary names in `folder`; never fails the delivery. */
async function sweepStaleTemporaries(
  context: RunContext,
  session: SftpSession,
  folder: string,
  names: ReadonlySet<string>,
) {
  try {
    const removed = await removeStaleTemporaryFiles(session, folder, {
      olderThanMs: context.settings.staleTemporaryMs,
      // A run taken over: its own names' temporaries were left by the node that died.
      ofNames: context.run.attempt > 1 ? names : undefined,
    });
    if (removed.length)
      await context.recorder.log('INFO', runMessage('returnStaleRemoved', { count: removed.length, folder }));
  } catch (error) {
    if (context.signal.aborted) throw error;
    await context.recorder.log(
      'WARNING',
      runMessage('returnStaleNotCleared', { folder, reason: reasonOf(error) }),
    );
  }
}

/** Runs `work` once per key, the callers of one key sharing it (a folder made once by parallel deliveries). */
function once(done: Map<string, Promise<void>>, key: string, work: () => Promise<void>): Promise<void> {
  let running = done.get(key);
  if (!running) {
    running = work();
    done.set(key, running);
  }
  return running;
}

/** What the deliveries of one session share. */
interface DeliveryState {
  /** Folders made and swept once per session. */
  prepared: Map<string, Promise<void>>;
  /** Temporary names the step's uploads created (see deliverToSftp). */
  temporaries: Set<string>;
  /** The final names this step delivers into a folder. */
  namesIn(folder: string): ReadonlySet<string>;
}

/** One result file to the return server, unless the ledger or the server shows it is there already. */
async function deliverOne(
  context: RunContext,
  session: SftpSession,
  file: ReturnFile,
  state: DeliveryState,
  signal: AbortSignal,
): Promise<boolean> {
  const { job, recorder } = context;
  const folder = returnFolder(job.config, file.result.kind);
  const remote = confinedPath(folder, file.result.file_name);
  const destination = `sftp:${job.destination?.serverId ?? ''}:${remote}`;
  if (await recorder.alreadyDelivered(file.ledger, destination)) return false;
  await once(state.prepared, folder, async () => {
    await session.mkdirp(folder);
    await sweepStaleTemporaries(context, session, folder, state.namesIn(folder));
  });
  if (await alreadyOnServer(session, remote, file.stored, signal)) {
    await recorder.recordDelivery(file.ledger, destination);
    await recorder.log('INFO', runMessage('returnAlreadyThere', { remote }));
    return false;
  }
  await session.upload(await context.blobs.read(file.key), remote, {
    signal,
    onTemporary: (temporary) => state.temporaries.add(temporary),
  });
  await recorder.recordDelivery(file.ledger, destination);
  await recorder.log('INFO', runMessage('returnDeliveredFile', { remote, bytes: file.stored.size }));
  return true;
}

/**
 * `settings.fileConcurrency` files at once over one session. Two results with the same name and kind
 * (one remote path) go one after the other, so the second finds the first delivered, as before.
 */
async function deliverToSftp(context: RunContext, files: readonly ReturnFile[]): Promise<number> {
  const { job, recorder, settings, signal } = context;
  const target = job.destination;
  if (!target) throw new Error('no sFTP return server is configured');
  if (!(job.config.sftp_return_path ?? '').startsWith('/'))
    throw new Error('no sFTP return path is configured');
  // Temporary names this step's uploads created: those a cut connection left are removed by the next
  // try's session, or when the step ends (not an hour later by the stale sweep).
  const temporaries = new Set<string>();
  const open = (openSignal: AbortSignal | undefined) => openSftp(target, { signal: openSignal });
  try {
    return await withSftpRetry(
      open,
      async (session: SftpSession) => {
        await removeTemporaries(context, session, temporaries);
        return deliverAll(context, session, files, temporaries);
      },
      {
        attempts: settings.sftpAttempts,
        backoffMs: settings.sftpBackoffMs,
        signal,
        onRetry: (error, next, delay) =>
          recorder.logWithoutWaiting(
            'WARNING',
            runMessage('returnRetry', { reason: error.message, next, delay }),
          ),
      },
    );
  } finally {
    if (temporaries.size > 0) await removeTemporariesOnce(context, open, temporaries);
  }
}

/** Removes this step's leftover temporary files (an upload that completed renamed its own away). */
async function removeTemporaries(context: RunContext, session: SftpSession, temporaries: Set<string>) {
  for (const temporary of [...temporaries]) {
    if (await session.exists(temporary)) {
      await session.remove(temporary);
      await context.recorder.log('INFO', runMessage('returnRemovedTemporary', { temporary }));
    }
    temporaries.delete(temporary);
  }
}

/** One last try, on a new session, when the step ends with temporaries left; never fails the step. */
async function removeTemporariesOnce(
  context: RunContext,
  open: (signal: AbortSignal | undefined) => Promise<SftpSession>,
  temporaries: Set<string>,
) {
  let session: SftpSession | undefined;
  try {
    session = await open(AbortSignal.timeout(10_000));
    await removeTemporaries(context, session, temporaries);
  } catch (error) {
    await context.recorder
      .log(
        'WARNING',
        runMessage('returnTemporariesLeft', { files: [...temporaries].join(', '), reason: reasonOf(error) }),
      )
      .catch(() => undefined);
  } finally {
    await session?.close();
  }
}

/** Every result file over one session; the items of one remote path one after the other. */
async function deliverAll(
  context: RunContext,
  session: SftpSession,
  files: readonly ReturnFile[],
  temporaries: Set<string>,
): Promise<number> {
  const { job, settings, signal } = context;
  let delivered = 0;
  const names = new Map<string, Set<string>>();
  for (const file of files) {
    const folder = returnFolder(job.config, file.result.kind);
    names.set(folder, (names.get(folder) ?? new Set()).add(file.result.file_name));
  }
  const state: DeliveryState = {
    prepared: new Map(),
    temporaries,
    namesIn: (folder) => names.get(folder) ?? new Set(),
  };
  const byRemote = new Map<string, Promise<unknown>>();
  await transferEach(
    files,
    { concurrency: settings.fileConcurrency, signal, afterError: 'finish' },
    (file, fileSignal) => {
      const remote = confinedPath(returnFolder(job.config, file.result.kind), file.result.file_name);
      const before = byRemote.get(remote) ?? Promise.resolve();
      const mine = before
        .catch(() => undefined)
        .then(() => deliverOne(context, session, file, state, fileSignal))
        .then((sent) => {
          if (sent) delivered += 1;
        });
      byRemote.set(remote, mine);
      return mine;
    },
  );
  return delivered;
}

async function deliverToDms(context: RunContext, files: readonly ReturnFile[]): Promise<number> {
  const { job, run, recorder, signal } = context;
  const dms = job.dms;
  if (!dms) throw new Error('no DMS server is configured');
  const { config } = job;
  const client = new DmsClient({ baseUrl: dms.url, token: dms.token });
  let delivered = 0;
  for (const file of files) {
    const dynamic = config.legacy_type === 'DMS_DYN_WAIT';
    const place = dynamic
      ? file.result.dms
      : {
          bucket: config.dms_bucket ?? '',
          box_id: config.dms_boxid ?? '',
          group_id: config.dms_groupid ?? '',
        };
    if (!place)
      throw new Error(`the function gave no DMS bucket, box and group for ${file.result.file_name}`);
    const destination = `dms:${dms.serverId}:${place.bucket}/${place.box_id}/${place.group_id}/${file.result.file_name}`;
    if (await recorder.alreadyDelivered(file.ledger, destination)) continue;
    await client.putFile(
      {
        bucket: place.bucket,
        box: place.box_id,
        group: place.group_id,
        role: file.result.dms?.role ?? config.dms_roleaccess ?? '',
        job_instance_no: run.job_instance_no,
        file_name: file.result.file_name,
        content: () => context.blobs.read(file.key),
      },
      signal,
    );
    await recorder.recordDelivery(file.ledger, destination);
    await recorder.log(
      'INFO',
      runMessage('returnDeliveredDms', {
        file: file.result.file_name,
        server: dms.serverId,
        bucket: place.bucket,
      }),
    );
    delivered += 1;
  }
  return delivered;
}
