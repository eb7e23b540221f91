import { Suspense, useState } from 'react';
import { Flex, Grid, Layout, Spin } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useT } from '../../platform/i18n/I18nProvider';
import { AppHeader } from './AppHeader';
import { layoutMessages } from './layout-messages';
import { shouldHideMenus } from './menu-visibility';
import { NavigationMenu } from './NavigationMenu';

const SIDER_COLLAPSED_KEY = 'LIS_SIDER_COLLAPSED';

function SiderBrand({ collapsed }: { collapsed: boolean }) {
  const t = useT(layoutMessages);
  return (
    <Flex
      align="center"
      gap={10}
      style={{ flex: 'none', height: 56, paddingInline: collapsed ? 20 : 24, overflow: 'hidden' }}
    >
      <img src="./favicon.svg" alt="" width={24} height={24} style={{ flex: 'none' }} />
      {!collapsed && (
        <span style={{ color: '#fff', fontWeight: 600, whiteSpace: 'nowrap' }}>{t('consoleName')}</span>
      )}
    </Flex>
  );
}

/**
 * The main layout: a collapsible dark side menu and the header around the screen. The menus are hidden
 * on /legacyreport-manual and with `?_blank` (spec 000 §2).
 */
export function MainLayout() {
  const location = useLocation();
  const hideMenus = shouldHideMenus(location.pathname, location.search);
  const wide = Grid.useBreakpoint().md ?? false;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(SIDER_COLLAPSED_KEY) === 'true');
  const toggle = (next: boolean) => {
    localStorage.setItem(SIDER_COLLAPSED_KEY, String(next));
    setCollapsed(next);
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!hideMenus && (
        <Layout.Sider
          theme="dark"
          width={272}
          collapsedWidth={64}
          collapsible
          collapsed={collapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={(narrow) => narrow && setCollapsed(true)}
          // The Sider is exactly the viewport's height and stays put; the brand stays on top and only the
          // menu scrolls, inside the Sider, when it is taller than the rest (a small screen, a long menu).
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden' }}
          styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 } }}
        >
          <SiderBrand collapsed={collapsed} />
          <div
            className="lis-nav-scroll"
            style={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}
          >
            <NavigationMenu />
          </div>
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <AppHeader menuCollapsed={hideMenus ? null : collapsed} onToggleMenu={() => toggle(!collapsed)} />
        <Layout.Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
          <Suspense
            fallback={
              <Flex justify="center" style={{ paddingBlock: 96 }}>
                <Spin size="large" />
              </Flex>
            }
          >
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
