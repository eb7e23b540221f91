import { useState } from 'react';
import { Avatar, Button, Divider, Dropdown, Flex, Grid, Layout, Tag, Tooltip, Typography } from 'antd';
import {
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ChangePasswordModal } from '../../features/account';
import { AlertBadge } from '../../features/alerts';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../platform/auth/current-user-context';
import { CONSOLE_VERSION } from '../../platform/console-version';
import { useT } from '../../platform/i18n/I18nProvider';
import { LanguageSwitch } from '../../platform/i18n/LanguageSwitch';
import { LOGOUT_PATH } from '../../platform/screens/screens';
import { LatencyIndicator } from './LatencyIndicator';
import { layoutMessages } from './layout-messages';
import { ServerTimeZoneTag } from '../../ui/time-zone/ServerTimeZoneTag';
import { ServerVersion } from './ServerVersion';

export interface AppHeaderProps {
  /** Null when the menus are hidden: no toggle. */
  menuCollapsed: boolean | null;
  onToggleMenu: () => void;
}

/** Product title and version, then the server's zone and version, open alerts, latency, language, the user and sign-out. */
export function AppHeader({ menuCollapsed, onToggleMenu }: AppHeaderProps) {
  const t = useT(layoutMessages);
  const { displayName } = useCurrentUser();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [changingPassword, setChangingPassword] = useState(false);
  const userMenu = {
    items: [{ key: 'password', icon: <KeyOutlined />, label: t('changePassword') }],
    onClick: () => setChangingPassword(true),
  };
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        borderBottom: '1px solid #e8ebf0',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {menuCollapsed !== null && (
        <Button
          type="text"
          aria-label={menuCollapsed ? t('expandMenu') : t('collapseMenu')}
          icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleMenu}
        />
      )}
      <Flex align="baseline" gap={8} style={{ minWidth: 0, flex: '0 1 auto' }}>
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          LIS
        </Typography.Title>
        <Tooltip title={t('consoleVersion', { version: CONSOLE_VERSION })}>
          <Tag variant="filled" color="blue" style={{ marginInlineEnd: 0 }} translate="no">
            v{CONSOLE_VERSION}
          </Tag>
        </Tooltip>
        {screens.xl && (
          <Typography.Text type="secondary" ellipsis style={{ minWidth: 0 }}>
            {t('productName')}
          </Typography.Text>
        )}
      </Flex>
      <Flex align="center" gap={12} style={{ marginInlineStart: 'auto', minWidth: 0 }}>
        {screens.md && <ServerTimeZoneTag />}
        {screens.md && <ServerVersion />}
        <AlertBadge />
        <LatencyIndicator />
        {screens.sm && <LanguageSwitch />}
        <Divider orientation="vertical" style={{ marginInline: 0 }} />
        <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
          <Button
            type="text"
            style={{ minWidth: 0, paddingInline: 4 }}
            title={t('signedInAs', { name: displayName })}
          >
            <Flex align="center" gap={8} style={{ minWidth: 0 }}>
              <Avatar size="small" icon={<UserOutlined />} style={{ flex: 'none', background: '#1d5bd6' }} />
              {screens.md && (
                <Typography.Text
                  strong
                  ellipsis
                  style={{ maxWidth: 200 }}
                  data-testid="current-user-name"
                  translate="no"
                >
                  {displayName}
                </Typography.Text>
              )}
            </Flex>
          </Button>
        </Dropdown>
        <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
        <Tooltip title={t('signOut')}>
          <Button icon={<LogoutOutlined />} onClick={() => navigate(LOGOUT_PATH)} aria-label={t('signOut')}>
            {screens.lg ? t('signOut') : null}
          </Button>
        </Tooltip>
      </Flex>
    </Layout.Header>
  );
}
