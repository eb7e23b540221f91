/*
 * The text viewer's reading of a file's first bytes (issue 31 §6, decision 0029): the encoding (UTF-8
 * or Thai windows-874/TIS-620), CSV cut into rows and fields, JSON pretty-printed. The result is only
 * ever shown as text (React text nodes), never as HTML.
 */

/** The encodings a user may choose; `auto` is UTF-8 when the bytes are valid UTF-8, else windows-874. */
export type TextEncodingChoice = 'auto' | 'utf-8' | 'windows-874';
export type TextEncoding = Exclude<TextEncodingChoice, 'auto'>;

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of `bytes`. A cut preview may end inside a UTF-8 character: the decoder is told the stream
 * goes on, so that unfinished character is dropped rather than taken for a wrong encoding.
 */
export function decodeText(bytes: Uint8Array, choice: TextEncodingChoice = 'auto'): DecodedText {
  const hasBom = BOM.every((byte, index) => bytes[index] === byte);
  const body = hasBom ? bytes.subarray(BOM.length) : bytes;
  if (choice === 'windows-874')
    return { text: new TextDecoder('windows-874').decode(body), encoding: choice };
  if (choice === 'utf-8' || hasBom)
    return { text: new TextDecoder('utf-8').decode(body, { stream: true }), encoding: 'utf-8' };
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(body, { stream: true }),
      encoding: 'utf-8',
    };
  } catch {
    return { text: new TextDecoder('windows-874').decode(body), encoding: 'windows-874' };
  }
}

/** The field separator of a CSV by its first line: the most frequent of comma, semicolon, tab and bar. */
export function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t', '|']) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** The most rows the table shows (the rest is in the text view). */
export const CSV_ROWS_MAX = 2000;

/**
 * Rows of a CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes), at most
 * `maxRows`; `cut` says that rows were left out.
 */
export function parseCsv(
  text: string,
  delimiter = csvDelimiter(text),
  maxRows = CSV_ROWS_MAX,
): { rows: string[][]; cut: boolean } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  while (index < text.length) {
    const character = text[index] as string;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (character === '"') quoted = false;
      else field += character;
      index += 1;
      continue;
    }
    if (character === '"' && field === '') quoted = true;
    else if (character === delimiter) {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      endRow();
      index += 1;
    } else if (character === '\n' || character === '\r') endRow();
    else field += character;
    index += 1;
    if (rows.length > maxRows) return { rows: rows.slice(0, maxRows), cut: true };
  }
  if (field !== '' || row.length > 0) endRow();
  return { rows, cut: false };
}

/** JSON pretty-printed with two spaces; a file that does not parse (or was cut) stays as it is. */
export function prettyJson(text: string): { text: string; parsed: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), parsed: true };
  } catch {
    return { text, parsed: false };
  }
}
