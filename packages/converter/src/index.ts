export {
  convert,
  validateDelimiter,
  validateSetting,
  CONVERTER_MAX_FILE_BYTES,
  type ConvertedFile,
  type ConverterInputFile,
  type ConverterMode,
  type ConverterResult,
  type ConverterSetting,
} from './convert.js';
export {
  ConverterError,
  CONVERTER_ERROR_CODES,
  CONVERTER_MESSAGES_EN,
  formatConverterMessage,
  type ConverterErrorCode,
  type ConverterErrorValues,
} from './converter-error.js';
export { decodeText, detectEncoding, type DecodedText, type TextEncodingName } from './decode-text.js';
export { parseRanges, validateRanges, type CharacterRange } from './fixed-ranges.js';
export type { JsonValue } from './parse-json.js';
export { columnName, CONVERTER_MAX_COLUMNS, type ConverterRecord } from './records.js';
