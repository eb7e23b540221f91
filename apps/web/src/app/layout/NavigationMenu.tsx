import { useMemo, type CSSProperties } from 'react';
import { ConfigProvider, Menu, type MenuProps, type ThemeConfig } from 'antd';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../platform/auth/current-user-context';
import { useT } from '../../platform/i18n/I18nProvider';
import { screenMessages } from '../../platform/screens/screen-messages';
import { minimumRole, screenPath, type ScreenKey } from '../../platform/screens/screens';
import { layoutMessages } from './layout-messages';
import { FALLBACK_MENU_ICON, MENU_ICONS } from './menu-icons';
import { menuForRole, selectedMenuEntry } from './navigation-menu';
import './navigation-menu.css';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * Denser than Ant Design's 40 px items with 4 px margins, so that a super_admin's whole menu (18 entries,
 * some on two lines) fits in an 800 px high window under the brand.
 */
const NAV_ITEM_HEIGHT = 34;
const NAV_ITEM_PADDING_BLOCK = 6;
const navTheme: ThemeConfig = {
  components: { Menu: { itemHeight: NAV_ITEM_HEIGHT, itemMarginBlock: 2, itemMarginInline: 4 } },
};
/** Read by navigation-menu.css: a one-line item keeps the token's height, a wrapped one grows. */
const navStyle = {
  borderInlineEnd: 'none',
  '--lis-nav-item-height': `${NAV_ITEM_HEIGHT}px`,
  '--lis-nav-item-padding-block': `${NAV_ITEM_PADDING_BLOCK}px`,
} as CSSProperties;

/** A divider where the menu passes from monitoring to configuration, and before Back to Portal. */
function sectionOf(screen: ScreenKey): string {
  return screen === 'logout' ? 'exit' : minimumRole(screen) === 'user' ? 'monitoring' : 'configuration';
}

/**
 * The side navigation (spec 000 §2's table) for the signed-in user's role. Expanded, a long label wraps
 * onto two lines; collapsed (icons only), each entry's label is its tooltip.
 */
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
    <ConfigProvider theme={navTheme}>
      <Menu
        className="lis-nav-menu"
        aria-label={tLayout('navigation')}
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        style={navStyle}
      />
    </ConfigProvider>
  );
}
