import type { ReactNode } from 'react';
import { RequireRole } from '../auth/RequireRole';
import {
  AlertConfigPage,
  AlertsPage,
  ApiConfigPage,
  ApplicationLogPage,
  CalendarConfigPage,
  ChainJobConfigPage,
  CreateStructurePage,
  DailyReportPage,
  DmsConfigPage,
  DownloadSourceAndResponseFilePage,
  EmailContentPage,
  EmployeeConfigPage,
  ExpectedRunJobPage,
  JobConfigPage,
  LegacyDetailPage,
  LegacyReportManualPage,
  LegacyReportPage,
  LegacyTaskPage,
  MaintenanceConfigPage,
  NotAvailableYetPage,
  PullJobConfigLogPage,
  PullJobConfigPage,
  QuartzMonitorPage,
  SettingsPage,
  SftpConfigPage,
  SystemLogPage,
  UserRegistrationPage,
} from './lazy-pages';
import type { LayoutScreen } from '../../platform/screens/screens';

/**
 * The page of each screen inside the main layout. A screen not listed here is not built yet and shows
 * the shared "not available yet" page; add a screen's page here when it arrives.
 */
const SCREEN_PAGES: Partial<Record<LayoutScreen, () => ReactNode>> = {
  'user-registration': () => <UserRegistrationPage />,
  employee: () => <EmployeeConfigPage />,
  quartzmonitor: () => <QuartzMonitorPage />,
  uploadfileconfig: () => <CreateStructurePage />,
  emailcontent: () => <EmailContentPage />,
  sftpconfig: () => <SftpConfigPage />,
  companyconfig: () => <ApiConfigPage />,
  dmsconfig: () => <DmsConfigPage />,
  masterconfig: () => <JobConfigPage />,
  pulljobconfig: () => <PullJobConfigPage />,
  'pulljobconfig-log': () => <PullJobConfigLogPage />,
  'chain-job-config': () => <ChainJobConfigPage />,
  calendarconfig: () => <CalendarConfigPage />,
  maintenanceconfig: () => <MaintenanceConfigPage />,
  alerts: () => <AlertsPage />,
  alertconfig: () => <AlertConfigPage />,
  legacyreport: () => <LegacyReportPage />,
  legacydetail: () => <LegacyDetailPage />,
  'legacyreport-manual': () => <LegacyReportManualPage />,
  legacytask: () => <LegacyTaskPage />,
  legacylog: () => <SystemLogPage />,
  applicationlog: () => <ApplicationLogPage />,
  downloadsourceandresponsefile: () => <DownloadSourceAndResponseFilePage />,
  'daily-report': () => <DailyReportPage />,
  'expected-running-job-report': () => <ExpectedRunJobPage />,
  settings: () => <SettingsPage />,
};

export function ScreenRoute({ screen }: { screen: LayoutScreen }) {
  const page = SCREEN_PAGES[screen];
  return <RequireRole screen={screen}>{page ? page() : <NotAvailableYetPage screen={screen} />}</RequireRole>;
}
