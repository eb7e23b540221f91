import { ConverterError } from './converter-error.js';
import { decodeText } from './decode-text.js';
import { sliceRanges, validateRanges, type CharacterRange } from './fixed-ranges.js';
import { parseDelimited } from './parse-delimited.js';
import { countJsonRecords, parseJson, type JsonValue } from './parse-json.js';
import { toRecords, type ConverterRecord } from './records.js';
import { splitLines } from './split-lines.js';

/** The largest file the converter takes, in bytes (5 MiB, spec §9). */
export const CONVERTER_MAX_FILE_BYTES = 5_242_880;

/**
 * How a file becomes records:
 * - `raw`: each line is a record `{ col_0001: line }`;
 * - `fix_range`: each line is cut at fixed character positions, one column per range (see CharacterRange);
 * - `delimiter`: each line (RFC 4180 quoting, so a record may span lines) is split at the delimiter;
 * - `json`: the file is JSON and its parsed value is the data.
 * Line-based modes split at CRLF, LF or CR and skip empty lines (see splitLines).
 */
export type ConverterSetting =
  | { mode: 'raw' }
  | { mode: 'fix_range'; ranges: readonly CharacterRange[] }
  | { mode: 'delimiter'; delimiter: string }
  | { mode: 'json' };

export type ConverterMode = ConverterSetting['mode'];

export interface ConverterInputFile {
  file_name: string;
  bytes: Uint8Array;
}

export interface ConvertedFile {
  file_name: string;
  /** The records of a line-based mode, or the parsed value in json mode. */
  data: ConverterRecord[] | JsonValue;
}

export interface ConverterResult {
  /** Records over all files; in json mode a top-level array counts its items, any other value 1. */
  total_count: number;
  data_list: ConvertedFile[];
}

/**
 * Converts files (each decoded as UTF-8 or Thai windows-874, see decodeText) with one setting. Checks the
 * setting and every file's size before converting any; throws a ConverterError for any refused input.
 */
export function convert(files: readonly ConverterInputFile[], setting: ConverterSetting): ConverterResult {
  validateSetting(setting);
  for (const file of files) {
    if (file.bytes.byteLength > CONVERTER_MAX_FILE_BYTES) {
      throw new ConverterError('FILE_TOO_LARGE', {
        file_name: file.file_name,
        size: file.bytes.byteLength,
        limit: CONVERTER_MAX_FILE_BYTES,
      });
    }
  }
  let totalCount = 0;
  const dataList = files.map(({ file_name, bytes }): ConvertedFile => {
    const { data, count } = convertText(decodeText(bytes).text, setting, file_name);
    totalCount += count;
    return { file_name, data };
  });
  return { total_count: totalCount, data_list: dataList };
}

/** Refuses a setting that cannot convert anything: unknown mode, no or bad ranges, bad delimiter. */
export function validateSetting(setting: ConverterSetting): void {
  switch (setting?.mode) {
    case 'raw':
    case 'json':
      return;
    case 'fix_range':
      return validateRanges(setting.ranges);
    case 'delimiter':
      return validateDelimiter(setting.delimiter);
    default:
      throw new ConverterError('UNKNOWN_MODE', {
        mode: String((setting as { mode?: unknown } | null)?.mode),
      });
  }
}

/** A delimiter is one or more characters, none of them a double quote or a line break. */
export function validateDelimiter(delimiter: string): void {
  if (typeof delimiter !== 'string' || delimiter.length === 0) throw new ConverterError('EMPTY_DELIMITER');
  if (/["\r\n]/.test(delimiter)) throw new ConverterError('INVALID_DELIMITER', { delimiter });
}

function convertText(
  text: string,
  setting: ConverterSetting,
  fileName: string,
): { data: ConverterRecord[] | JsonValue; count: number } {
  switch (setting.mode) {
    case 'raw': {
      const records = splitLines(text).map((line) => ({ col_0001: line }));
      return { data: records, count: records.length };
    }
    case 'fix_range': {
      const { ranges } = setting;
      const records = toRecords(
        splitLines(text).map((line) => sliceRanges(line, ranges)),
        fileName,
      );
      return { data: records, count: records.length };
    }
    case 'delimiter': {
      const records = toRecords(parseDelimited(text, setting.delimiter, fileName), fileName);
      return { data: records, count: records.length };
    }
    case 'json': {
      const value = parseJson(text, fileName);
      return { data: value, count: countJsonRecords(value) };
    }
  }
}
