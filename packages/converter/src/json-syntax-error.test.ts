import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './json-syntax-error.js';

const SAMPLES = [
  '{"a":1,"b":[true,false,null],"c":{"d":"e\\n\\u0e01"}}',
  '[1, -0.5e+10, 2E3, "x\\"y", [], {}, [[[]]]]',
  ' "ชื่อ" ',
  '{ "สวัสดี" : [ 0 , -12.75 ] }',
];

/** Every text one edit away from a sample: each character dropped, and each of a few inserted everywhere. */
function nearMisses(sample: string): string[] {
  const texts: string[] = [];
  for (let index = 0; index <= sample.length; index++) {
    texts.push(sample.slice(0, index) + sample.slice(index + 1));
    for (const inserted of [
      '"',
      ',',
      ':',
      '}',
      ']',
      '{',
      '[',
      '0',
      '-',
      '.',
      'e',
      't',
      '\\',
      '\n',
      '\u0001',
    ]) {
      texts.push(sample.slice(0, index) + inserted + sample.slice(index));
    }
  }
  return texts;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('findJsonSyntaxError', () => {
  it('finds nothing wrong in valid JSON', () => {
    for (const sample of SAMPLES) expect(findJsonSyntaxError(sample)).toBeNull();
  });

  it('agrees with JSON.parse on whether thousands of nearly valid texts are JSON', () => {
    const texts = SAMPLES.flatMap(nearMisses);
    const disagreements = texts.filter((text) => (findJsonSyntaxError(text) === null) !== parses(text));
    expect(texts.length).toBeGreaterThan(1000);
    expect(disagreements).toEqual([]);
  });

  it.each([
    ['{"a":}', 5, '}'],
    ['{"a":1,}', 7, '}'],
    ['[1,]', 3, ']'],
    ['[1 2]', 3, '2'],
    ['{a:1}', 1, 'a'],
    ['{"a" 1}', 5, '1'],
    ['01', 1, '1'],
    ['1.', 2, null],
    ['-', 1, null],
    ['tru', 3, null],
    ['trux', 3, 'x'],
    ['"a\\x"', 3, 'x'],
    ['"\\u12g4"', 5, 'g'],
    ['"tab\there"', 4, '\t'],
    ['{"a":1} x', 8, 'x'],
    ['[1}', 2, '}'],
    ['', 0, null],
    ['   ', 3, null],
    ['{"a":[1,2', 9, null],
    ['"open', 5, null],
    ['[😀]', 1, '😀'],
  ])('locates the error in %j at %i', (text, position, found) => {
    expect(findJsonSyntaxError(text)).toEqual({ position, found });
  });

  it('handles deep nesting without recursion', () => {
    const depth = 200_000;
    expect(findJsonSyntaxError('['.repeat(depth) + ']'.repeat(depth))).toBeNull();
    expect(findJsonSyntaxError('['.repeat(depth) + ']'.repeat(depth - 1))).toEqual({
      position: 2 * depth - 1,
      found: null,
    });
  });
});
