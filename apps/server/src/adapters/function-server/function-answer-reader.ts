import type { Readable, Writable } from 'node:stream';
import { Base64Error, base64Sink } from '../json-http/base64-stream.js';
import { RemoteCallError } from '../json-http/remote-call-error.js';
import { ResponseShape } from '../json-http/response-shape.js';
import { readStreamedJson, StreamedJsonError } from '../json-http/streamed-json.js';
import { FunctionCallResponse } from './function-server.schemas.js';

const callShape = new ResponseShape(FunctionCallResponse, 'function answer');

/**
 * A function answer read without holding its files: every `content_base64` is '' in `answer`; the
 * decoded bytes went to the writer `contentTo` gave for the file's index, or nowhere. (The store
 * hashes what it keeps; the reader does not hash again.)
 */
export interface ReadAnswer {
  readonly answer: FunctionCallResponse;
}

/**
 * Reads a function answer from a stream (the call's answer or its backup), checking it against the
 * contract like a parsed one; a file's content is decoded from base64 on the way to its sink.
 * Failures are INVALID_RESPONSE {@link RemoteCallError}s naming `shownUrl`.
 */
export async function readFunctionAnswer(
  source: Readable,
  shownUrl: string,
  contentTo: (index: number) => Writable | undefined = () => undefined,
): Promise<ReadAnswer> {
  let value: unknown;
  try {
    value = await readStreamedJson(source, {
      sinkFor(path) {
        const [list, index, field] = path;
        if (path.length !== 3 || list !== 'files' || typeof index !== 'number' || field !== 'content_base64')
          return undefined;
        return base64Sink(contentTo(index));
      },
    });
  } catch (error) {
    if (!(error instanceof StreamedJsonError) && !(error instanceof Base64Error)) throw error;
    throw new RemoteCallError(
      'INVALID_RESPONSE',
      `${shownUrl} answered a function answer that is not valid JSON: ${error.message}`,
      { url: shownUrl },
    );
  }
  return { answer: callShape.parse(value, shownUrl, 200) };
}
