import { describe, expect, it } from 'vitest';
import { safeExternalUrl, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each(['https://evil', '//evil', '/\\evil', 'javascript:alert(1)', '/\t/evil', 'evil', '', '\\\\evil'])(
    'rejects %j',
    (value) => {
      expect(safeRedirectPath(value)).toBeNull();
    },
  );

  // LIS issue 16 point 7d: a path that only becomes '//host' once normalised is refused too.
  it.each(['/.//evil', '/./\u002f/evil', '/%2e//evil', '/a/..//evil', '/.//evil/path?x=1'])(
    'rejects %j, which normalises to a protocol-relative address',
    (value) => {
      expect(safeRedirectPath(value)).toBeNull();
    },
  );

  it('rejects missing values', () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
  });

  it('accepts same-origin paths with query and hash', () => {
    expect(safeRedirectPath('/legacytask?x=1')).toBe('/legacytask?x=1');
    expect(safeRedirectPath('/legacydetail?company_code=A&legacy_id=B#log')).toBe(
      '/legacydetail?company_code=A&legacy_id=B#log',
    );
    expect(safeRedirectPath('/')).toBe('/');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeRedirectPath('/a/../legacylog')).toBe('/legacylog');
  });
});

describe('safeExternalUrl', () => {
  it('keeps http and https addresses only', () => {
    expect(safeExternalUrl('https://portal.example/home')).toBe('https://portal.example/home');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('portal')).toBeNull();
    expect(safeExternalUrl('')).toBeNull();
  });
});
