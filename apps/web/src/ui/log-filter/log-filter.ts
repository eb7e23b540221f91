/*
 * The searchable log (issue 31 §8, decision 0029): a filter by level and text over the lines a log
 * screen has loaded, the matches highlighted, the shown lines copied as text.
 */

export interface LogFilter {
  /** The levels shown; empty: every level. */
  levels: readonly string[];
  /** Shown are the lines whose text holds this, ignoring case; '' : every line. */
  text: string;
}

export const EMPTY_LOG_FILTER: LogFilter = { levels: [], text: '' };

/** How a log's line is filtered and copied. */
export interface LogLineReader<Row> {
  level: (row: Row) => string;
  /** The text searched and copied (message and ids). */
  text: (row: Row) => string;
}

/** The lines the filter keeps, in their order. */
export function filterLogLines<Row>(
  rows: readonly Row[],
  filter: LogFilter,
  reader: LogLineReader<Row>,
): Row[] {
  const needle = filter.text.trim().toLocaleLowerCase();
  return rows.filter(
    (row) =>
      (filter.levels.length === 0 || filter.levels.includes(reader.level(row))) &&
      (needle === '' || reader.text(row).toLocaleLowerCase().includes(needle)),
  );
}

/** The distinct levels of the loaded lines, sorted. */
export function logLevels<Row>(rows: readonly Row[], level: (row: Row) => string): string[] {
  return [...new Set(rows.map(level).filter(Boolean))].sort();
}

/** `text` cut into parts, each a match of `query` (ignoring case) or not; '' query: one part. */
export function matchParts(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [{ text, match: false }];
  const lower = text.toLocaleLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  // toLocaleLowerCase keeps the length of Thai and Latin text, so indexes map back to `text`.
  for (
    let at = lower.indexOf(needle);
    at !== -1 && lower.length === text.length;
    at = lower.indexOf(needle, from)
  ) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** The lines as tab-separated text, one a line (what Copy puts on the clipboard). */
export function logLinesText<Row>(rows: readonly Row[], line: (row: Row) => readonly string[]): string {
  return rows
    .map((row) =>
      line(row)
        .map((field) => field.replace(/[\t\r\n]+/g, ' '))
        .join('\t'),
    )
    .join('\n');
}
