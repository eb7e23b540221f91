import { USER_IMPORT_MAX_BYTES } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { checkUploadFile, fileNameFromDisposition } from './employee-upload';

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

describe('fileNameFromDisposition', () => {
  it('reads plain and RFC 5987 names and falls back', () => {
    expect(fileNameFromDisposition('attachment; filename="users.xlsx"')).toBe('users.xlsx');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%B8%9C%E0%B8%B9%E0%B9%89.xlsx")).toBe(
      'ผู้.xlsx',
    );
    expect(fileNameFromDisposition(null)).toBe('user-import-template.xlsx');
    expect(fileNameFromDisposition('attachment')).toBe('user-import-template.xlsx');
  });
});
