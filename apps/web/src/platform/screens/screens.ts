import { ROLE_RANK, type RoleCode } from '@lis/contracts';

/** Every screen of the route table (spec 000 §2, spec 001 §2); the key is its path without the '/'. */
export const LAYOUT_SCREENS = [
  'legacyreport',
  'legacyreport-manual',
  'legacytask',
  'legacylog',
  'quartzmonitor',
  'uploadfileconfig',
  'downloadsourceandresponsefile',
  'applicationlog',
  'masterconfig',
  'pulljobconfig',
  'pulljobconfig-log',
  'companyconfig',
  'sftpconfig',
  'dmsconfig',
  'emailcontent',
  'user-registration',
  'employee',
  'legacydetail',
  'daily-report',
  'expected-running-job-report',
  'alerts',
  'chain-job-config',
  'calendarconfig',
  'maintenanceconfig',
  'alertconfig',
  'settings',
] as const;
export type LayoutScreen = (typeof LAYOUT_SCREENS)[number];

/** Screens outside the main layout that still need a session (DESIGN §7). */
export const STANDALONE_SCREENS = ['monitor', 'report'] as const;
export type StandaloneScreen = (typeof STANDALONE_SCREENS)[number];

export type ScreenKey = LayoutScreen | StandaloneScreen | 'logout';

export const HOME_PATH = '/legacyreport';
export const SIGN_IN_PATH = '/auth/signin';
export const LOGOUT_PATH = '/logout';

export function screenPath(screen: ScreenKey): string {
  return `/${screen}`;
}

/** The lowest role that may open a screen; screens not listed are open to every signed-in user. */
const MINIMUM_ROLE: Partial<Record<ScreenKey, RoleCode>> = {
  masterconfig: 'admin',
  pulljobconfig: 'admin',
  'pulljobconfig-log': 'admin',
  companyconfig: 'admin',
  sftpconfig: 'admin',
  dmsconfig: 'admin',
  emailcontent: 'admin',
  'user-registration': 'admin',
  'chain-job-config': 'admin',
  calendarconfig: 'admin',
  maintenanceconfig: 'admin',
  alertconfig: 'admin',
  employee: 'super_admin',
  settings: 'super_admin',
};

export function minimumRole(screen: ScreenKey): RoleCode {
  return MINIMUM_ROLE[screen] ?? 'user';
}

/** Whether a role may open a screen; an unknown role (still loading) counts as 'user'. */
export function canOpen(screen: ScreenKey, role: RoleCode | undefined): boolean {
  return ROLE_RANK[role ?? 'user'] >= ROLE_RANK[minimumRole(screen)];
}
