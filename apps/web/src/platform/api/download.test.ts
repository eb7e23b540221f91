import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('reads plain and RFC 5987 names and falls back', () => {
    const fallback = 'user-import-template.xlsx';
    expect(fileNameFromDisposition('attachment; filename="users.xlsx"', fallback)).toBe('users.xlsx');
    expect(
      fileNameFromDisposition("attachment; filename*=UTF-8''%E0%B8%9C%E0%B8%B9%E0%B9%89.xlsx", fallback),
    ).toBe('ผู้.xlsx');
    expect(fileNameFromDisposition(null, fallback)).toBe('user-import-template.xlsx');
    expect(fileNameFromDisposition('attachment', fallback)).toBe('user-import-template.xlsx');
  });

  it('prefers the UTF-8 name to the ASCII one the server sends beside it', () => {
    const header = `attachment; filename="____.csv"; filename*=UTF-8''%E0%B8%9C%E0%B8%B9%E0%B9%89.csv`;
    expect(fileNameFromDisposition(header, 'x')).toBe('ผู้.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%B8; filename="a.csv"`, 'x')).toBe(
      'a.csv',
    );
  });
});
