/** Where JSON text goes wrong: the 0-based index of the first bad character, or the end of the text. */
export interface JsonSyntaxProblem {
  position: number;
  /** The character found there; null when the text ended too early. */
  found: string | null;
}

/** What the grammar allows next. */
type Expectation = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

/** A scanned token ends at `end`, or the text is wrong at `at`. */
type Scan = { end: number } | { at: number };

/**
 * Finds the first place where `text` breaks the JSON grammar (RFC 8259, what `JSON.parse` accepts), or
 * null when it is valid. Engines word and place their own errors differently (V8 often gives no
 * position), so the converter locates errors itself. Iterative: any nesting depth, linear time.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const open: string[] = [];
  let expectation: Expectation = 'value';
  let index = 0;
  const problemAt = (at: number): JsonSyntaxProblem => ({
    position: at,
    found: at < text.length ? String.fromCodePoint(text.codePointAt(at) ?? 0) : null,
  });
  const afterValue = (): Expectation => (open.length === 0 ? 'end' : 'comma-or-close');

  for (;;) {
    index = skipWhitespace(text, index);
    if (index >= text.length) return expectation === 'end' ? null : problemAt(index);
    const char = text.charAt(index);
    const innermost = open.at(-1);

    if (expectation === 'end') return problemAt(index);
    if (expectation === 'colon') {
      if (char !== ':') return problemAt(index);
      index++;
      expectation = 'value';
      continue;
    }
    if (
      (char === '}' &&
        innermost === '{' &&
        (expectation === 'key-or-close' || expectation === 'comma-or-close')) ||
      (char === ']' &&
        innermost === '[' &&
        (expectation === 'value-or-close' || expectation === 'comma-or-close'))
    ) {
      open.pop();
      index++;
      expectation = afterValue();
      continue;
    }
    if (expectation === 'comma-or-close') {
      if (char !== ',') return problemAt(index);
      index++;
      expectation = innermost === '{' ? 'key' : 'value';
      continue;
    }
    if (expectation === 'key' || expectation === 'key-or-close') {
      if (char !== '"') return problemAt(index);
      const scan = scanString(text, index);
      if ('at' in scan) return problemAt(scan.at);
      index = scan.end;
      expectation = 'colon';
      continue;
    }
    if (char === '{' || char === '[') {
      open.push(char);
      index++;
      expectation = char === '{' ? 'key-or-close' : 'value-or-close';
      continue;
    }
    const scan = scanScalar(text, index);
    if ('at' in scan) return problemAt(scan.at);
    index = scan.end;
    expectation = afterValue();
  }
}

function skipWhitespace(text: string, from: number): number {
  let index = from;
  for (;;) {
    const char = text.charAt(index);
    if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') return index;
    index++;
  }
}

function scanScalar(text: string, start: number): Scan {
  const char = text.charAt(start);
  if (char === '"') return scanString(text, start);
  if (char === '-' || isDigit(char)) return scanNumber(text, start);
  for (const literal of ['true', 'false', 'null']) {
    if (literal.startsWith(char)) return scanLiteral(text, start, literal);
  }
  return { at: start };
}

function scanString(text: string, start: number): Scan {
  let index = start + 1;
  for (;;) {
    if (index >= text.length) return { at: text.length };
    const char = text.charAt(index);
    if (char === '"') return { end: index + 1 };
    if (char.charCodeAt(0) < 0x20) return { at: index };
    if (char !== '\\') {
      index++;
      continue;
    }
    const escaped = text.charAt(index + 1);
    if (escaped === '') return { at: text.length };
    if ('"\\/bfnrt'.includes(escaped)) {
      index += 2;
      continue;
    }
    if (escaped !== 'u') return { at: index + 1 };
    for (let hex = index + 2; hex < index + 6; hex++) {
      if (hex >= text.length) return { at: text.length };
      if (!/[0-9a-fA-F]/.test(text.charAt(hex))) return { at: hex };
    }
    index += 6;
  }
}

function scanNumber(text: string, start: number): Scan {
  let index = start;
  if (text.charAt(index) === '-') index++;
  if (text.charAt(index) === '0') index++;
  else if (isDigit(text.charAt(index))) index = skipDigits(text, index);
  else return { at: index };
  if (text.charAt(index) === '.') {
    if (!isDigit(text.charAt(index + 1))) return { at: index + 1 };
    index = skipDigits(text, index + 1);
  }
  if (text.charAt(index) === 'e' || text.charAt(index) === 'E') {
    index++;
    if (text.charAt(index) === '+' || text.charAt(index) === '-') index++;
    if (!isDigit(text.charAt(index))) return { at: index };
    index = skipDigits(text, index);
  }
  return { end: index };
}

function scanLiteral(text: string, start: number, literal: string): Scan {
  for (let offset = 0; offset < literal.length; offset++) {
    if (text.charAt(start + offset) !== literal.charAt(offset)) return { at: start + offset };
  }
  return { end: start + literal.length };
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9';
}

function skipDigits(text: string, from: number): number {
  let index = from;
  while (isDigit(text.charAt(index))) index++;
  return index;
}
