import type { QuartzRow, RoleCode } from '@lis/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext, SIGNED_OUT_USER } from '../../platform/auth/current-user-context';
import { I18nProvider } from '../../platform/i18n/I18nProvider';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { QuartzMonitor } from './QuartzMonitor';

function row(overrides: Partial<QuartzRow>): QuartzRow {
  return {
    legacy_name: 'Invoice Import',
    jobGroup: '555|C1',
    jobName: 'INV001',
    previous_fire: '20-11-2026 10:15:00',
    next_fire: '21-11-2026 10:15:00',
    is_completed: false,
    trigger_id: 'job|C1|INV001|0',
    owner_kind: 'job',
    expression: '0 15 10 * * ?',
    state: 'WAITING',
    paused_by: null,
    ...overrides,
  };
}

const ROWS = [
  row({}),
  row({
    legacy_name: 'Payroll Export',
    jobGroup: '555|HR2',
    jobName: 'PAY-7',
    previous_fire: '',
    next_fire: '01-12-2026 00:00:00',
    trigger_id: 'job|HR2|PAY-7|0',
  }),
  row({
    legacy_name: 'Old Archive',
    jobName: 'OLD',
    next_fire: '',
    is_completed: true,
    state: 'COMPLETE',
    trigger_id: 'job|C1|OLD|0',
  }),
];

function renderScreen(role: RoleCode | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntApp>
            <CurrentUserContext.Provider value={{ ...SIGNED_OUT_USER, username: 'u', role, found: true }}>
              <QuartzMonitor />
            </CurrentUserContext.Provider>
          </AntApp>
        </ConfigProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

async function findDialog(title: string): Promise<HTMLElement> {
  const [match] = await screen.findAllByText(title);
  const dialog = match?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

const bodyRows = () =>
  screen.getAllByRole('row').filter((r) => r.closest('tbody') && !r.getAttribute('aria-hidden'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Quartz Monitor screen', { timeout: 20_000 }, () => {
  it('shows every column of the triggers and filters them as the user types', async () => {
    mockFetch({ 'GET /v1/lis-server/quartz': () => ({ result_list: ROWS, total_count: ROWS.length }) });
    const user = userEvent.setup();
    renderScreen('user');
    expect(await screen.findByText('Invoice Import')).toBeTruthy();
    expect(screen.getByText('Payroll Export')).toBeTruthy();
    expect(screen.getByText('HR2')).toBeTruthy();
    expect(screen.getByText('PAY-7')).toBeTruthy();
    expect(screen.getAllByText('20-11-2026 10:15:00')).toHaveLength(2);
    expect(screen.getByText('01-12-2026 00:00:00')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    for (const header of ['Legacy Name', 'Company Code', 'Legacy ID', 'Last Fire', 'Next Fire', 'Completed'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText('Legacy Name'), 'payroll');
    await waitFor(() => expect(screen.queryByText('Invoice Import')).toBeNull());
    expect(screen.getByText('Payroll Export')).toBeTruthy();
    await user.clear(screen.getByLabelText('Legacy Name'));
    await user.type(screen.getByLabelText('Company Code'), 'c1');
    await waitFor(() => expect(screen.queryByText('Payroll Export')).toBeNull());
    expect(screen.getByText('Old Archive')).toBeTruthy();
  });

  it('tags a trigger whose job is suspended or switched off, and a stopped one, in English and Thai (issue 17)', async () => {
    const tagged = [
      row({ jobName: 'SUSP', trigger_id: 'job|C1|SUSP|0', suspended: true, inactive: false }),
      row({ jobName: 'OFF', trigger_id: 'job|C1|OFF|0', suspended: false, inactive: true }),
      row({ jobName: 'PAUSED', trigger_id: 'job|C1|PAUSED|0', state: 'PAUSED', paused_by: 'somchai' }),
      row({ jobName: 'FINE', trigger_id: 'job|C1|FINE|0', suspended: false, inactive: false }),
    ];
    mockFetch({ 'GET /v1/lis-server/quartz': () => ({ result_list: tagged, total_count: tagged.length }) });
    renderScreen('user');
    const rowOf = async (id: string) =>
      (await screen.findByText(id, { selector: 'td .lis-id-text' })).closest('tr') as HTMLElement;
    expect(within(await rowOf('SUSP')).getByText('Job suspended')).toBeTruthy();
    expect(within(await rowOf('OFF')).getByText('Job off')).toBeTruthy();
    expect(within(await rowOf('PAUSED')).getByText('Stopped')).toBeTruthy();
    const fine = await rowOf('FINE');
    expect(within(fine).queryByText('Job suspended')).toBeNull();
    expect(within(fine).queryByText('Job off')).toBeNull();
    expect(within(fine).queryByText('Stopped')).toBeNull();
    cleanup();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    renderScreen('user');
    expect(within(await rowOf('SUSP')).getByText('งานถูกระงับ')).toBeTruthy();
    expect(within(await rowOf('OFF')).getByText('งานปิดอยู่')).toBeTruthy();
  });

  it("shows a trigger's calendar with its rule, and the company's maintenance window holding now (issue 34)", async () => {
    // 03:00 on 6 December 2026 in Bangkok, the console's zone: only the clock is faked, not the timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T20:00:00Z'));
    setDisplayTimeZone('Asia/Bangkok');
    const rows = [
      row({
        jobName: 'BANKDAY',
        trigger_id: 'job|C1|BANKDAY|0',
        calendar: 'TH-BANK',
        calendar_company: 'C1',
        calendar_rule: 'nth=3',
        maintenance_until: '2026-12-05T23:00:00.000Z',
      }),
      row({
        jobName: 'SHIFTED',
        trigger_id: 'job|C1|SHIFTED|0',
        calendar: 'WEEKEND',
        calendar_company: '*',
        calendar_rule: 'shift=previous',
        maintenance_until: '2026-12-07T23:00:00.000Z',
      }),
      row({ jobName: 'PLAIN', trigger_id: 'job|C1|PLAIN|0' }),
    ];
    mockFetch({ 'GET /v1/lis-server/quartz': () => ({ result_list: rows, total_count: rows.length }) });
    try {
      renderScreen('user');
      const rowOf = async (id: string) =>
        (await screen.findByText(id, { selector: 'td .lis-id-text' })).closest('tr') as HTMLElement;
      const bankDay = await rowOf('BANKDAY');
      expect(within(bankDay).getByTestId('quartz-calendar').textContent).toContain('TH-BANK');
      expect(within(bankDay).getByTestId('quartz-calendar-rule').textContent).toBe(
        '3rd business day of the month',
      );
      expect(within(bankDay).getByTestId('maintenance-until').textContent).toBe('In maintenance until 06:00');
      const shifted = await rowOf('SHIFTED');
      expect(within(shifted).getByTestId('quartz-calendar').textContent).toContain('WEEKEND (shared)');
      expect(within(shifted).getByText('If excluded: previous business day')).toBeTruthy();
      expect(within(shifted).getByTestId('maintenance-until').textContent).toBe(
        'In maintenance until 08-12-2026 06:00',
      );
      const plain = await rowOf('PLAIN');
      expect(within(plain).queryByTestId('quartz-calendar')).toBeNull();
      expect(within(plain).queryByTestId('maintenance-until')).toBeNull();

      cleanup();
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
      renderScreen('user');
      const thai = await rowOf('BANKDAY');
      expect(within(thai).getByText('วันทำการที่ 3 ของเดือน')).toBeTruthy();
      expect(within(thai).getByTestId('maintenance-until').textContent).toBe('อยู่ในช่วงบำรุงรักษาถึง 06:00');
    } finally {
      vi.useRealTimers();
    }
  });

  it('hides the stop button from a user', async () => {
    mockFetch({ 'GET /v1/lis-server/quartz': () => ({ result_list: ROWS, total_count: 3 }) });
    renderScreen('user');
    expect(await screen.findByText('Invoice Import')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Stop/ })).toBeNull();
  });

  it('lets an admin stop a trigger after confirming, then reloads the list', async () => {
    let paused = false;
    const fetchMock = mockFetch({
      'GET /v1/lis-server/quartz': () => ({
        result_list: ROWS.map((r) =>
          paused && r.trigger_id === 'job|C1|INV001|0' ? { ...r, state: 'PAUSED', paused_by: 'boss' } : r,
        ),
        total_count: 3,
      }),
      'POST /v1/lis-server/quartz/pause': () => {
        paused = true;
        return { message: 'Trigger is stopped', state: 'PAUSED', next_fire: '21-11-2026 10:15:00' };
      },
    });
    const user = userEvent.setup();
    renderScreen('admin');
    expect(await screen.findByText('Invoice Import')).toBeTruthy();
    // A completed trigger has no button: two of three rows.
    const stops = screen.getAllByRole('button', { name: /Stop/ });
    expect(stops).toHaveLength(2);
    const invoiceRow = bodyRows().find((r) => within(r).queryByText('INV001'));
    await user.click(within(invoiceRow as HTMLElement).getByRole('button', { name: /Stop/ }));
    const dialog = await findDialog('Stop this trigger?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => {
      const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({
        trigger_id: 'job|C1|INV001|0',
        company_code: 'C1',
      });
    });
    expect(await screen.findByRole('button', { name: /Resume/ })).toBeTruthy();
    expect(screen.getByText('Stopped')).toBeTruthy();
    const gets = fetchMock.mock.calls.filter(([input]) => String(input).includes('/v1/lis-server/quartz?'));
    expect(gets.length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's message when the stop is refused", async () => {
    mockFetch({
      'GET /v1/lis-server/quartz': () => ({ result_list: [ROWS[0]], total_count: 1 }),
      'POST /v1/lis-server/quartz/pause': () =>
        jsonResponse({ message: 'You have no access to company C1' }, 403),
    });
    const user = userEvent.setup();
    renderScreen('super_admin');
    await user.click(await screen.findByRole('button', { name: /Stop/ }));
    await user.click(within(await findDialog('Stop this trigger?')).getByRole('button', { name: 'Yes' }));
    const error = await findDialog('Error');
    expect(within(error).getByText('You have no access to company C1')).toBeTruthy();
  });

  it("says 'No Data...' and shows the error when the list fails, in Thai too", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockFetch({ 'GET /v1/lis-server/quartz': () => jsonResponse({ message: 'ระบบขัดข้อง' }, 500) });
    renderScreen('user');
    expect(await screen.findByText('ไม่พบข้อมูล...')).toBeTruthy();
    expect(await screen.findByText('ระบบขัดข้อง')).toBeTruthy();
    expect(screen.getAllByText('ทำงานครั้งถัดไป').length).toBeGreaterThan(0);
  });
});
