import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  callBody,
  callIdempotencyKey,
  readFunctionAnswer,
  type CallInputFile,
  type ConvertedRecord,
  type ReadAnswer,
} from '../../../adapters/function-server/index.js';
import { isDatabaseUnavailable } from '../../../db/database-errors.js';
import { runMessage } from '../../../i18n/run-message.js';
import type { StoredBlob } from '../../files/blob-store.js';
import { reasonOf, runBlobKey, type RunContext, type StepResult } from '../pipeline-context.js';
import { isRetryableFailure } from '../retry-failure.js';
import { STEP } from '../../runs/run-steps.js';
import type { SourceFile } from './convert-files.step.js';

export const REQUEST_FILE = 'request.json';
export const RESPONSE_FILE = 'response.json';

/** What the refusal of a too-large answer tells the operator. */
const TOO_LARGE_HINT =
  'LIS_FUNCTION_MAX_ANSWER_MB raises the limit; a re-run of step 2 then takes the answer';

/**
 * Step 2: calls `api_classname`.`api_function_name` with the run's identity and its files (content and
 * records). The request and the answer are kept as the API request / response backups, so that steps
 * 3 and 4 (and their re-runs) read the answer from the backup, never from a second call. The call carries
 * an idempotency key stable for (run, step, function, files), so that the function server recognises a
 * repeat of this step — a re-run after a timeout, a takeover — and answers it without running again.
 * Both are streamed (decision 0040): the request is written from the source backups into its own
 * backup and sent from there, the answer goes into its backup as it arrives (at most
 * `settings.maxAnswerBytes`) and is checked from there; memory does not grow with the files.
 */
export async function callFunction(
  context: RunContext,
  sources: readonly SourceFile[],
  records: ReadonlyMap<string, ConvertedRecord[]>,
): Promise<StepResult> {
  const { job, run, blobs, recorder, signal } = context;
  const { config } = job;
  if (!job.api) return { status: 'ERROR', message: runMessage('callNoApiServer') };
  if (!config.api_classname || !config.api_function_name)
    return { status: 'ERROR', message: runMessage('callNamesRequired') };
  const idempotencyKey = callIdempotencyKey({
    runId: run.id,
    companyCode: run.company_code,
    legacyId: run.legacy_id,
    jobInstanceNo: run.job_instance_no,
    step: STEP.call,
    className: config.api_classname,
    functionName: config.api_function_name,
    files: sources.map((source) => ({ fileName: source.fileName, sha256: source.sha256 })),
  });
  const files: CallInputFile[] = sources.map((source) => ({
    fileName: source.fileName,
    size: source.size,
    sha256: source.sha256,
    records: records.get(source.fileName),
    content: () => blobs.read(source.blobKey),
  }));
  const head = {
    sid: config.sid,
    company_code: run.company_code,
    legacy_id: run.legacy_id,
    legacy_type: config.legacy_type,
    job_instance_no: run.job_instance_no,
    class_name: config.api_classname,
    function_name: config.api_function_name,
    idempotency_key: idempotencyKey,
  };
  const origin = `function:${job.api.serverId}:${config.api_classname}.${config.api_function_name}`;
  // Written to a scratch file first, then kept and sent from there: the source backups are read while
  // nothing else holds the store (the database store's write is a transaction; on SQLite, the one
  // connection), and a 409's repeat does not read the store again.
  const scratch = path.join(context.settings.scratchDir, `${run.id}-request.json`);
  await fs.promises.mkdir(context.settings.scratchDir, { recursive: true });
  try {
    await pipeline(Readable.from(callBody(head, files)), fs.createWriteStream(scratch), { signal });
    const requestKey = runBlobKey(run, 'api_request', REQUEST_FILE);
    const storedRequest = await blobs.put(requestKey, Readable.from(readWhenAsked(scratch)), signal);
    await recorder.recordFile('api_request', REQUEST_FILE, storedRequest, requestKey, origin);
    await recorder.log('INFO', runMessage('callStarted', { origin, key: idempotencyKey }));
    return await callAndKeep(context, idempotencyKey, origin, () => readWhenAsked(scratch));
  } finally {
    await fs.promises.rm(scratch, { force: true });
  }
}

/**
 * A file's bytes, opened only when the first chunk is asked for: a request body the call never reads
 * (refused before sending, an answer that came before the upload, a stop) opens nothing — an opened
 * stream nobody listened to failed with an uncaught ENOENT once the scratch file was removed.
 */
async function* readWhenAsked(file: string): AsyncGenerator<Buffer> {
  yield* fs.createReadStream(file) as AsyncIterable<Buffer>;
}

/** The call itself, the request read from `request()`; the answer kept in its backup and checked. */
async function callAndKeep(
  context: RunContext,
  idempotencyKey: string,
  origin: string,
  request: () => AsyncIterable<Buffer>,
): Promise<StepResult> {
  const { job, run, blobs, recorder, signal } = context;
  const { config } = job;
  if (!job.api || !config.api_classname || !config.api_function_name)
    return { status: 'ERROR', message: runMessage('callNamesRequired') };

  const client = context.peers.functionServer({
    baseUrl: job.api.url,
    username: job.api.username,
    password: job.api.password,
    callTimeoutMs: job.api.timeoutMs,
    maxResponseBytes: context.settings.maxAnswerBytes,
  });
  const responseKey = runBlobKey(run, 'api_response', RESPONSE_FILE);
  // The answer goes to a scratch file as it arrives (no store transaction open while the network is
  // slow), is checked there, and only a good one is kept.
  const scratch = path.join(context.settings.scratchDir, `${run.id}-response.json`);
  let storedResponse: StoredBlob;
  let read: ReadAnswer;
  try {
    await client.callStreamed(
      config.api_classname,
      config.api_function_name,
      {
        idempotencyKey,
        body: request,
        sink: (answer) => pipeline(answer, fs.createWriteStream(scratch), { signal }),
        tooLargeHint: TOO_LARGE_HINT,
      },
      signal,
    );
    const shown = client.shownCallUrl(config.api_classname, config.api_function_name);
    read = await readFunctionAnswer(Readable.from(readWhenAsked(scratch)), shown);
    storedResponse = await blobs.put(responseKey, Readable.from(readWhenAsked(scratch)), signal);
  } catch (error) {
    // Stopped, or the database (store) went away: the step's runner decides, not this step.
    if (signal.aborted || isDatabaseUnavailable(error)) throw error;
    return { status: 'ERROR', message: reasonOf(error), retryable: isRetryableFailure(error) };
  } finally {
    await fs.promises.rm(scratch, { force: true });
  }
  await recorder.recordFile('api_response', RESPONSE_FILE, storedResponse, responseKey, origin);
  const { answer } = read;
  const summary = runMessage('callAnswered', {
    answer: answer.message || answer.status,
    files: answer.files.length,
    results: answer.results.length,
  });
  if (answer.status === 'error') return { status: 'ERROR', message: summary };
  if (answer.status === 'warning') return { status: 'WARNING', message: summary };
  return { status: 'SUCCESS', message: summary };
}

/**
 * The function's answer as kept by step 2 (for steps 3 and 4 and their re-runs), read as it streams:
 * each result file's content goes to the writer `contentTo` gives for its index, or nowhere.
 */
export async function readBackedUpAnswer(
  context: RunContext,
  contentTo?: Parameters<typeof readFunctionAnswer>[2],
): Promise<ReadAnswer | undefined> {
  const key = runBlobKey(context.run, 'api_response', RESPONSE_FILE);
  if (!(await context.blobs.exists(key))) return undefined;
  return readFunctionAnswer(await context.blobs.read(key), RESPONSE_FILE, contentTo);
}
