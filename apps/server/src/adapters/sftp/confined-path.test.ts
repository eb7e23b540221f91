import { describe, expect, it } from 'vitest';
import { confinedPath, normaliseRemoteRoot } from './confined-path.js';
import { SftpError } from './sftp-error.js';

function refusal(root: string, relative: string): SftpError {
  try {
    confinedPath(root, relative);
  } catch (error) {
    if (error instanceof SftpError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(relative)} under ${root}: ${confinedPath(root, relative)}`);
}

describe('confinedPath', () => {
  it('normalises paths under the root', () => {
    expect(confinedPath('/data/in', 'a.csv')).toBe('/data/in/a.csv');
    expect(confinedPath('/data/in/', 'sub//./b.csv')).toBe('/data/in/sub/b.csv');
    expect(confinedPath('/data//in/.', 'sub/')).toBe('/data/in/sub');
    expect(confinedPath('/data/in', '')).toBe('/data/in');
    expect(confinedPath('/data/in', '.')).toBe('/data/in');
    expect(confinedPath('/', 'etc-like')).toBe('/etc-like');
    expect(confinedPath('in', 'x.txt')).toBe('in/x.txt');
    expect(confinedPath('.', 'x.txt')).toBe('x.txt');
    expect(confinedPath('/data/in', 'ไฟล์ ภาษาไทย.txt')).toBe('/data/in/ไฟล์ ภาษาไทย.txt');
  });

  // SECURITY.md: `../`, `..%2f`, `%2e%2e/`, `..;/`, `..\`, absolute paths, NUL, over-long, CR/LF or quotes.
  it.each([
    '../etc/passwd',
    '..',
    'a/../../etc/passwd',
    'a/../b',
    'sub/..',
    './../x',
    '/etc/passwd',
    '//etc/passwd',
    '..\\etc\\passwd',
    'a\\..\\..\\b',
    'a.csv\u0000.txt',
    'a\r\nb',
    'name\n',
    'tab\there',
    'del\u007f',
    'c1\u0085',
    `${'x'.repeat(256)}`,
    `${'abc/'.repeat(1100)}z`,
  ])('refuses %j', (relative) => {
    expect(refusal('/data/in', relative).code).toBe('OUTSIDE_ROOT');
  });

  it.each(['..%2f..%2fetc%2fpasswd', '%2e%2e/%2e%2e/etc', '..;/etc', '...', '..a', 'it\'s "quoted".txt'])(
    'keeps %j a literal name inside the root',
    (relative) => {
      const result = confinedPath('/data/in', relative);
      expect(result.startsWith('/data/in/')).toBe(true);
      expect(result.split('/')).not.toContain('..');
    },
  );

  it('refuses a root that is empty or holds `..` or control characters', () => {
    expect(() => normaliseRemoteRoot('')).toThrow(SftpError);
    expect(() => normaliseRemoteRoot('/data/../etc')).toThrow(/\.\./);
    expect(() => normaliseRemoteRoot('/data\u0000')).toThrow(/control/);
    expect(normaliseRemoteRoot('/data/in/')).toBe('/data/in');
  });

  it('refuses with an SftpError of code OUTSIDE_ROOT, not a generic error', () => {
    const error = refusal('/data/in', '../x');
    expect(error).toBeInstanceOf(SftpError);
    expect(error.name).toBe('SftpError');
    expect(error.message).toMatch(/Remote path refused/);
  });
});
