import type { CronCheckRequest, MaintenanceWindow, MaintenanceWrite } from '@lis/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { COMPANIES, fakeApi, page } from '../../testing/fake-api';
import { findDialog } from '../../testing/find-dialog';
import { openDialog } from '../../testing/form-steps';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { chooseOption, renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { testUser } from '../../testing/test-users';
import { getButton, setupUser } from '../../testing/user';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { MaintenanceConfig } from './MaintenanceConfig';

const windowOf = (overrides: Partial<MaintenanceWindow>): MaintenanceWindow => ({
  company_code: 'ACME',
  name: 'MW',
  description: '',
  enabled: true,
  schedule: { kind: 'once', from: '2026-12-05T15:00:00.000Z', to: '2026-12-05T23:00:00.000Z' },
  active_until: null,
  next_start: null,
  updated_at: '2026-11-01T03:00:00.000Z',
  updated_by: 'admin',
  ...overrides,
});

/** Saturday nights in Bangkok, holding now until 06:00; its next start a week on. */
const WEEKLY = windowOf({
  name: 'SAT-NIGHT',
  description: 'Weekly patching',
  schedule: { kind: 'recurring', cron: '0 0 22 ? * SAT', duration_minutes: 480, tz: 'Asia/Bangkok' },
  active_until: '2026-12-05T23:00:00.000Z',
  next_start: '2026-12-12T15:00:00.000Z',
});
const MIGRATION = windowOf({ name: 'DB-MOVE', enabled: false, next_start: '2026-12-05T15:00:00.000Z' });
const EVERYONE = windowOf({ company_code: '*', name: 'DC-POWER', description: 'Data centre power test' });

/** The maintenance routes (packages/contracts/src/endpoints/maintenance.ts) over a list in memory. */
function fakeMaintenanceServer(routes: Record<string, MockEndpoint> = {}) {
  const windows: MaintenanceWindow[] = [WEEKLY, MIGRATION, EVERYONE];
  const saved = (body: unknown) => {
    const write = body as MaintenanceWrite;
    return windowOf({ ...write, description: write.description ?? '', enabled: write.enabled ?? true });
  };
  return fakeApi({
    'GET /v1/company_master': () => page(COMPANIES),
    'GET /v1/maintenance-windows': ({ url }) => ({
      result_list: windows.filter((w) =>
        ['*', url.searchParams.get('company_code')].includes(w.company_code),
      ),
    }),
    'POST /v1/maintenance-windows': ({ body }) => saved(body),
    'PUT /v1/maintenance-windows': ({ body }) => saved(body),
    'DELETE /v1/maintenance-windows': () => ({ message: 'Deleted successfully' }),
    'POST /v1/cron/check': ({ body }) => ({
      valid: true,
      description: 'At 22:00, only on Saturday',
      time_zone: (body as CronCheckRequest).time_zone ?? 'Asia/Bangkok',
      next_fire_times: ['2026-12-12T15:00:00.000Z'],
    }),
    ...routes,
  });
}

async function showWindows(user = testUser()) {
  renderScreen(<MaintenanceConfig />, { route: '/maintenanceconfig', user });
  await screen.findByText('SAT-NIGHT');
}

const openNew = (user: UserEvent) => openDialog(user, 'New maintenance window', 'New maintenance window');

async function pick(user: UserEvent, dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label);
  await user.click(input);
  await user.type(input, `${value}{Enter}`);
}

async function save(user: UserEvent, dialog: HTMLElement) {
  await user.click(getButton('Save', dialog));
  expect(await screen.findByText('Data saved successfully')).toBeTruthy();
}

describe('MaintenanceConfig', { timeout: 60_000 }, () => {
  resetBetweenTests();
  // The console shows and takes times in the server's zone.
  beforeAll(() => setDisplayTimeZone('Asia/Bangkok'));

  it("lists the company's windows and every company's, each with its state now", async () => {
    const api = fakeMaintenanceServer();
    await showWindows();
    expect(api.calls('GET', '/v1/maintenance-windows')[0]?.url.searchParams.get('company_code')).toBe('ACME');
    const weekly = screen.getByText('SAT-NIGHT').closest('tr')!;
    expect(within(weekly).getByText('Active until 06-12-2026 06:00')).toBeTruthy();
    expect(within(weekly).getByText('Next start 12-12-2026 22:00')).toBeTruthy();
    expect(within(weekly).getByText('0 0 22 ? * SAT')).toBeTruthy();
    expect(weekly.textContent).toContain('each start, for 8 h · in Asia/Bangkok');
    const off = screen.getByText('DB-MOVE').closest('tr')!;
    expect(within(off).getByText('Switched off')).toBeTruthy();
    expect(off.textContent).toContain('05-12-2026 22:00 → 06-12-2026 06:00');
    expect(within(off).getByText('Next start 05-12-2026 22:00')).toBeTruthy();
    // A window of every company: an admin may only look at it.
    const everyone = screen.getByText('DC-POWER').closest('tr')!;
    expect(within(everyone).getByText('every company')).toBeTruthy();
    expect(within(everyone).getByText('No start left')).toBeTruthy();
    expect(getButton('View DC-POWER', everyone)).toBeTruthy();
    expect(within(everyone).queryByText('Delete')).toBeNull();
    await setupUser().click(getButton('View DC-POWER', everyone));
    const view = await findDialog('Maintenance window: DC-POWER');
    expect(
      within(view).getByText('A window of every company is changed by a super admin only.'),
    ).toBeTruthy();
    expect(within(view).queryByText('Save')).toBeNull();
  });

  it('sends a one-off window: its start and end as instants of the console’s zone', async () => {
    const user = setupUser();
    const api = fakeMaintenanceServer();
    await showWindows();
    const dialog = await openNew(user);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'YEAR-END' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: ' Year-end close ' } });
    await pick(user, dialog, 'Starts', '31/12/2026 22:00');
    await pick(user, dialog, 'Ends', '01/01/2027 06:30');
    await save(user, dialog);
    expect(api.calls('POST', '/v1/maintenance-windows').at(-1)?.body).toEqual({
      company_code: 'ACME',
      name: 'YEAR-END',
      description: 'Year-end close',
      enabled: true,
      schedule: { kind: 'once', from: '2026-12-31T22:00:00+07:00', to: '2027-01-01T06:30:00+07:00' },
    });
  });

  it('refuses a one-off window that ends before it starts, before asking the server', async () => {
    const user = setupUser();
    const api = fakeMaintenanceServer();
    await showWindows();
    const dialog = await openNew(user);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'BACKWARDS' } });
    await pick(user, dialog, 'Starts', '05/12/2026 22:00');
    await pick(user, dialog, 'Ends', '05/12/2026 21:00');
    await user.click(getButton('Save', dialog));
    expect(await within(dialog).findByText('The end must come after the start')).toBeTruthy();
    expect(api.calls('POST', '/v1/maintenance-windows')).toHaveLength(0);
  });

  it('sends a recurring window: the cron of its starts (checked in its zone), duration, zone; off', async () => {
    const user = setupUser();
    const api = fakeMaintenanceServer();
    await showWindows();
    const dialog = await openNew(user);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'SUN-BACKUP' } });
    await user.click(within(dialog).getByText('Recurring'));
    fireEvent.change(await within(dialog).findByLabelText('Start (cron expression)'), {
      target: { value: ' 0 0 1 ? * SUN ' },
    });
    const duration = within(dialog).getByLabelText('Duration');
    await user.clear(duration);
    await user.type(duration, '90');
    await user.type(
      within(dialog).getByRole('combobox', { name: 'Time zone of the expression' }),
      'Europe/Berl',
    );
    await user.click(await screen.findByTitle('Europe/Berlin'));
    await user.click(within(dialog).getByRole('switch', { name: 'Enabled' }));
    // The server's check of the expression, read in the window's zone.
    expect(await within(dialog).findByText('At 22:00, only on Saturday')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls('POST', '/v1/cron/check').map((call) => call.body)).toContainEqual(
        expect.objectContaining({ expression: '0 0 1 ? * SUN', time_zone: 'Europe/Berlin' }),
      ),
    );
    expect(within(dialog).getByText(/1 h 30 min/)).toBeTruthy();
    await save(user, dialog);
    expect(api.calls('POST', '/v1/maintenance-windows').at(-1)?.body).toEqual({
      company_code: 'ACME',
      name: 'SUN-BACKUP',
      description: '',
      enabled: false,
      schedule: { kind: 'recurring', cron: '0 0 1 ? * SUN', duration_minutes: 90, tz: 'Europe/Berlin' },
    });
  });

  it('edits a window with PUT (its name fixed), a zone left to the server not sent', async () => {
    const user = setupUser();
    const api = fakeMaintenanceServer();
    await showWindows();
    const dialog = await openDialog(user, 'Edit SAT-NIGHT', 'Edit maintenance window: SAT-NIGHT');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByLabelText('Start (cron expression)') as HTMLInputElement).value).toBe(
      '0 0 22 ? * SAT',
    );
    await chooseOption(user, dialog, 'Time zone of the expression', 'The server’s (Asia/Bangkok)');
    await save(user, dialog);
    expect(api.calls('PUT', '/v1/maintenance-windows').at(-1)?.body).toEqual({
      company_code: 'ACME',
      name: 'SAT-NIGHT',
      description: 'Weekly patching',
      enabled: true,
      schedule: { kind: 'recurring', cron: '0 0 22 ? * SAT', duration_minutes: 480 },
    });
  });

  it("keeps the editor open with the server's message when it refuses a window", async () => {
    const user = setupUser();
    const refusal = 'schedule.cron: Hours: 25 is out of range 0-23';
    fakeMaintenanceServer({
      'POST /v1/maintenance-windows': () =>
        jsonResponse({ message: refusal, code: 'MAINTENANCE_INVALID' }, 400),
    });
    await showWindows();
    const dialog = await openNew(user);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'BAD' } });
    await user.click(within(dialog).getByText('Recurring'));
    fireEvent.change(await within(dialog).findByLabelText('Start (cron expression)'), {
      target: { value: '0 0 25 * * ?' },
    });
    await user.click(getButton('Save', dialog));
    const error = await findDialog('Not successful');
    expect(within(error).getByText(refusal)).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
  });

  it('deletes after a confirmation naming the window and its company', async () => {
    const user = setupUser();
    const api = fakeMaintenanceServer();
    await showWindows();
    const confirm = await openDialog(user, 'Delete DB-MOVE', 'Delete data?');
    expect(confirm.textContent).toContain('Do you want to delete maintenance window DB-MOVE of ACME');
    await user.click(getButton('Yes', confirm));
    expect(await screen.findByText('Data deleted successfully')).toBeTruthy();
    const call = api.calls('DELETE', '/v1/maintenance-windows')[0];
    expect(call?.url.searchParams.get('company_code')).toBe('ACME');
    expect(call?.url.searchParams.get('name')).toBe('DB-MOVE');
  });

  it('lets a super_admin change the windows of every company and list them alone (company *)', async () => {
    const user = setupUser();
    const api = fakeMaintenanceServer();
    await showWindows(testUser({ role: 'super_admin' }));
    const everyone = screen.getByText('DC-POWER').closest('tr')!;
    expect(getButton('Edit DC-POWER', everyone)).toBeTruthy();
    await chooseOption(user, screen.getByRole('search'), 'Company', '* · Every company');
    await waitFor(() => expect(screen.queryByText('SAT-NIGHT')).toBeNull());
    expect(
      api.calls('GET', '/v1/maintenance-windows').map((c) => c.url.searchParams.get('company_code')),
    ).toContain('*');
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    fakeMaintenanceServer();
    await showWindows();
    const weekly = screen.getByText('SAT-NIGHT').closest('tr')!;
    expect(within(weekly).getByText('กำลังบำรุงรักษาถึง 06-12-2026 06:00')).toBeTruthy();
    expect(weekly.textContent).toContain('ทุกครั้งที่เริ่ม นาน 8 ชม.');
    expect(screen.getByText('ช่วงบำรุงรักษา')).toBeTruthy();
  });
});
