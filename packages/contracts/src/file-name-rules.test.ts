import { describe, expect, it } from 'vitest';
import { ASCII_CONTROL_CHARACTERS, CONTROL_CHARACTERS, UNSAFE_NAME_CHARACTERS } from './file-name-rules.js';

describe('control characters', () => {
  it('ASCII: C0 and DEL, not C1', () => {
    for (const c of ['\u0000', '\t', '\n', '\r', '\u001f', '\u007f'])
      expect(ASCII_CONTROL_CHARACTERS.test(c)).toBe(true);
    for (const c of ['\u0080', '\u009f', ' ', 'a', '\u00a0'])
      expect(ASCII_CONTROL_CHARACTERS.test(c)).toBe(false);
  });

  it('names and paths: C0, DEL and C1', () => {
    for (const c of ['\u0000', '\u001f', '\u007f', '\u0080', '\u009f'])
      expect(CONTROL_CHARACTERS.test(c)).toBe(true);
    for (const c of [' ', '~', '\u00a0', 'ก']) expect(CONTROL_CHARACTERS.test(c)).toBe(false);
  });

  it('shown escaped: the controls and the invisible or bidi characters', () => {
    for (const c of ['\u0000', '\u009f', '\u202e', '\u200b', '\ufeff'])
      expect(UNSAFE_NAME_CHARACTERS.test(c)).toBe(true);
    expect(UNSAFE_NAME_CHARACTERS.test('report.csv')).toBe(false);
  });
});
