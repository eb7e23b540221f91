import { describe, expect, it } from 'vitest';
import { describeLocalFailure } from './local-failure.js';

const fsError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('describeLocalFailure', () => {
  it('says what a full, read-only or forbidden file store means, keeping the original text', () => {
    expect(describeLocalFailure(fsError('ENOSPC', 'ENOSPC: no space left on device, write'))).toBe(
      'the disk of the file store is full (ENOSPC: no space left on device, write)',
    );
    expect(
      describeLocalFailure(fsError('EROFS', "EROFS: read-only file system, mkdir '/data/files/A'")),
    ).toBe(
      "the file store is on a read-only file system (EROFS: read-only file system, mkdir '/data/files/A')",
    );
    expect(
      describeLocalFailure(fsError('EACCES', "EACCES: permission denied, open '/data/files/x'")),
    ).toMatch(/^LIS may not write to the file store \(permission denied\) \(EACCES/);
  });

  it('leaves other errors as they are', () => {
    expect(describeLocalFailure(new Error('the backup does not match'))).toBe('the backup does not match');
    expect(describeLocalFailure('plain')).toBe('plain');
  });
});
