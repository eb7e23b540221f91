import type { ConverterResult } from '@lis/converter';

export const JSON_FORMAT_FILE = 'json_format.txt';
export const JSON_STRING_FORMAT_FILE = 'json_string_format.txt';

/** json_format.txt: the result `{ total_count, data_list: [{ file_name, data }] }` as indented JSON. */
export function jsonFormatText(result: ConverterResult): string {
  return JSON.stringify(result, null, 2);
}

/**
 * json_string_format.txt: the same result "as one JSON string". Our reading of the old tool: the compact
 * JSON text escaped as a JSON string literal — in double quotes, with `"` and `\` escaped — ready to paste
 * where a JSON document is expected as a string value (a function's test payload, a config field).
 * `JSON.parse` of the file gives the compact JSON text; parsing that again gives the result. Non-ASCII
 * text (Thai) is written as itself, not as \u escapes. Both files are UTF-8 without a byte-order mark.
 */
export function jsonStringFormatText(result: ConverterResult): string {
  return JSON.stringify(JSON.stringify(result));
}
