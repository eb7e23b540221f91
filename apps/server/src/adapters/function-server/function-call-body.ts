import type { Readable } from 'node:stream';
import { base64Chunks } from '../json-http/base64-stream.js';
import type { ConvertedRecord, FunctionCallRequest } from './function-server.schemas.js';

/** One input file of a call, its bytes read when the body is written. */
export interface CallInputFile {
  readonly fileName: string;
  readonly size: number;
  readonly sha256: string;
  readonly records?: readonly ConvertedRecord[] | undefined;
  /** A fresh stream of the file's bytes. */
  content(): Promise<Readable>;
}

export type CallHead = Omit<FunctionCallRequest, 'files'>;

/**
 * The JSON of a function call (docs/function-server.md), written as it is read: a file's bytes are
 * base64-encoded piece by piece, so memory does not grow with the files. Within a file object the
 * content comes last, after its name, size, hash and records, so that a streaming server knows the
 * file before its bytes. The same value as `JSON.stringify` of the whole request, in another key order.
 */
export async function* callBody(head: CallHead, files: readonly CallInputFile[]): AsyncGenerator<Buffer> {
  const { idempotency_key, ...identity } = head;
  const opening = JSON.stringify(identity);
  yield Buffer.from(`${opening.slice(0, -1)},"files":[`);
  for (const [index, file] of files.entries()) {
    const meta: Record<string, unknown> = { file_name: file.fileName, size: file.size, sha256: file.sha256 };
    if (file.records) meta.records = file.records;
    const metaText = JSON.stringify(meta);
    yield Buffer.from(`${index > 0 ? ',' : ''}${metaText.slice(0, -1)},"content_base64":"`);
    const stream = await file.content();
    try {
      for await (const text of base64Chunks(stream)) yield Buffer.from(text, 'latin1');
    } finally {
      stream.destroy();
    }
    yield Buffer.from('"}');
  }
  yield Buffer.from(`],"idempotency_key":${JSON.stringify(idempotency_key)}}`);
}
