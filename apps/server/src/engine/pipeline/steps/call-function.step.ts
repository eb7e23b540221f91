import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import {
  callIdempotencyKey,
  FunctionServerClient,
  type ConvertedRecord,
  type FunctionCallRequest,
  type FunctionCallResponse,
} from '../../../adapters/function-server/index.js';
import { runMessage } from '../../../i18n/run-message.js';
import { reasonOf, runBlobKey, type RunContext, type StepResult } from '../pipeline-context.js';
import { STEP } from '../pipeline-steps.js';
import type { SourceContent } from './convert-files.step.js';

export const REQUEST_FILE = 'request.json';
export const RESPONSE_FILE = 'response.json';

/**
 * Step 2: calls `api_classname`.`api_function_name` with the run's identity and its files (content and
 * records). The request and the answer are kept as the API request / response backups, so that steps
 * 3 and 4 (and their re-runs) read the answer from the backup, never from a second call. The call carries
 * an idempotency key stable for (run, step, function, files), so that the function server recognises a
 * repeat of this step — a re-run after a timeout, a takeover — and answers it without running again.
 */
export async function callFunction(
  context: RunContext,
  sources: readonly SourceContent[],
  records: ReadonlyMap<string, ConvertedRecord[]>,
): Promise<StepResult> {
  const { job, run, blobs, recorder, signal } = context;
  const { config } = job;
  if (!job.api) return { status: 'ERROR', message: runMessage('callNoApiServer') };
  if (!config.api_classname || !config.api_function_name)
    return { status: 'ERROR', message: runMessage('callNamesRequired') };
  const hashes = sources.map((source) => createHash('sha256').update(source.bytes).digest('hex'));
  const idempotencyKey = callIdempotencyKey({
    runId: run.id,
    companyCode: run.company_code,
    legacyId: run.legacy_id,
    jobInstanceNo: run.job_instance_no,
    step: STEP.call,
    className: config.api_classname,
    functionName: config.api_function_name,
    files: sources.map((source, index) => ({ fileName: source.fileName, sha256: hashes[index] ?? '' })),
  });
  const request: FunctionCallRequest = {
    sid: config.sid,
    company_code: run.company_code,
    legacy_id: run.legacy_id,
    legacy_type: config.legacy_type,
    job_instance_no: run.job_instance_no,
    class_name: config.api_classname,
    function_name: config.api_function_name,
    files: sources.map((source, index) => {
      const fileRecords = records.get(source.fileName);
      return {
        file_name: source.fileName,
        content_base64: source.bytes.toString('base64'),
        size: source.bytes.byteLength,
        sha256: hashes[index],
        ...(fileRecords ? { records: fileRecords } : {}),
      };
    }),
    idempotency_key: idempotencyKey,
  };
  const origin = `function:${job.api.serverId}:${config.api_classname}.${config.api_function_name}`;
  const requestKey = runBlobKey(run, 'api_request', REQUEST_FILE);
  const storedRequest = await blobs.put(requestKey, Buffer.from(JSON.stringify(request)), signal);
  await recorder.recordFile('api_request', REQUEST_FILE, storedRequest, requestKey, origin);
  await recorder.log('INFO', runMessage('callStarted', { origin, key: idempotencyKey }));

  const client = new FunctionServerClient({
    baseUrl: job.api.url,
    username: job.api.username,
    password: job.api.password,
    callTimeoutMs: job.api.timeoutMs,
  });
  let answer: FunctionCallResponse;
  try {
    answer = await client.call(config.api_classname, config.api_function_name, request, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: 'ERROR', message: reasonOf(error) };
  }
  const responseKey = runBlobKey(run, 'api_response', RESPONSE_FILE);
  const storedResponse = await blobs.put(responseKey, Buffer.from(JSON.stringify(answer)), signal);
  await recorder.recordFile('api_response', RESPONSE_FILE, storedResponse, responseKey, origin);
  const summary = runMessage('callAnswered', {
    answer: answer.message || answer.status,
    files: answer.files.length,
    results: answer.results.length,
  });
  if (answer.status === 'error') return { status: 'ERROR', message: summary };
  if (answer.status === 'warning') return { status: 'WARNING', message: summary };
  return { status: 'SUCCESS', message: summary };
}

/** The function's answer as kept by step 2 (for steps 3 and 4 and their re-runs). */
export async function readBackedUpResponse(context: RunContext): Promise<FunctionCallResponse | undefined> {
  const key = runBlobKey(context.run, 'api_response', RESPONSE_FILE);
  if (!(await context.blobs.exists(key))) return undefined;
  return JSON.parse(await text(await context.blobs.read(key))) as FunctionCallResponse;
}
