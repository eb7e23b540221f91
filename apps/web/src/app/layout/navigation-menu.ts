import type { RoleCode } from '@lis/contracts';
import { canOpen, type ScreenKey } from '../../platform/screens/screens';

/**
 * The navigation menu of spec 000 §2, in the table's order; who sees an entry follows `canOpen`. The
 * spec's table leaves out three screens its route table has (Daily Report, Expected Run Job, Chain Job
 * Config); they are listed too (issue 17): the two reports for everyone after the monitoring entries,
 * Chain Job Config for administrators beside the other job configurations.
 */
export const NAVIGATION_MENU: readonly ScreenKey[] = [
  'legacyreport',
  'legacyreport-manual',
  'legacytask',
  'legacylog',
  'quartzmonitor',
  'uploadfileconfig',
  'downloadsourceandresponsefile',
  'applicationlog',
  'daily-report',
  'expected-running-job-report',
  'alerts',
  'masterconfig',
  'pulljobconfig',
  'pulljobconfig-log',
  'chain-job-config',
  'calendarconfig',
  'maintenanceconfig',
  'alertconfig',
  'companyconfig',
  'sftpconfig',
  'dmsconfig',
  'emailcontent',
  'user-registration',
  'employee',
  'settings',
  'logout',
];

/** The entries a role sees; while the role is loading the user's entries are shown. */
export function menuForRole(role: RoleCode | undefined): ScreenKey[] {
  return NAVIGATION_MENU.filter((screen) => canOpen(screen, role));
}

/** The menu entry to highlight for a path (`/legacytask/…` → legacytask); none for other screens. */
export function selectedMenuEntry(pathname: string): ScreenKey | undefined {
  const first = pathname.split('/').filter(Boolean)[0]?.toLowerCase();
  return NAVIGATION_MENU.find((screen) => screen === first);
}
