/** A CSV column: its header and how to read a row's cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

/** A text cell that a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One cell: text that starts like a formula gets a leading apostrophe, so Excel shows it as text;
 * numbers are written as they are. Quoted (RFC 4180) when it holds a comma, quote, line break or
 * padding.
 */
export function csvCell(value: string | number): string {
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document: a UTF-8 byte-order mark (so Excel reads Thai), a header line, one line per row,
 * CRLF line ends.
 */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
