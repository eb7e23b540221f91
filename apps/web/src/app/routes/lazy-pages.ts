// `lazy` here is lazyWithReload: a page that cannot be loaded after a new build reloads the console once,
// then shows a full-page error instead of a blank page. Imported under React's name on purpose, so that
// a page added with the usual `lazy(() => import(…))` gets the same recovery.
import { lazyWithReload as lazy } from './lazy-with-reload';

/**
 * Every page is loaded on demand, so that the first load stays small (DESIGN §8). A page module exports
 * its component by name.
 */
export const LoginPage = lazy(() => import('../../pages/LoginPage').then((m) => ({ default: m.LoginPage })));
export const IngressPage = lazy(() =>
  import('../../pages/IngressPage').then((m) => ({ default: m.IngressPage })),
);
export const LogoutPage = lazy(() =>
  import('../../pages/LogoutPage').then((m) => ({ default: m.LogoutPage })),
);
export const ForcedPasswordChangePage = lazy(() =>
  import('../../features/account').then((m) => ({ default: m.ForcedPasswordChange })),
);
export const MainLayout = lazy(() => import('../layout/MainLayout').then((m) => ({ default: m.MainLayout })));
export const NotAvailableYetPage = lazy(() =>
  import('../../pages/NotAvailableYetPage').then((m) => ({ default: m.NotAvailableYetPage })),
);
export const UserRegistrationPage = lazy(() =>
  import('../../pages/UserRegistrationPage').then((m) => ({ default: m.UserRegistrationPage })),
);
export const EmployeeConfigPage = lazy(() =>
  import('../../pages/EmployeeConfigPage').then((m) => ({ default: m.EmployeeConfigPage })),
);
export const QuartzMonitorPage = lazy(() =>
  import('../../pages/QuartzMonitorPage').then((m) => ({ default: m.QuartzMonitorPage })),
);
export const ApiConfigPage = lazy(() =>
  import('../../pages/ApiConfigPage').then((m) => ({ default: m.ApiConfigPage })),
);
export const DmsConfigPage = lazy(() =>
  import('../../pages/DmsConfigPage').then((m) => ({ default: m.DmsConfigPage })),
);
export const SftpConfigPage = lazy(() =>
  import('../../pages/SftpConfigPage').then((m) => ({ default: m.SftpConfigPage })),
);
export const EmailContentPage = lazy(() =>
  import('../../pages/EmailContentPage').then((m) => ({ default: m.EmailContentPage })),
);
export const JobConfigPage = lazy(() =>
  import('../../pages/JobConfigPage').then((m) => ({ default: m.JobConfigPage })),
);
export const PullJobConfigPage = lazy(() =>
  import('../../pages/PullJobConfigPage').then((m) => ({ default: m.PullJobConfigPage })),
);
export const PullJobConfigLogPage = lazy(() =>
  import('../../pages/PullJobConfigLogPage').then((m) => ({ default: m.PullJobConfigLogPage })),
);
export const ChainJobConfigPage = lazy(() =>
  import('../../pages/ChainJobConfigPage').then((m) => ({ default: m.ChainJobConfigPage })),
);
export const CalendarConfigPage = lazy(() =>
  import('../../pages/CalendarConfigPage').then((m) => ({ default: m.CalendarConfigPage })),
);
export const AlertsPage = lazy(() =>
  import('../../pages/AlertsPage').then((m) => ({ default: m.AlertsPage })),
);
export const AlertConfigPage = lazy(() =>
  import('../../pages/AlertConfigPage').then((m) => ({ default: m.AlertConfigPage })),
);
export const MaintenanceConfigPage = lazy(() =>
  import('../../pages/MaintenanceConfigPage').then((m) => ({ default: m.MaintenanceConfigPage })),
);
export const CreateStructurePage = lazy(() =>
  import('../../pages/CreateStructurePage').then((m) => ({ default: m.CreateStructurePage })),
);
export const LegacyReportPage = lazy(() =>
  import('../../pages/LegacyReportPage').then((m) => ({ default: m.LegacyReportPage })),
);
export const LegacyReportManualPage = lazy(() =>
  import('../../pages/LegacyReportManualPage').then((m) => ({ default: m.LegacyReportManualPage })),
);
export const LegacyTaskPage = lazy(() =>
  import('../../pages/LegacyTaskPage').then((m) => ({ default: m.LegacyTaskPage })),
);
export const WallMonitorPage = lazy(() =>
  import('../../pages/WallMonitorPage').then((m) => ({ default: m.WallMonitorPage })),
);
export const SystemLogPage = lazy(() =>
  import('../../pages/SystemLogPage').then((m) => ({ default: m.SystemLogPage })),
);
export const ApplicationLogPage = lazy(() =>
  import('../../pages/ApplicationLogPage').then((m) => ({ default: m.ApplicationLogPage })),
);
export const DownloadSourceAndResponseFilePage = lazy(() =>
  import('../../pages/DownloadSourceAndResponseFilePage').then((m) => ({
    default: m.DownloadSourceAndResponseFilePage,
  })),
);
export const DailyReportPage = lazy(() =>
  import('../../pages/DailyReportPage').then((m) => ({ default: m.DailyReportPage })),
);
export const ExpectedRunJobPage = lazy(() =>
  import('../../pages/ExpectedRunJobPage').then((m) => ({ default: m.ExpectedRunJobPage })),
);
export const StandaloneReportPage = lazy(() =>
  import('../../pages/StandaloneReportPage').then((m) => ({ default: m.StandaloneReportPage })),
);
export const SettingsPage = lazy(() =>
  import('../../pages/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);
export const LegacyDetailPage = lazy(() =>
  import('../../pages/LegacyDetailPage').then((m) => ({ default: m.LegacyDetailPage })),
);
