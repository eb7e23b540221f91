import { ConverterError } from './converter-error.js';

/** Most columns one record may have: a guard against a 5 MB line of delimiters, not a business rule. */
export const CONVERTER_MAX_COLUMNS = 100_000;

/** One converted record: `{ col_0001: '…', col_0002: '…' }`. */
export type ConverterRecord = Record<string, string>;

/** The name of the column at a 0-based index: col_0001 … col_9999, then col_10000 and so on. */
export function columnName(index: number): string {
  return `col_${String(index + 1).padStart(4, '0')}`;
}

/** Turns rows of field values into records, naming each column by its position. */
export function toRecords(rows: readonly (readonly string[])[], fileName: string): ConverterRecord[] {
  const names: string[] = [];
  return rows.map((fields, rowIndex) => {
    if (fields.length > CONVERTER_MAX_COLUMNS) {
      throw new ConverterError('TOO_MANY_COLUMNS', {
        file_name: fileName,
        record: rowIndex + 1,
        limit: CONVERTER_MAX_COLUMNS,
      });
    }
    while (names.length < fields.length) names.push(columnName(names.length));
    const record: ConverterRecord = {};
    fields.forEach((value, index) => {
      record[names[index] ?? columnName(index)] = value;
    });
    return record;
  });
}
