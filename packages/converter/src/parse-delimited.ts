import { ConverterError } from './converter-error.js';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Reads delimiter-separated text as RFC 4180 describes, with a delimiter of one or more characters:
 * - a field that starts with `"` is quoted: it may hold the delimiter, line breaks, and `""` for one quote;
 * - a quote inside an unquoted field is an ordinary character, and text between a closing quote and the
 *   next delimiter is kept (`"ab"c` reads `abc`), as lenient readers do;
 * - records end at CRLF, LF or CR; empty lines are skipped, as in `splitLines`; a line ending in the
 *   delimiter has an empty last field;
 * - a quoted field that is never closed is an error naming the line where it starts.
 * The delimiter must not be empty nor contain a quote or a line break (`validateDelimiter`).
 */
export function parseDelimited(text: string, delimiter: string, fileName: string): string[][] {
  return new DelimitedReader(text, delimiter, fileName).readAll();
}

class DelimitedReader {
  private position = 0;
  private line = 1;
  private readonly delimiterFirstCode: number;

  constructor(
    private readonly text: string,
    private readonly delimiter: string,
    private readonly fileName: string,
  ) {
    this.delimiterFirstCode = delimiter.charCodeAt(0);
  }

  readAll(): string[][] {
    const rows: string[][] = [];
    while (this.position < this.text.length) {
      if (this.atLineBreak()) this.skipLineBreak();
      else rows.push(this.readRow());
    }
    return rows;
  }

  private readRow(): string[] {
    const fields = [this.readField()];
    while (this.text.startsWith(this.delimiter, this.position)) {
      this.position += this.delimiter.length;
      fields.push(this.readField());
    }
    if (this.atLineBreak()) this.skipLineBreak();
    return fields;
  }

  private readField(): string {
    if (this.text.charCodeAt(this.position) !== QUOTE) return this.readUnquoted();
    return this.readQuoted() + this.readUnquoted();
  }

  /** Up to the next delimiter, line break or the end. */
  private readUnquoted(): string {
    const { text, delimiter, delimiterFirstCode } = this;
    const start = this.position;
    let end = start;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (code === LF || code === CR) break;
      if (code === delimiterFirstCode && text.startsWith(delimiter, end)) break;
      end++;
    }
    this.position = end;
    return text.slice(start, end);
  }

  /** From an opening quote to its closing quote, both left out; `""` inside is one quote. */
  private readQuoted(): string {
    const openingLine = this.line;
    let value = '';
    let from = this.position + 1;
    for (;;) {
      const quote = this.text.indexOf('"', from);
      if (quote === -1) {
        throw new ConverterError('UNTERMINATED_QUOTE', { file_name: this.fileName, line: openingLine });
      }
      const segment = this.text.slice(from, quote);
      this.line += countLineBreaks(segment);
      value += segment;
      if (this.text.charCodeAt(quote + 1) !== QUOTE) {
        this.position = quote + 1;
        return value;
      }
      value += '"';
      from = quote + 2;
    }
  }

  private atLineBreak(): boolean {
    const code = this.text.charCodeAt(this.position);
    return code === LF || code === CR;
  }

  private skipLineBreak(): void {
    const isCrLf =
      this.text.charCodeAt(this.position) === CR && this.text.charCodeAt(this.position + 1) === LF;
    this.position += isCrLf ? 2 : 1;
    this.line++;
  }
}

function countLineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}
