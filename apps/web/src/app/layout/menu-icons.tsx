import type { ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  BuildOutlined,
  CloudDownloadOutlined,
  CloudServerOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HistoryOutlined,
  ImportOutlined,
  LogoutOutlined,
  MailOutlined,
  ProfileOutlined,
  SettingOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ScreenKey } from '../routes/screens';

/** The icon of each navigation entry (the only thing shown when the menu is collapsed). */
export const MENU_ICONS: Partial<Record<ScreenKey, ReactNode>> = {
  legacyreport: <DashboardOutlined />,
  'legacyreport-manual': <FileTextOutlined />,
  legacytask: <ProfileOutlined />,
  legacylog: <FileSearchOutlined />,
  quartzmonitor: <FieldTimeOutlined />,
  uploadfileconfig: <BuildOutlined />,
  downloadsourceandresponsefile: <CloudDownloadOutlined />,
  applicationlog: <CodeOutlined />,
  masterconfig: <SettingOutlined />,
  pulljobconfig: <ImportOutlined />,
  'pulljobconfig-log': <HistoryOutlined />,
  companyconfig: <ApiOutlined />,
  sftpconfig: <CloudServerOutlined />,
  dmsconfig: <DatabaseOutlined />,
  emailcontent: <MailOutlined />,
  'user-registration': <UserAddOutlined />,
  employee: <TeamOutlined />,
  settings: <SafetyCertificateOutlined />,
  logout: <LogoutOutlined />,
};

export const FALLBACK_MENU_ICON = <AppstoreOutlined />;
