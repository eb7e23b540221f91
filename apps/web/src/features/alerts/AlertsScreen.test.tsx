import type { AlertAcknowledge } from '@lis/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { COMPANIES, fakeApi, page } from '../../testing/fake-api';
import { findDialog } from '../../testing/find-dialog';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { chooseOption, renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { testUser } from '../../testing/test-users';
import { getButton, setupUser } from '../../testing/user';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { AlertsScreen } from './AlertsScreen';
import { alertOf } from './testing/alert-fixtures';

/** Files did not come by 10:00; the webhook answered 500, then 200; the escalation went by e-mail. */
const MISSING = alertOf({
  event_id: 'ev-missing',
  deliveries: [
    {
      channel: 'OPS-HOOK',
      attempt: 1,
      at: '2026-12-07T03:00:01.000Z',
      status: 500,
      outcome: 'retrying',
      error: 'Internal Server Error',
      escalation: false,
    },
    {
      channel: 'OPS-HOOK',
      attempt: 2,
      at: '2026-12-07T03:00:07.000Z',
      status: 200,
      outcome: 'delivered',
      error: null,
      escalation: false,
    },
    {
      channel: 'OPS-MAIL',
      attempt: 1,
      at: '2026-12-07T03:30:00.000Z',
      status: null,
      outcome: 'delivered',
      error: null,
      escalation: true,
    },
  ],
  delivery_states: [
    { channel: 'OPS-HOOK', escalation: false, state: 'delivered', attempts: 2 },
    { channel: 'OPS-MAIL', escalation: true, state: 'delivered', attempts: 1 },
  ],
  escalated_at: '2026-12-07T03:30:00.000Z',
});
const FAILED_RUN = alertOf({
  event_id: 'ev-error',
  condition: 'RUN_ERROR',
  legacy_id: 'INV01',
  job_instance_no: 'ACME-INV01-20261207090000',
  business_day: null,
});
const DONE = alertOf({
  event_id: 'ev-ack',
  condition: 'LATE',
  state: 'acknowledged',
  acknowledged_by: 'somchai',
  acknowledged_at: '2026-12-07T02:45:00.000Z',
  comment: 'Partner called: sending at 11:00',
});

/** The alert routes over a list in memory (filtered by state as the server does). */
function serveAlerts(routes: Record<string, MockEndpoint> = {}) {
  const alerts = [MISSING, FAILED_RUN, DONE];
  return fakeApi({
    'GET /v1/company_master': () => page(COMPANIES),
    'GET /v1/alerts': ({ url }) => {
      const state = url.searchParams.get('state');
      const rows = alerts.filter((a) => !state || a.state === state);
      return { result_list: rows, total_count: rows.length };
    },
    'POST /v1/alerts/acknowledge': ({ body }) => {
      const { event_id, comment } = body as AlertAcknowledge;
      const index = alerts.findIndex((a) => a.event_id === event_id);
      alerts[index] = { ...alerts[index]!, state: 'acknowledged', acknowledged_by: 'op', comment };
      return alerts[index];
    },
    ...routes,
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

async function showAlerts() {
  renderScreen(<AlertsScreen />, { route: '/alerts', user: testUser({ role: 'user' }) });
  await screen.findByText('PAYROLL-IN');
}

describe('the Alerts screen (issue 35)', { timeout: 60_000 }, () => {
  resetBetweenTests();
  beforeAll(() => setDisplayTimeZone('Asia/Bangkok'));

  it('lists the open alerts: condition in its colour, job, day, state, deliveries; a run links to Monitor Detail', async () => {
    const api = serveAlerts();
    await showAlerts();
    const [list] = api.calls('GET', '/v1/alerts');
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toEqual({
      state: 'open',
      page: '1',
      page_size: '25',
    });
    const missing = rowOf('PAYROLL-IN');
    const tag = within(missing).getByText('Files missing');
    expect(tag.closest('[data-condition]')?.getAttribute('data-condition')).toBe('MISSING');
    expect(tag.closest('.ant-tag')?.className).toContain('ant-tag-red');
    expect(missing.textContent).toContain('07-12-2026 10:00:00');
    expect(missing.textContent).toContain('07-12-2026');
    expect(within(missing).getByText('Open')).toBeTruthy();
    expect(missing.textContent).toContain('Escalated 07-12-2026 10:30:00');
    // No run behind a missing file: no link; a failed run opens its Monitor Detail in a new tab.
    expect(within(missing).queryByRole('link')).toBeNull();
    const link = within(rowOf('INV01')).getByRole('link', {
      name: 'Open Monitor Detail of run ACME-INV01-20261207090000',
    });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(href.pathname).toBe('/legacydetail');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      company_code: 'ACME',
      legacy_id: 'INV01',
      job_no: 'ACME-INV01-20261207090000',
    });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(rowOf('INV01')).getByText('Run error').closest('.ant-tag')?.className).toContain(
      'ant-tag-red',
    );
    // The acknowledged one is on its own tab.
    expect(screen.queryByText('Partner called: sending at 11:00')).toBeNull();
  });

  it('names the server of a SERVER_UNREACHABLE alert where a job would be', async () => {
    const down = alertOf({
      event_id: 'ev-server',
      condition: 'SERVER_UNREACHABLE',
      legacy_id: null,
      business_day: null,
      server: { kind: 'sftp', server_id: 'SFTP01' },
    });
    serveAlerts({ 'GET /v1/alerts': () => ({ result_list: [down], total_count: 1 }) });
    renderScreen(<AlertsScreen />, { route: '/alerts', user: testUser({ role: 'user' }) });
    const row = (await screen.findByText('SFTP01')).closest('tr')!;
    expect(within(row).getByText('sFTP server')).toBeTruthy();
    expect(within(row).getByText('Server unreachable')).toBeTruthy();
  });

  it('lists each delivery attempt in a popover: channel, time, outcome, status or error, escalation', async () => {
    const user = setupUser();
    serveAlerts();
    await showAlerts();
    await user.click(getButton('Deliveries: 3', rowOf('PAYROLL-IN')));
    const popover = await screen.findByTestId('alert-deliveries');
    const attempts = within(popover).getAllByTestId('alert-delivery');
    expect(attempts.map((a) => a.textContent)).toEqual([
      'OPS-HOOKAttempt 1 · 07-12-2026 10:00:01RetryingHTTP 500 · Internal Server Error',
      'OPS-HOOKAttempt 2 · 07-12-2026 10:00:07DeliveredHTTP 200',
      'OPS-MAILAttempt 1 · 07-12-2026 10:30:00DeliveredEscalation',
    ]);
  });

  it('acknowledges an alert with the comment typed, then reloads the list', async () => {
    const user = setupUser();
    const api = serveAlerts();
    await showAlerts();
    await user.click(getButton('Acknowledge ev-missing'));
    const dialog = await findDialog('Acknowledge the alert');
    expect(within(dialog).getByText('Files missing')).toBeTruthy();
    expect(dialog.textContent).toContain('ACME · PAYROLL-IN · 2026-12-07');
    await user.type(within(dialog).getByLabelText('Comment'), '  Asked the partner to resend  ');
    const lists = api.calls('GET', '/v1/alerts').length;
    await user.click(getButton('Acknowledge', dialog));
    expect(await screen.findByText('Alert acknowledged')).toBeTruthy();
    expect(api.calls('POST', '/v1/alerts/acknowledge').map((call) => call.body)).toEqual([
      { event_id: 'ev-missing', comment: 'Asked the partner to resend' },
    ]);
    await waitFor(() => expect(api.calls('GET', '/v1/alerts').length).toBeGreaterThan(lists));
    await waitFor(() => expect(screen.queryByText('PAYROLL-IN')).toBeNull());
  });

  it("keeps the dialog open with the server's refusal (another operator was first)", async () => {
    const user = setupUser();
    serveAlerts({
      'POST /v1/alerts/acknowledge': () =>
        jsonResponse({ message: 'The alert is acknowledged already', code: 'ALERT_NOT_OPEN' }, 409),
    });
    await showAlerts();
    await user.click(getButton('Acknowledge ev-missing'));
    const dialog = await findDialog('Acknowledge the alert');
    await user.click(getButton('Acknowledge', dialog));
    const error = await findDialog('Not successful');
    expect(within(error).getByText('The alert is acknowledged already')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
  });

  it('shows the acknowledged ones (who, when, comment) and the whole history on their tabs', async () => {
    const user = setupUser();
    const api = serveAlerts();
    await showAlerts();
    await user.click(screen.getByRole('tab', { name: 'Acknowledged' }));
    const done = (await screen.findByText('“Partner called: sending at 11:00”')).closest('tr')!;
    expect(done.textContent).toContain('by somchai, 07-12-2026 09:45:00');
    expect(within(done).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(api.calls('GET', '/v1/alerts').at(-1)?.url.searchParams.get('state')).toBe('acknowledged');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    // Open and acknowledged alike (both of PAYROLL-IN).
    await waitFor(() => expect(screen.getAllByText('PAYROLL-IN')).toHaveLength(2));
    expect(api.calls('GET', '/v1/alerts').at(-1)?.url.searchParams.has('state')).toBe(false);
  });

  it('filters by company, condition, job and the days raised (in the server’s zone)', async () => {
    const user = setupUser();
    const api = serveAlerts({
      'GET /v1/config/job-config': () => page([]),
    });
    await showAlerts();
    const search = screen.getByRole('search');
    await chooseOption(user, search, 'Company', 'ACME · Acme Trading');
    await chooseOption(user, search, 'Condition', 'Files missing');
    await user.type(within(search).getByRole('combobox', { name: 'Job (Legacy ID)' }), 'PAYROLL-IN');
    const [from, to] = within(search).getAllByPlaceholderText('dd/mm/yyyy');
    await user.click(from!);
    await user.type(from!, '07/12/2026{Enter}');
    await user.type(to!, '08/12/2026{Enter}');
    await user.click(screen.getByTestId('alerts-search'));
    await waitFor(() =>
      expect(Object.fromEntries(api.calls('GET', '/v1/alerts').at(-1)?.url.searchParams ?? [])).toEqual({
        state: 'open',
        company_code: 'ACME',
        condition: 'MISSING',
        legacy_id: 'PAYROLL-IN',
        from: '2026-12-07T00:00:00+07:00',
        to: '2026-12-09T00:00:00+07:00',
        page: '1',
        page_size: '25',
      }),
    );
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    serveAlerts();
    await showAlerts();
    expect(screen.getByText('การแจ้งเตือน')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'รับทราบแล้ว' })).toBeTruthy();
    expect(within(rowOf('PAYROLL-IN')).getByText('ไฟล์ไม่มาตามกำหนด')).toBeTruthy();
    expect(getButton('รับทราบ ev-missing')).toBeTruthy();
  });
});
