import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it('quotes commas, quotes, line breaks and padding', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('')).toBe('');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+66 2 123')).toBe("'+66 2 123");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('starts with a byte-order mark and ends lines with CRLF; Thai stays as it is', () => {
    const csv = toCsv(
      [
        { header: 'Legacy ID', value: (row: { id: string; n: number }) => row.id },
        { header: 'Runs', value: (row) => row.n },
      ],
      [
        { id: 'งานที่ 1', n: 3 },
        { id: 'A,B', n: 0 },
      ],
    );
    expect(csv).toBe('\uFEFFLegacy ID,Runs\r\nงานที่ 1,3\r\n"A,B",0\r\n');
  });
});
