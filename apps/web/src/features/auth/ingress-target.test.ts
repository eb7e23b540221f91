import { describe, expect, it } from 'vitest';
import { addressWithoutToken, ingressTarget } from './ingress-target';

describe('ingress target', () => {
  it('follows a safe redirect, without the base path', () => {
    expect(ingressTarget('/legacytask?x=1', '')).toBe('/legacytask?x=1');
    expect(ingressTarget('/lis/legacylog', '/lis')).toBe('/legacylog');
  });

  it("goes to '/' otherwise", () => {
    expect(ingressTarget('https://evil', '')).toBe('/');
    expect(ingressTarget('//evil', '')).toBe('/');
    expect(ingressTarget('javascript:alert(1)', '')).toBe('/');
    expect(ingressTarget(null, '')).toBe('/');
  });

  it('drops the token from the address', () => {
    expect(addressWithoutToken('https://lis.example/ingress?token=abc&redirect=%2Flegacylog')).toBe(
      'https://lis.example/ingress?redirect=%2Flegacylog',
    );
  });
});
