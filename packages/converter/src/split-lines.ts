/**
 * The lines of a text, split at CRLF, LF or a lone CR. Empty lines are dropped wherever they are: the final
 * one that a trailing line break leaves, and blank separator lines inside the file, which carry no record.
 * A line of spaces is not empty and is kept (in a fixed-width file it is a record of blank fields).
 */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/).filter((line) => line.length > 0);
}
