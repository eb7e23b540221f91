import type { ReactNode } from 'react';
import { RequireRole } from '../auth/RequireRole';
import {
  ApiConfigPage,
  ChainJobConfigPage,
  CreateStructurePage,
  DmsConfigPage,
  EmailContentPage,
  EmployeeConfigPage,
  JobConfigPage,
  LegacyReportPage,
  NotAvailableYetPage,
  PullJobConfigLogPage,
  PullJobConfigPage,
  QuartzMonitorPage,
  SftpConfigPage,
  UserRegistrationPage,
} from './lazy-pages';
import type { LayoutScreen } from './screens';

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
  legacyreport: () => <LegacyReportPage />,
};

export function ScreenRoute({ screen }: { screen: LayoutScreen }) {
  const page = SCREEN_PAGES[screen];
  return <RequireRole screen={screen}>{page ? page() : <NotAvailableYetPage screen={screen} />}</RequireRole>;
}
