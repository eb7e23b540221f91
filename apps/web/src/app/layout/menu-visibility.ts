/**
 * Spec 000 §2: the menus are hidden on /legacyreport-manual, and whenever the query parameter `_blank`
 * is present with any value other than 'false' (screens opened in a new tab).
 */
export function shouldHideMenus(pathname: string, search: string): boolean {
  if (pathname.replace(/\/+$/, '').toLowerCase() === '/legacyreport-manual') return true;
  const params = new URLSearchParams(search);
  return params.getAll('_blank').some((value) => value !== 'false');
}
