import { describe, expect, it } from 'vitest';
import { shouldHideMenus } from './menu-visibility';

describe('shouldHideMenus', () => {
  it('hides the menus on the manual report', () => {
    expect(shouldHideMenus('/legacyreport-manual', '')).toBe(true);
    expect(shouldHideMenus('/legacyreport-manual/', '?x=1')).toBe(true);
  });

  it('hides the menus when _blank is present with a value other than false', () => {
    expect(shouldHideMenus('/legacydetail', '?_blank=true')).toBe(true);
    expect(shouldHideMenus('/legacydetail', '?_blank=1')).toBe(true);
    expect(shouldHideMenus('/legacydetail', '?_blank')).toBe(true);
    expect(shouldHideMenus('/legacydetail', '?_blank=')).toBe(true);
  });

  it('keeps the menus with _blank=false or without _blank', () => {
    expect(shouldHideMenus('/legacydetail', '?_blank=false')).toBe(false);
    expect(shouldHideMenus('/legacyreport', '')).toBe(false);
    expect(shouldHideMenus('/legacyreport', '?company_code=A')).toBe(false);
  });
});
