import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import type { PeerClients } from '../../../adapters/peer-clients.js';
import {
  confinedPath,
  removeStaleTemporaryFiles,
  transferEach,
  withSftpRetry,
  type SftpSession,
} from '../../../adapters/sftp/index.js';
import { runMessage } from '../../../i18n/run-message.js';
import type { StoredBlob } from '../../files/blob-store.js';
import type { Delivery, ResultFile } from '../delivery.js';
import { reasonOf, type RunContext } from '../pipeline-context.js';
import type { JobConfigRow } from '../pipeline-job.js';

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
  file: ResultFile,
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
async function deliverToSftp(
  open: PeerClients['sftp'],
  context: RunContext,
  files: readonly ResultFile[],
): Promise<number> {
  const { job, recorder, settings, signal } = context;
  const target = job.destination;
  if (!target) throw new Error('no sFTP return server is configured');
  if (!(job.config.sftp_return_path ?? '').startsWith('/'))
    throw new Error('no sFTP return path is configured');
  // Temporary names this step's uploads created: those a cut connection left are removed by the next
  // try's session, or when the step ends (not an hour later by the stale sweep).
  const temporaries = new Set<string>();
  const connect = (openSignal: AbortSignal | undefined) => open(target, { signal: openSignal });
  try {
    return await withSftpRetry(
      connect,
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
    if (temporaries.size > 0) await removeTemporariesOnce(context, connect, temporaries);
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
  files: readonly ResultFile[],
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

/**
 * Step 3 to the job's return sFTP server (`sftp_return_server_id`, `sftp_return_path`): the success and
 * error folders, temporary name then rename. It serves every job no other delivery serves: list it last.
 */
export function sftpDelivery(open: PeerClients['sftp']): Delivery {
  return { serves: () => true, deliver: (context, files) => deliverToSftp(open, context, files) };
}
