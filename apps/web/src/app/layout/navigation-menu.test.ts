import { describe, expect, it } from 'vitest';
import { menuForRole, selectedMenuEntry } from './navigation-menu';

const EVERYONE = [
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
];
const ADMIN = [
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
];

describe('menuForRole', () => {
  it('shows a user the monitoring entries and Back to Portal', () => {
    expect(menuForRole('user')).toEqual([...EVERYONE, 'logout']);
  });

  it('adds the configuration entries for an admin, without Employee Config', () => {
    expect(menuForRole('admin')).toEqual([...EVERYONE, ...ADMIN, 'logout']);
  });

  it('adds Employee Config and Settings for a super_admin only, before Back to Portal', () => {
    expect(menuForRole('super_admin')).toEqual([...EVERYONE, ...ADMIN, 'employee', 'settings', 'logout']);
  });

  it("shows the user's entries while the role is loading", () => {
    expect(menuForRole(undefined)).toEqual(menuForRole('user'));
  });
});

describe('selectedMenuEntry', () => {
  it('finds the entry of a path', () => {
    expect(selectedMenuEntry('/legacytask')).toBe('legacytask');
    expect(selectedMenuEntry('/pulljobconfig-log')).toBe('pulljobconfig-log');
    expect(selectedMenuEntry('/daily-report')).toBe('daily-report');
    expect(selectedMenuEntry('/chain-job-config')).toBe('chain-job-config');
    expect(selectedMenuEntry('/legacydetail')).toBeUndefined();
  });
});
