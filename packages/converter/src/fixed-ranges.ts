import { ConverterError } from './converter-error.js';
import { CONVERTER_MAX_COLUMNS } from './records.js';

/**
 * A fixed-width column: 1-based, inclusive positions of characters (not bytes) on the decoded line, so
 * `{ start: 1, end: 10 }` is the first ten characters. A Thai windows-874 file has one byte per character,
 * so its byte layout and these positions agree; the same file saved as UTF-8 converts identically.
 * Combining Thai vowels and tone marks count as characters, as they do in the legacy byte layout.
 */
export interface CharacterRange {
  start: number;
  end: number;
}

const RANGE_TEXT = /^(\d+)(?:\s*-\s*(\d+))?$/;

/** Characters outside the Basic Multilingual Plane take two UTF-16 units; Thai never does. */
const HAS_SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Reads ranges typed as `1-10,11-20` (a single `5` means `5-5`; spaces and a trailing comma are allowed)
 * and validates them as `validateRanges` does.
 */
export function parseRanges(text: string): CharacterRange[] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const ranges = parts.map((part) => {
    const match = RANGE_TEXT.exec(part);
    if (!match) throw new ConverterError('INVALID_RANGE_TEXT', { part });
    const start = Number(match[1]);
    const end = match[2] === undefined ? start : Number(match[2]);
    return { start, end };
  });
  validateRanges(ranges);
  return ranges;
}

/** At least one range, at most CONVERTER_MAX_COLUMNS; each a whole-number start ≥ 1 and end ≥ start. */
export function validateRanges(ranges: readonly CharacterRange[]): void {
  if (!Array.isArray(ranges) || ranges.length === 0) throw new ConverterError('NO_RANGES');
  if (ranges.length > CONVERTER_MAX_COLUMNS) {
    throw new ConverterError('TOO_MANY_RANGES', { limit: CONVERTER_MAX_COLUMNS });
  }
  ranges.forEach(({ start, end }, index) => {
    const valid = Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 1 && end >= start;
    if (!valid) throw new ConverterError('INVALID_RANGE', { index: index + 1, start, end });
  });
}

/**
 * The text of each range on a line; a range past the end of the line gives what is there, maybe ''.
 * Values are not trimmed: padding is part of the data and the receiver decides.
 */
export function sliceRanges(line: string, ranges: readonly CharacterRange[]): string[] {
  if (!HAS_SURROGATE.test(line)) return ranges.map(({ start, end }) => line.slice(start - 1, end));
  const characters = Array.from(line);
  return ranges.map(({ start, end }) => characters.slice(start - 1, end).join(''));
}
