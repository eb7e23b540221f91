import type { Alert, AlertDeliveryResend } from '@lis/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { COMPANIES, fakeApi, page } from '../../testing/fake-api';
import { findDialog } from '../../testing/find-dialog';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { LocationProbe } from '../../testing/TestProviders';
import { testUser } from '../../testing/test-users';
import { getButton, setupUser } from '../../testing/user';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { AlertsScreen } from './AlertsScreen';
import { alertOf } from './testing/alert-fixtures';

/**
 * The Alerts screen opened from an alert's link (`/alerts?event=…`, issue 35) and *Resend* of a failed
 * delivery: the one alert with its deliveries shown, the way back to every alert, and an administrator
 * sending a delivery the receiver refused again.
 */
const HOOK_REFUSED = {
  channel: 'OPS-HOOK',
  attempt: 1,
  at: '2026-12-07T03:00:01.000Z',
  status: 400,
  outcome: 'failed' as const,
  error: 'HTTP 400',
  escalation: false,
};
/** Acknowledged already (not on the Open tab); its webhook refused it, its e-mail went. */
const REFUSED = alertOf({
  event_id: 'ev-refused',
  condition: 'RUN_ERROR',
  legacy_id: 'INV01',
  business_day: null,
  state: 'acknowledged',
  acknowledged_by: 'somchai',
  acknowledged_at: '2026-12-07T03:10:00.000Z',
  deliveries: [
    HOOK_REFUSED,
    {
      channel: 'OPS-MAIL',
      attempt: 1,
      at: '2026-12-07T03:00:02.000Z',
      status: null,
      outcome: 'delivered',
      error: null,
      escalation: false,
    },
  ],
  delivery_states: [
    { channel: 'OPS-HOOK', escalation: false, state: 'failed', attempts: 1 },
    { channel: 'OPS-MAIL', escalation: false, state: 'delivered', attempts: 1 },
  ],
});
const OTHER = alertOf({ event_id: 'ev-other', legacy_id: 'PAYROLL-IN' });

/** The alert routes over a list in memory: the event filter and the state filter as the server applies them. */
function serveAlerts(routes: Record<string, MockEndpoint> = {}) {
  const alerts: Alert[] = [OTHER, REFUSED];
  const api = fakeApi({
    'GET /v1/company_master': () => page(COMPANIES),
    'GET /v1/alerts': ({ url }) => {
      const state = url.searchParams.get('state');
      const event = url.searchParams.get('event_id');
      const rows = alerts.filter((a) => (!state || a.state === state) && (!event || a.event_id === event));
      return { result_list: rows, total_count: rows.length };
    },
    'POST /v1/alerts/deliveries/resend': ({ body }) => {
      const { event_id, channel } = body as AlertDeliveryResend;
      const index = alerts.findIndex((a) => a.event_id === event_id);
      const alert = alerts[index]!;
      alerts[index] = {
        ...alert,
        delivery_states: alert.delivery_states.map((d) =>
          d.channel === channel ? { ...d, state: 'pending' } : d,
        ),
      };
      return alerts[index];
    },
    ...routes,
  });
  return { alerts, api };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('the Alerts screen from an alert’s link, and Resend (issue 35)', { timeout: 60_000 }, () => {
  resetBetweenTests();
  beforeAll(() => setDisplayTimeZone('Asia/Bangkok'));

  it('opens on the one alert of ?event= with its deliveries shown, and Show all alerts leads back', async () => {
    const user = setupUser();
    const { api } = serveAlerts();
    renderScreen(
      <>
        <AlertsScreen />
        <LocationProbe />
      </>,
      { route: '/alerts?event=ev-refused', user: testUser({ role: 'user' }) },
    );
    const details = await screen.findByTestId('alert-details');
    // Asked by its event id alone: an acknowledged alert shows though the Open tab would not list it.
    expect(Object.fromEntries(api.calls('GET', '/v1/alerts')[0]?.url.searchParams ?? [])).toEqual({
      event_id: 'ev-refused',
      page: '1',
      page_size: '25',
    });
    expect(screen.getByTestId('alert-event-notice').textContent).toContain(
      'The alert of event ev-refused, with its deliveries',
    );
    expect(screen.queryByText('PAYROLL-IN')).toBeNull();
    expect(rowOf('INV01').textContent).toContain('Acknowledged');
    // The details sit open below the row, without a click: each attempt, the refusal's status.
    expect(
      within(details)
        .getAllByTestId('alert-delivery')
        .map((a) => a.textContent),
    ).toEqual([
      'OPS-HOOKAttempt 1 · 07-12-2026 10:00:01FailedHTTP 400',
      'OPS-MAILAttempt 1 · 07-12-2026 10:00:02Delivered',
    ]);
    // A user sees no Resend; no tabs nor filters while one alert is shown.
    expect(within(details).queryByRole('button', { name: /^Resend/ })).toBeNull();
    expect(screen.queryByTestId('alerts-tabs')).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();

    await user.click(getButton('Show all alerts'));
    await screen.findByText('PAYROLL-IN');
    expect(screen.getByTestId('location').textContent).toBe('/alerts');
    expect(Object.fromEntries(api.calls('GET', '/v1/alerts').at(-1)?.url.searchParams ?? [])).toEqual({
      state: 'open',
      page: '1',
      page_size: '25',
    });
    expect(screen.getByTestId('alerts-tabs')).toBeTruthy();
    expect(screen.queryByTestId('alert-details')).toBeNull();
    expect(screen.queryByTestId('alert-event-notice')).toBeNull();
  });

  it('says so when the event is not among the alerts of the user’s companies', async () => {
    const user = setupUser();
    serveAlerts();
    renderScreen(<AlertsScreen />, { route: '/alerts?event=ev-of-another-company' });
    const notice = await screen.findByTestId('alert-event-notice');
    await waitFor(() =>
      expect(notice.textContent).toContain(
        'No alert of event ev-of-another-company among the alerts of your companies',
      ),
    );
    expect(screen.getByText('No alerts')).toBeTruthy();
    await user.click(getButton('Show all alerts'));
    expect(await screen.findByText('PAYROLL-IN')).toBeTruthy();
  });

  it('lets an administrator send a failed delivery again, then shows it sending again', async () => {
    const user = setupUser();
    const { api } = serveAlerts();
    renderScreen(<AlertsScreen />, { route: '/alerts?event=ev-refused' });
    const details = await screen.findByTestId('alert-details');
    const lists = api.calls('GET', '/v1/alerts').length;
    // Only the failed delivery offers it, beside its last attempt.
    expect(within(details).queryByRole('button', { name: 'Resend to OPS-MAIL' })).toBeNull();
    await user.click(getButton('Resend to OPS-HOOK', details));
    expect(await screen.findByText('Sending again to OPS-HOOK')).toBeTruthy();
    expect(api.calls('POST', '/v1/alerts/deliveries/resend').map((call) => call.body)).toEqual([
      { company_code: 'ACME', event_id: 'ev-refused', channel: 'OPS-HOOK', escalation: false },
    ]);
    await waitFor(() => expect(api.calls('GET', '/v1/alerts').length).toBeGreaterThan(lists));
    const refreshed = screen.getByTestId('alert-details');
    await waitFor(() => expect(within(refreshed).getByText('Sending again')).toBeTruthy());
    expect(within(refreshed).queryByRole('button', { name: /^Resend/ })).toBeNull();
  });

  it('offers Resend in the deliveries popover of the list too, and shows the server’s refusal', async () => {
    const user = setupUser();
    serveAlerts({
      'POST /v1/alerts/deliveries/resend': () =>
        jsonResponse(
          {
            message: 'The delivery of alert ev-refused to channel OPS-HOOK is pending',
            code: 'ALERT_DELIVERY_NOT_FAILED',
          },
          409,
        ),
    });
    renderScreen(<AlertsScreen />, { route: '/alerts' });
    await screen.findByText('PAYROLL-IN');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await screen.findByText('INV01');
    const button = getButton('Deliveries: 2', rowOf('INV01'));
    expect(button.className).toContain('ant-btn-dangerous');
    await user.click(button);
    const popover = await screen.findByTestId('alert-deliveries');
    await user.click(getButton('Resend to OPS-HOOK', popover));
    const error = await findDialog('Not successful');
    expect(
      within(error).getByText('The delivery of alert ev-refused to channel OPS-HOOK is pending'),
    ).toBeTruthy();
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    serveAlerts();
    renderScreen(<AlertsScreen />, { route: '/alerts?event=ev-refused' });
    const details = await screen.findByTestId('alert-details');
    expect(screen.getByTestId('alert-event-notice').textContent).toContain(
      'การแจ้งเตือนของเหตุการณ์ ev-refused พร้อมการส่ง',
    );
    expect(getButton('แสดงการแจ้งเตือนทั้งหมด')).toBeTruthy();
    expect(getButton('ส่งอีกครั้งถึง OPS-HOOK', details).textContent).toContain('ส่งอีกครั้ง');
  });
});
