import type { Readable } from 'node:stream';
import { parser } from 'stream-json';

/** A path into a JSON document: object keys and array indexes from the root. */
export type JsonPath = readonly (string | number)[];

/** Where the chunks of one streamed string go (e.g. a file's base64 content, decoded on the way). */
export interface StringSink {
  write(chunk: string): Promise<void> | void;
  end(): Promise<void> | void;
}

export interface StreamedJsonOptions {
  /**
   * A sink for the string at `path`, or undefined to keep it in the assembled value. A streamed string
   * is kept as '' in the value; only its sink sees it.
   */
  sinkFor(path: JsonPath): StringSink | undefined;
  /** Largest kept (not streamed) string, in characters; a longer one fails the read (default 16 Mi). */
  maxKeptStringChars?: number;
  /** Deepest nesting accepted (default 64). */
  maxDepth?: number;
}

export class StreamedJsonError extends Error {}

type Container = Record<string, unknown> | unknown[];

interface Frame {
  container: Container;
  /** The key the next value of an object goes under. */
  key?: string;
}

const DEFAULT_MAX_KEPT_STRING_CHARS = 16 * 1024 * 1024;
const DEFAULT_MAX_DEPTH = 64;

/**
 * Reads one JSON document from a stream with memory bounded by its shape, not its size: every value is
 * assembled as JSON.parse would, except the strings `sinkFor` claims, whose chunks go to their sink as
 * they arrive (a file's content in a function answer). The tokenizer is stream-json's (decision 0037);
 * the depth and the kept strings are capped here because the peer is a configured partner, not a
 * trusted program. Throws {@link StreamedJsonError} for malformed JSON or a broken cap.
 */
export async function readStreamedJson(source: Readable, options: StreamedJsonOptions): Promise<unknown> {
  const maxKept = options.maxKeptStringChars ?? DEFAULT_MAX_KEPT_STRING_CHARS;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const stack: Frame[] = [];
  let root: unknown;
  let rootSet = false;
  let kept: string[] | undefined;
  let keptLength = 0;
  let sink: StringSink | undefined;

  /** The path of the value about to be placed: an enclosing array's last element holds us, the top's next. */
  const pathHere = (): (string | number)[] =>
    stack.map((frame, depth) =>
      Array.isArray(frame.container)
        ? frame.container.length - (depth < stack.length - 1 ? 1 : 0)
        : (frame.key ?? ''),
    );
  const place = (value: unknown) => {
    const top = stack.at(-1);
    if (!top) {
      root = value;
      rootSet = true;
      return;
    }
    if (Array.isArray(top.container)) top.container.push(value);
    else if (top.key !== undefined) {
      // A key repeated in one object: the last one wins, as in JSON.parse.
      Object.defineProperty(top.container, top.key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      top.key = undefined;
    }
  };
  const open = (container: Container) => {
    if (stack.length >= maxDepth) throw new StreamedJsonError(`nested deeper than ${maxDepth} levels`);
    const parent = stack.at(-1);
    const key = parent?.key;
    place(container);
    // The parent keeps the key while the container is open: it is on the path of what is inside.
    if (parent) parent.key = key;
    stack.push({ container });
  };

  const tokens = source.pipe(
    parser.asStream({
      packKeys: true,
      streamKeys: false,
      packStrings: false,
      streamStrings: true,
      packNumbers: true,
      streamNumbers: false,
    }),
  );
  source.on('error', (error) => tokens.destroy(error));
  try {
    for await (const token of tokens as AsyncIterable<parser.Token>) {
      switch (token.name) {
        case 'startObject':
          open({});
          break;
        case 'startArray':
          open([]);
          break;
        case 'endObject':
        case 'endArray':
          stack.pop();
          break;
        case 'keyValue': {
          const top = stack.at(-1);
          if (top) top.key = token.value;
          break;
        }
        case 'startString':
          sink = options.sinkFor(pathHere());
          if (!sink) {
            kept = [];
            keptLength = 0;
          }
          break;
        case 'stringChunk':
          if (sink) await sink.write(token.value);
          else if (kept) {
            keptLength += token.value.length;
            if (keptLength > maxKept)
              throw new StreamedJsonError(`a text value is longer than ${maxKept} characters`);
            kept.push(token.value);
          }
          break;
        case 'endString':
          if (sink) {
            await sink.end();
            sink = undefined;
            place('');
          } else {
            place((kept ?? []).join(''));
            kept = undefined;
          }
          break;
        case 'numberValue':
          place(Number(token.value));
          break;
        case 'nullValue':
        case 'trueValue':
        case 'falseValue':
          place(token.value);
          break;
        default:
          break;
      }
    }
  } catch (error) {
    if (error instanceof StreamedJsonError) throw error;
    throw new StreamedJsonError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  } finally {
    tokens.destroy();
  }
  if (!rootSet) throw new StreamedJsonError('not valid JSON: empty');
  return root;
}
