import { ConverterError } from './converter-error.js';
import { findJsonSyntaxError } from './json-syntax-error.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Parses a JSON file's text. Invalid JSON is a ConverterError naming the line and column (1-based,
 * counted in UTF-16 characters of the decoded text) and, in `values.position`, the 0-based offset.
 */
export function parseJson(text: string, fileName: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    const problem = error instanceof SyntaxError ? findJsonSyntaxError(text) : null;
    // Not a syntax error (out of memory) or one the locator cannot place: the engine's own error stands.
    if (!problem) throw error;
    const where = {
      file_name: fileName,
      ...lineAndColumn(text, problem.position),
      position: problem.position,
    };
    if (problem.found === null) throw new ConverterError('JSON_UNEXPECTED_END', where, { cause: error });
    throw new ConverterError(
      'INVALID_JSON',
      { ...where, found: JSON.stringify(problem.found) },
      { cause: error },
    );
  }
}

/** Records in a parsed JSON file: the items of a top-level array, otherwise the one value. */
export function countJsonRecords(value: JsonValue): number {
  return Array.isArray(value) ? value.length : 1;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const lineBreaks = before.match(/\r\n|\r|\n/g)?.length ?? 0;
  const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
  return { line: lineBreaks + 1, column: position - lineStart + 1 };
}
