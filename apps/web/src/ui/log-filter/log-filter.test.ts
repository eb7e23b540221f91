import { describe, expect, it } from 'vitest';
import { filterLogLines, logLevels, logLinesText, matchParts } from './log-filter';

const ROWS = [
  { level: 'INFO', text: 'Step 1 started' },
  { level: 'ERROR', text: 'ไฟล์ invoice.csv ผิดพลาด' },
  { level: 'WARNING', text: 'slow STEP 2' },
];
const reader = {
  level: (row: (typeof ROWS)[number]) => row.level,
  text: (row: (typeof ROWS)[number]) => row.text,
};

describe('the searchable log', () => {
  it('keeps the lines of the chosen levels whose text holds the query, ignoring case', () => {
    expect(filterLogLines(ROWS, { levels: [], text: '' }, reader)).toEqual(ROWS);
    expect(filterLogLines(ROWS, { levels: [], text: 'step' }, reader).map((row) => row.level)).toEqual([
      'INFO',
      'WARNING',
    ]);
    expect(filterLogLines(ROWS, { levels: ['WARNING'], text: ' STEP ' }, reader)).toEqual([ROWS[2]]);
    expect(filterLogLines(ROWS, { levels: ['ERROR'], text: 'ผิดพลาด' }, reader)).toEqual([ROWS[1]]);
    expect(logLevels(ROWS, reader.level)).toEqual(['ERROR', 'INFO', 'WARNING']);
  });

  it('cuts a text into its matches and the rest', () => {
    expect(matchParts('Step 1, step 2', 'STEP')).toEqual([
      { text: 'Step', match: true },
      { text: ' 1, ', match: false },
      { text: 'step', match: true },
      { text: ' 2', match: false },
    ]);
    expect(matchParts('ไฟล์ผิดพลาด', 'ผิด')).toEqual([
      { text: 'ไฟล์', match: false },
      { text: 'ผิด', match: true },
      { text: 'พลาด', match: false },
    ]);
    expect(matchParts('abc', '')).toEqual([{ text: 'abc', match: false }]);
  });

  it('copies lines as tab-separated text, one a line, without breaks inside a field', () => {
    expect(logLinesText(ROWS.slice(0, 2), (row) => [row.level, `${row.text}\nmore`])).toBe(
      'INFO\tStep 1 started more\nERROR\tไฟล์ invoice.csv ผิดพลาด more',
    );
  });
});
