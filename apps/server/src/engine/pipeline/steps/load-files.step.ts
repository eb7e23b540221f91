import fs from 'node:fs';
import { isRetryableFailure } from '../retry-failure.js';
import path from 'node:path';
import { transferEach } from '../../../adapters/sftp/index.js';
import { runMessage, type RunMessage } from '../../../i18n/run-message.js';
import { filterMatching } from '../../../platform/bounded-regex.js';
import { reasonOf, type RunContext, type StepResult } from '../pipeline-context.js';
import type { LedgerFile } from '../run-recorder.js';
import type { SourceEntry } from '../source.js';
import { chooseSourceFiles, describeWaiting } from './source-file-choice.js';
import { settlePendingFile, takeSourceFile, type TakeOutcome } from './take-source-file.js';

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

/**
 * The source files this job takes: regular, not being written, matching its regex and file type, and
 * ready by its stability options (minimum age, done-marker, excluded names: `source-file-choice.ts`).
 * The files not ready yet are named in the run log; a later run takes them.
 */
function chooseFiles(context: RunContext, entries: SourceEntry[]): SourceEntry[] {
  const { config } = context.job;
  const listedAt = Date.now();
  const pattern = config.sftp_source_formatfilename ?? '';
  const ofType = fileTypeMatcher(config.sftp_source_filetype);
  const candidates = entries.filter((entry) => ofType(entry.name)).map((entry) => entry.name);
  const matched = new Set(
    pattern === '' ? candidates : filterMatching(new RegExp(`^(?:${pattern})$`, 'u'), candidates),
  );
  const choice = chooseSourceFiles({ entries, config, listedAt, wanted: (name) => matched.has(name) });
  const waiting = describeWaiting(choice.waiting, config.sftp_source_min_age_seconds);
  if (waiting !== null) context.recorder.logWithoutWaiting('INFO', waiting);
  return choice.take.map((file) => file.entry);
}

/** What step 1 did with each file, for its status and message. */
interface LoadTally {
  /** The run's files: backed up, recorded, and deleted at the source (or kept there by the job). */
  taken: Map<string, LedgerFile>;
  /** Backed up and recorded, not yet seen deleted at the source: settled by the next attempt. */
  pending: Map<string, LedgerFile>;
  left: Extract<TakeOutcome, { kind: 'left' }>[];
  /** Backed up by an earlier attempt, then taken by another run of the job: not this run's. */
  released: Extract<TakeOutcome, { kind: 'released' }>[];
}

/**
 * Notes what was left or let go. What the run holds (taken, pending) is not tallied here: the ledger
 * says it, read before each try and at the end.
 */
function tally(outcome: TakeOutcome, into: LoadTally): void {
  if (outcome.kind === 'released') into.released.push(outcome);
  else if (outcome.kind === 'left') into.left.push(outcome);
}

const namesOf = (files: Iterable<string>) => [...files].sort().join(', ').slice(0, 500);
/** The files left at the source with their reasons (the first 20). */
const leftList = (files: readonly Extract<TakeOutcome, { kind: 'left' }>[]) =>
  files.slice(0, 20).map((file) => runMessage('loadLeftFile', { name: file.name, reason: file.reason }));

/** Status and message of step 1 from what became of each file (docs/reliability.md). */
function loadResult(
  result: LoadTally,
  failure: string | undefined,
  /** The session's failure may pass by itself (docs/retries.md): an ERROR it caused may be retried. */
  retryable = false,
): StepResult & { count: number } {
  const count = result.taken.size;
  const left = leftList(result.left);
  if (result.pending.size > 0)
    return {
      status: 'ERROR',
      message: runMessage('loadPendingUnsettled', {
        failure: failure ?? runMessage('loadStopped'),
        count: result.pending.size,
        names: namesOf(result.pending.keys()),
      }),
      count,
      retryable,
    };
  if (count === 0 && failure !== undefined) return { status: 'ERROR', message: failure, count, retryable };
  if (count === 0 && result.left.some((file) => !file.refusedName))
    return { status: 'ERROR', message: runMessage('loadNothingTaken', { left }), count };
  if (count === 0 && result.left.length > 0)
    return { status: 'WARNING', message: runMessage('loadNoneTakenLeft', { left }), count };
  const released = result.released.map((file) =>
    runMessage('loadReleasedTo', { name: file.name, run: file.by }),
  );
  if (count === 0)
    return {
      status: 'SUCCESS',
      message:
        released.length > 0 ? runMessage('loadNoFileReleased', { released }) : runMessage('loadNoFile'),
      count,
    };
  const names = namesOf(result.taken.keys());
  const loaded =
    released.length > 0
      ? runMessage('loadLoadedReleased', { count, names, released })
      : runMessage('loadLoaded', { count, names });
  const problems: RunMessage[] = [
    ...(failure !== undefined ? [runMessage('loadThenSourceFailed', { failure })] : []),
    ...(result.left.length > 0 ? [runMessage('loadLeftAtSource', { left })] : []),
  ];
  if (problems.length === 0) return { status: 'SUCCESS', message: loaded, count };
  return { status: 'WARNING', message: runMessage('loadWithProblems', { loaded, problems }), count };
}

/**
 * Step 1, per file (DESIGN §4, docs/reliability.md): each chosen source file is downloaded (read-ahead,
 * to a scratch file, size-checked), kept in the source backup with its SHA-256 and recorded, and only
 * then deleted from the source when the job says so. A file that cannot be taken (an odd name, a failed
 * download or backup, a refused delete) stays at the source and is named in a WARNING; the files taken
 * go on through the pipeline. Files an earlier attempt of the run backed up but did not see deleted are
 * settled first. Only a lost connection (after its retries) with such files unsettled ends the step
 * ERROR — and a re-run of step 1 settles them. `settings.fileConcurrency` files at once.
 */
export async function loadFiles(context: RunContext): Promise<StepResult & { count: number }> {
  const { job, recorder, settings, signal, run } = context;
  const source = context.targets.sourceFor(job).folderOf(job);
  if ('problem' in source) return { status: 'ERROR', message: source.problem, count: 0 };
  const folder = source.path;
  const deleteSource = job.config.sftp_source_isdeletesource === 'Y';
  const result: LoadTally = { taken: new Map(), pending: new Map(), left: [], released: [] };
  /** The ledger is the truth of what the run holds: read again before each try and at the end. */
  const readLedger = async () => {
    result.taken.clear();
    result.pending.clear();
    for (const file of await recorder.files('source')) {
      if (file.sourceState === 'pending') result.pending.set(file.fileName, file);
      else result.taken.set(file.fileName, file);
    }
  };
  const scratch = path.join(settings.scratchDir, run.id);
  await fs.promises.mkdir(scratch, { recursive: true });
  let failure: string | undefined;
  let retryable = false;
  try {
    await source.withSession(
      async (session) => {
        await readLedger();
        const { concurrency, afterError } = {
          concurrency: settings.fileConcurrency,
          afterError: 'finish' as const,
        };
        await transferEach(
          [...result.pending.values()],
          { concurrency, signal, afterError },
          async (file, s) =>
            tally(await settlePendingFile(context, source, session, file, folder, scratch, s), result),
        );
        const listed = await session.listStable(folder, { intervalMs: settings.stableIntervalMs, signal });
        // A name the run already holds is a new file under that name: it is left for the next run.
        const held = (name: string) => result.taken.has(name) || result.pending.has(name);
        const fresh = chooseFiles(context, listed).filter((entry) => !held(entry.name));
        await transferEach(fresh, { concurrency, signal, afterError }, async (entry, s) =>
          tally(
            await takeSourceFile(context, source, session, { entry, folder, scratch, deleteSource }, s),
            result,
          ),
        );
      },
      {
        attempts: settings.sftpAttempts,
        backoffMs: settings.sftpBackoffMs,
        signal,
        onRetry: (error, next, delay) =>
          recorder.logWithoutWaiting(
            'WARNING',
            runMessage('sourceRetry', { reason: error.message, next, delay }),
          ),
      },
    );
  } catch (error) {
    if (signal.aborted) throw error;
    failure = reasonOf(error);
    retryable = isRetryableFailure(error);
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
  await readLedger();
  // A retried session lists again: what a failed try left behind it may have taken after all.
  const stillLeft = result.left.filter((file) => !result.taken.has(file.name));
  if (stillLeft.length > 0)
    await recorder.log('WARNING', runMessage('loadLeftNotTaken', { left: leftList(stillLeft) }));
  return loadResult({ ...result, left: dedupeByName(stillLeft) }, failure, retryable);
}

function dedupeByName<T extends { name: string }>(files: T[]): T[] {
  return [...new Map(files.map((file) => [file.name, file])).values()];
}
