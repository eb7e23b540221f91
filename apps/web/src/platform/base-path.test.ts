import { describe, expect, it } from 'vitest';
import { appUrl, basePathname, routerBasename, toRouterPath } from './base-path';

describe('base path', () => {
  it('reads the folder of the base address', () => {
    expect(basePathname('https://host/')).toBe('/');
    expect(basePathname('https://host/lis/')).toBe('/lis/');
    expect(basePathname('https://host/lis/index.html')).toBe('/lis/');
  });

  it('gives the router basename without a trailing slash', () => {
    expect(routerBasename('https://host/')).toBe('');
    expect(routerBasename('https://host/lis/')).toBe('/lis');
  });

  it('builds absolute console addresses', () => {
    expect(appUrl('ingress', 'https://host/lis/')).toBe('https://host/lis/ingress');
    expect(appUrl('/ingress', 'https://host/')).toBe('https://host/ingress');
  });

  it('strips the basename from router paths', () => {
    expect(toRouterPath('/lis/legacytask?x=1', '/lis')).toBe('/legacytask?x=1');
    expect(toRouterPath('/lis', '/lis')).toBe('/');
    expect(toRouterPath('/lisa/page', '/lis')).toBe('/lisa/page');
    expect(toRouterPath('/legacytask', '')).toBe('/legacytask');
  });
});
