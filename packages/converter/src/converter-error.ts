/**
 * Every way a conversion can be refused. The code is stable: a UI translates by code and fills the
 * `{name}` placeholders of its own template from `values`; `message` is the English text.
 */
export const CONVERTER_ERROR_CODES = {
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  INVALID_JSON: 'INVALID_JSON',
  JSON_UNEXPECTED_END: 'JSON_UNEXPECTED_END',
  UNTERMINATED_QUOTE: 'UNTERMINATED_QUOTE',
  TOO_MANY_COLUMNS: 'TOO_MANY_COLUMNS',
  NO_RANGES: 'NO_RANGES',
  TOO_MANY_RANGES: 'TOO_MANY_RANGES',
  INVALID_RANGE: 'INVALID_RANGE',
  INVALID_RANGE_TEXT: 'INVALID_RANGE_TEXT',
  EMPTY_DELIMITER: 'EMPTY_DELIMITER',
  INVALID_DELIMITER: 'INVALID_DELIMITER',
  UNKNOWN_MODE: 'UNKNOWN_MODE',
} as const;

export type ConverterErrorCode = keyof typeof CONVERTER_ERROR_CODES;

export type ConverterErrorValues = Readonly<Record<string, string | number>>;

/** The English templates; `{name}` is replaced by `values.name`. */
export const CONVERTER_MESSAGES_EN: Readonly<Record<ConverterErrorCode, string>> = {
  FILE_TOO_LARGE: 'File "{file_name}" is {size} bytes; the limit is {limit} bytes.',
  INVALID_JSON:
    'File "{file_name}" is not valid JSON: unexpected character {found} at line {line}, column {column}.',
  JSON_UNEXPECTED_END:
    'File "{file_name}" is not valid JSON: it ends at line {line}, column {column} before the JSON value is complete.',
  UNTERMINATED_QUOTE: 'File "{file_name}": the quoted field that starts on line {line} is never closed.',
  TOO_MANY_COLUMNS: 'File "{file_name}", record {record}: more than {limit} columns.',
  NO_RANGES: 'Give at least one range of character positions, such as 1-10,11-20.',
  TOO_MANY_RANGES: 'Give at most {limit} ranges.',
  INVALID_RANGE:
    'Range {index} ({start}-{end}) is invalid: positions are whole numbers from 1 and the end may not be before the start.',
  INVALID_RANGE_TEXT: '"{part}" is not a range; write ranges such as 1-10,11-20.',
  EMPTY_DELIMITER: 'The delimiter is empty; give one such as , or | or a tab.',
  INVALID_DELIMITER: 'The delimiter may not contain a double quote or a line break.',
  UNKNOWN_MODE: 'Unknown converter mode "{mode}"; use raw, fix_range, delimiter or json.',
};

/** Fills `{name}` placeholders; a placeholder without a value stays as it is. */
export function formatConverterMessage(template: string, values: ConverterErrorValues): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

export class ConverterError extends Error {
  override readonly name = 'ConverterError';

  constructor(
    readonly code: ConverterErrorCode,
    readonly values: ConverterErrorValues = {},
    options?: ErrorOptions,
  ) {
    super(formatConverterMessage(CONVERTER_MESSAGES_EN[code], values), options);
  }
}
