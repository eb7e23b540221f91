import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { base64Chunks } from '../json-http/base64-stream.js';
import { requestStreamed } from '../json-http/json-http-stream.js';
import { displayUrl, joinUrl, requestJson } from '../json-http/json-http.js';
import { RemoteCallError } from '../json-http/remote-call-error.js';
import { ResponseShape } from '../json-http/response-shape.js';
import { DmsFile, DmsFileList, DmsStoredFile, type DmsPutRequest } from './dms.schemas.js';

export interface DmsClientOptions {
  /** The DMS server's `dms_url`. */
  readonly baseUrl: string;
  /** The DMS server's `dms_token`, sent as `Authorization: Bearer …`. */
  readonly token: string;
  /** Time limit of one call, answer included (default 30 s). */
  readonly timeoutMs?: number;
  /** Largest accepted answer (default 256 MB). */
  readonly maxResponseBytes?: number;
}

export interface DmsPutFile {
  readonly bucket: string;
  /** dms_boxid, or the function's `dms.box_id` (DMS_DYN_WAIT). */
  readonly box: string;
  /** dms_groupid, or the function's `dms.group_id`. */
  readonly group: string;
  /** dms_roleaccess */
  readonly role: string;
  readonly job_instance_no: string;
  readonly file_name: string;
  /** The bytes, or a fresh stream of them (sent as it is read: memory does not grow with the file). */
  readonly content: Uint8Array | (() => Promise<Readable>);
}

/** A file read back from the DMS: its listing fields, placement and bytes. */
export type DmsFileWithContent = Omit<DmsStoredFile, 'content_base64'> & { readonly content: Buffer };

export const DEFAULT_DMS_TIMEOUT_MS = 30_000;
export const WRONG_DMS_TOKEN = 'DMS token is wrong';

const listShape = new ResponseShape(DmsFileList, 'file list');
const fileShape = new ResponseShape(DmsFile, 'file description');
const storedShape = new ResponseShape(DmsStoredFile, 'file');

/**
 * Client of a DMS server (DESIGN §5, docs/dms-server.md). Every failure is a {@link RemoteCallError}
 * whose message names the URL and never the token.
 */
export class DmsClient {
  private readonly authorization: string;

  constructor(private readonly options: DmsClientOptions) {
    this.authorization = `Bearer ${options.token}`;
  }

  /** The files of a bucket that a run (job instance) delivered. */
  async listFiles(bucket: string, jobInstanceNo: string, signal?: AbortSignal): Promise<DmsFile[]> {
    const url = joinUrl(this.options.baseUrl, 'buckets', bucket, 'jobs', jobInstanceNo, 'files');
    const answer = await this.send('GET', url, undefined, signal);
    if (answer.status === 404) {
      throw new RemoteCallError('NOT_FOUND', `${displayUrl(url)} answered HTTP 404: is the DMS URL right?`, {
        url: displayUrl(url),
        status: 404,
      });
    }
    return listShape.parse(answer.body, displayUrl(url), answer.status).result_list;
  }

  /** One file by its id; NOT_FOUND when the DMS does not have it. */
  async getFile(id: string, signal?: AbortSignal): Promise<DmsFileWithContent> {
    const url = joinUrl(this.options.baseUrl, 'files', id);
    const answer = await this.send('GET', url, undefined, signal);
    if (answer.status === 404) {
      throw new RemoteCallError('NOT_FOUND', `the DMS at ${displayUrl(url)} has no file ${id}`, {
        url: displayUrl(url),
        status: 404,
      });
    }
    const { content_base64, ...rest } = storedShape.parse(answer.body, displayUrl(url), answer.status);
    return { ...rest, content: Buffer.from(content_base64, 'base64') };
  }

  /** Stores the file (or replaces the run's file of the same name, keeping its id). */
  async putFile(file: DmsPutFile, signal?: AbortSignal): Promise<DmsFile> {
    const url = joinUrl(
      this.options.baseUrl,
      'buckets',
      file.bucket,
      'jobs',
      file.job_instance_no,
      'files',
      file.file_name,
    );
    const head: Omit<DmsPutRequest, 'content_base64'> = {
      box_id: file.box,
      group_id: file.group,
      role: file.role,
    };
    const content = file.content;
    const bytes = typeof content === 'function' ? content : async () => Readable.from([Buffer.from(content)]);
    let answerText = '';
    const answer = await requestStreamed({
      method: 'PUT',
      url,
      shownUrl: displayUrl(url),
      headers: { authorization: this.authorization },
      body: () => putBody(head, bytes),
      timeoutMs: this.options.timeoutMs ?? DEFAULT_DMS_TIMEOUT_MS,
      signal,
      maxResponseBytes: SMALL_ANSWER_BYTES,
      tooLargeHint: 'a DMS answers a stored file with its description only',
      unauthorizedMessage: WRONG_DMS_TOKEN,
      sink: async (body) => {
        answerText = await text(body);
      },
    });
    if (answer.status === 404) {
      throw new RemoteCallError(
        'NOT_FOUND',
        `${displayUrl(url)} answered HTTP 404: no bucket ${file.bucket}, or the DMS URL is wrong`,
        {
          url: displayUrl(url),
          status: 404,
        },
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(answerText);
    } catch {
      throw new RemoteCallError('INVALID_RESPONSE', `${displayUrl(url)} answered something other than JSON`, {
        url: displayUrl(url),
        status: answer.status,
      });
    }
    return fileShape.parse(parsed, displayUrl(url), answer.status);
  }

  private send(method: 'GET' | 'PUT', url: URL, body: unknown, signal: AbortSignal | undefined) {
    return requestJson({
      method,
      url,
      body,
      headers: { authorization: this.authorization },
      timeoutMs: this.options.timeoutMs ?? DEFAULT_DMS_TIMEOUT_MS,
      maxResponseBytes: this.options.maxResponseBytes ?? 256 * 1024 * 1024,
      signal,
      unauthorizedMessage: WRONG_DMS_TOKEN,
    });
  }
}

/** A stored file's description is small; a larger answer is refused. */
const SMALL_ANSWER_BYTES = 1024 * 1024;

/** The JSON of a PUT (docs/dms-server.md), the content base64-encoded as it is read. */
async function* putBody(
  head: Omit<DmsPutRequest, 'content_base64'>,
  content: () => Promise<Readable>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(`${JSON.stringify(head).slice(0, -1)},"content_base64":"`);
  const stream = await content();
  try {
    for await (const piece of base64Chunks(stream)) yield Buffer.from(piece, 'latin1');
  } finally {
    stream.destroy();
  }
  yield Buffer.from('"}');
}

/** The exact byte count of a DMS file_size (kilobytes as text). */
export function dmsFileSizeBytes(fileSize: string): number {
  return Math.round(Number(fileSize) * 1024);
}
