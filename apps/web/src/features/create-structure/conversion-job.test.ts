import { ConverterError } from '@lis/converter';
import { describe, expect, it } from 'vitest';
import { runConversion, unwrapReply } from './conversion-job';

const blobOf = (bytes: number[] | string) =>
  new Blob([typeof bytes === 'string' ? bytes : Uint8Array.from(bytes)]);

describe('runConversion and unwrapReply (the Web Worker boundary)', () => {
  it('converts the files and reports the encoding detected for each', async () => {
    // 'ไทย' in windows-874 is the bytes 0xE4 0xB7 0xC2.
    const reply = await runConversion({
      files: [
        { file_name: 'a.txt', blob: blobOf('สวัสดี\n') },
        { file_name: 'b.txt', blob: blobOf([0xe4, 0xb7, 0xc2, 0x0a]) },
      ],
      setting: { mode: 'raw' },
    });
    expect(structuredClone(reply)).toEqual({
      ok: true,
      output: {
        result: {
          total_count: 2,
          data_list: [
            { file_name: 'a.txt', data: [{ col_0001: 'สวัสดี' }] },
            { file_name: 'b.txt', data: [{ col_0001: 'ไทย' }] },
          ],
        },
        encodings: ['utf-8', 'windows-874'],
      },
    });
  });

  it('sends a refusal as its code and values, and rebuilds the ConverterError on the page', async () => {
    const reply = await runConversion({
      files: [{ file_name: 'bad.json', blob: blobOf('{"a":') }],
      setting: { mode: 'json' },
    });
    // What crosses postMessage is plain data (a class instance would lose its class).
    const crossed = structuredClone(reply);
    expect(crossed).toEqual({
      ok: false,
      error: {
        code: 'JSON_UNEXPECTED_END',
        values: { file_name: 'bad.json', line: 1, column: 6, position: 5 },
      },
    });
    let thrown: unknown;
    try {
      unwrapReply(crossed);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConverterError);
    expect((thrown as ConverterError).code).toBe('JSON_UNEXPECTED_END');
  });
});
