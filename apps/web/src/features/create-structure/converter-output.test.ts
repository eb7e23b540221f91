import type { ConverterResult } from '@lis/converter';
import { describe, expect, it } from 'vitest';
import { jsonFormatText, jsonStringFormatText } from './converter-output';

const RESULT: ConverterResult = {
  total_count: 2,
  data_list: [
    {
      file_name: 'ลูกค้า.csv',
      data: [
        { col_0001: 'สมชาย', col_0002: 'say "hi"' },
        { col_0001: 'back\\slash', col_0002: 'line\nbreak' },
      ],
    },
  ],
};

describe('converter output files', () => {
  it('json_format.txt is the result as JSON indented by two spaces, Thai written as itself', () => {
    const text = jsonFormatText(RESULT);
    expect(JSON.parse(text)).toEqual(RESULT);
    expect(text.split('\n').slice(0, 3)).toEqual(['{', '  "total_count": 2,', '  "data_list": [']);
    expect(text).toContain('"col_0001": "สมชาย"');
  });

  it('json_string_format.txt is the compact JSON text as one JSON string literal', () => {
    const text = jsonStringFormatText(RESULT);
    // Our reading of the old tool's "JSON string": a string literal, so one line in double quotes…
    expect(text.startsWith('"{\\"total_count\\":2,\\"data_list\\":[{\\"file_name\\":\\"ลูกค้า.csv\\"')).toBe(
      true,
    );
    expect(text.endsWith('}]}]}"')).toBe(true);
    expect(text).not.toContain('\n');
    // …whose value is the compact JSON text of the result (quotes, backslashes and line breaks escaped twice).
    const inner = JSON.parse(text) as string;
    expect(inner).toBe(JSON.stringify(RESULT));
    expect(JSON.parse(inner)).toEqual(RESULT);
    expect(text).toContain('say \\\\\\"hi\\\\\\"');
  });
});
