import { USER_IMPORT_MAX_BYTES } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { checkUploadFile } from './employee-upload';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('checkUploadFile', () => {
  it("accepts only types containing '.sheet'", () => {
    expect(checkUploadFile({ type: XLSX, size: 10 })).toBeUndefined();
    expect(checkUploadFile({ type: 'application/vnd.ms-excel', size: 10 })).toBe('notExcel');
    expect(checkUploadFile({ type: 'text/csv', size: 10 })).toBe('notExcel');
    expect(checkUploadFile({ type: '', size: 10 })).toBe('notExcel');
  });

  it('refuses files past the server limit', () => {
    expect(checkUploadFile({ type: XLSX, size: USER_IMPORT_MAX_BYTES })).toBeUndefined();
    expect(checkUploadFile({ type: XLSX, size: USER_IMPORT_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});
