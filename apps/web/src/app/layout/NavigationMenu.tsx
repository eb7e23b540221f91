import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../auth/current-user-context';
import { useT } from '../i18n/I18nProvider';
import { screenMessages } from '../routes/screen-messages';
import { minimumRole, screenPath, type ScreenKey } from '../routes/screens';
import { layoutMessages } from './layout-messages';
import { FALLBACK_MENU_ICON, MENU_ICONS } from './menu-icons';
import { menuForRole, selectedMenuEntry } from './navigation-menu';

type MenuItem = Required<MenuProps>['items'][number];

/** A divider where the menu passes from monitoring to configuration, and before Back to Portal. */
function sectionOf(screen: ScreenKey): string {
  return screen === 'logout' ? 'exit' : minimumRole(screen) === 'user' ? 'monitoring' : 'configuration';
}

/** The side navigation (spec 000 §2's table) for the signed-in user's role. */
export function NavigationMenu() {
  const { role } = useCurrentUser();
  const { pathname } = useLocation();
  const t = useT(screenMessages);
  const tLayout = useT(layoutMessages);

  const items = useMemo(() => {
    const entries: MenuItem[] = [];
    let previousSection: string | undefined;
    for (const screen of menuForRole(role)) {
      const section = sectionOf(screen);
      if (previousSection && section !== previousSection)
        entries.push({ type: 'divider', key: `divider-${section}` });
      previousSection = section;
      entries.push({
        key: screen,
        icon: MENU_ICONS[screen] ?? FALLBACK_MENU_ICON,
        label: <Link to={screenPath(screen)}>{t(screen)}</Link>,
        title: t(screen),
      });
    }
    return entries;
  }, [role, t]);

  const selected = selectedMenuEntry(pathname);
  return (
    <Menu
      aria-label={tLayout('navigation')}
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
