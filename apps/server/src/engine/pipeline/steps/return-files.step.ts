import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { readBackedUpAnswer } from './call-function.step.js';
import { isRetryableFailure } from '../retry-failure.js';
import { runMessage } from '../../../i18n/run-message.js';
import type { ResultFile } from '../delivery.js';
import { reasonOf, runBlobKey, type RunContext, type StepResult } from '../pipeline-context.js';

/**
 * Step 3: the function's result files (from the API response backup) are kept in the return backup
 * and delivered by the job's delivery (TransferTargets: the return sFTP server, temporary name then
 * rename, or for DMS types the DMS; engine/pipeline/transfer/). Every delivery is recorded; a file already delivered to a place (an earlier attempt, a re-run)
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
    const delivered = await context.targets.deliveryFor(job).deliver(context, files);
    const skipped = files.length - delivered;
    return {
      status: 'SUCCESS',
      message: skipped
        ? runMessage('returnDeliveredSkipped', { count: delivered, skipped })
        : runMessage('returnDelivered', { count: delivered }),
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: 'ERROR', message: reasonOf(error), retryable: isRetryableFailure(error) };
  }
}

/** The answer's result files into the run's return backups (and ledger); undefined without an answer. */
async function keepResultFiles(context: RunContext): Promise<ResultFile[] | undefined> {
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
    const files: ResultFile[] = [];
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
