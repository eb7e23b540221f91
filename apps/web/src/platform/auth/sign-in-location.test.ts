import { describe, expect, it } from 'vitest';
import { rememberedOrigin, signInLocation } from './sign-in-location';

describe('sign-in location', () => {
  it('remembers the origin in the query and the state', () => {
    expect(signInLocation('/legacytask?x=1')).toEqual({
      to: '/auth/signin?from=%2Flegacytask%3Fx%3D1',
      state: { from: '/legacytask?x=1' },
    });
    expect(signInLocation('/')).toEqual({ to: '/auth/signin', state: {} });
  });

  it('goes back to a safe origin only', () => {
    expect(rememberedOrigin({ from: '/legacylog' }, '')).toBe('/legacylog');
    expect(rememberedOrigin(null, '?from=%2Flegacytask%3Fx%3D1')).toBe('/legacytask?x=1');
    expect(rememberedOrigin({ from: '//evil' }, '?from=https://evil')).toBe('/');
    expect(rememberedOrigin(undefined, '')).toBe('/');
  });
});
