import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { formatReportTime } from '../monitoring/report-rows';
import {
  buildReportRow,
  eventStream,
  findDialog,
  renderReport,
  reportRows,
  rowOf,
} from './legacy-report-testing';
import { RUN_EVENTS_DEBOUNCE_MS } from '../monitoring/useRunEvents';
import { errorsFirstStorageKey } from './useErrorsFirst';

const ROWS = [
  buildReportRow({ legacyid: 'OLD', isactive: 'Y', job_started_on: '2026-11-19T08:00:00.000Z' }),
  buildReportRow({
    legacyid: 'NEW-ERR',
    legacyname: 'Payroll Export',
    companycode: 'HR2',
    status: 'ERROR',
    step3_status: 'ERROR',
    job_started_on: '2026-11-20T09:00:00.000Z',
  }),
  buildReportRow({ legacyid: 'IDLE', isactive: 'N', job_started_on: '2026-11-20T12:00:00.000Z' }),
  buildReportRow({ legacyid: 'SUSP', hassuspend: 'Y', status: 'WARNING', job_started_on: '' }),
  buildReportRow({ legacyid: 'PALE', isactive: 'N', hassuspend: 'Y', job_started_on: '' }),
  buildReportRow({ legacyid: 'WARN', status: 'WARNING', job_started_on: '2026-11-18T00:00:00.000Z' }),
  buildReportRow({
    legacyid: 'RUN',
    status: 'RUNNING',
    step2_status: 'RUNNING',
    job_started_on: '2026-11-17T00:00:00.000Z',
  }),
];

/** The row menu's button carries the legacy id as its title (the path buttons before it have titles too). */
const legacyIds = () =>
  reportRows().map((row) => row.querySelector('.legacy-report-menu-button[title]')?.getAttribute('title'));

const tableHeader = () => document.querySelector<HTMLElement>('.ant-table-thead') ?? document.body;

let events = eventStream();
function mockReport(rows = ROWS) {
  events = eventStream();
  return mockFetch({
    'GET /v1/legacy/report': () => ({ result_list: rows, total_count: rows.length }),
    'GET /v1/events': () => events.respond(),
  });
}
const reportCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/v1/legacy/report')).length;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Legacy report screen', { timeout: 60_000 }, () => {
  it('shows the columns, active jobs first then the newest start, and a class per row kind', async () => {
    mockReport();
    renderReport();
    expect(await screen.findByText('Payroll Export')).toBeTruthy();
    // Always shown: the job, its latest status, the steps as badges and the next fire.
    for (const header of ['Legacy ID', 'Legacy Name', 'Status (latest)', 'Steps', 'Next Fire'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    const badges = [...rowOf('NEW-ERR').querySelectorAll('.step-status-badge')];
    expect(badges.map((badge) => badge.getAttribute('title')?.split('\n')[0])).toEqual([
      'Load Files Status: SUCCESS',
      'Call Function Status: SUCCESS',
      'Return Files Status: ERROR',
      'Function Status: SUCCESS',
      'Conversion Status: not run',
      'Send Email Status: SUCCESS',
    ]);
    expect(badges[2]?.className).toContain('step-status-badge-error');
    // The spec's other columns are a choice away, and the choice is kept.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Columns/ }));
    for (const column of ['Company Code', 'Job Instanceno', 'Legacy Type', 'Job Start']) {
      const box = screen.getByRole('checkbox', { name: column });
      if (!(box as HTMLInputElement).checked) await user.click(box);
    }
    expect(JSON.parse(localStorage.getItem('LIS_REPORT_COLUMNS_monitoring') ?? '[]')).toEqual(
      expect.arrayContaining(['company', 'jobno', 'type', 'start']),
    );
    for (const header of ['Company Code', 'Job Instanceno', 'Legacy Type', 'Job Start'])
      expect(within(tableHeader()).getAllByText(header).length).toBeGreaterThan(0);
    expect(screen.getAllByText(formatReportTime('2026-11-20T09:00:00.000Z')).length).toBeGreaterThan(0);
    expect(formatReportTime('2026-11-20T09:00:00.000Z')).toMatch(/^20-11-2026 \d\d:00:00$/);

    expect(legacyIds()).toEqual(['NEW-ERR', 'OLD', 'WARN', 'RUN', 'SUSP', 'IDLE', 'PALE']);
    expect(rowOf('OLD').className).toContain('legacy-report-row-success');
    expect(rowOf('NEW-ERR').className).toContain('legacy-report-row-error');
    expect(rowOf('WARN').className).toContain('legacy-report-row-warning');
    expect(rowOf('SUSP').className).toContain('legacy-report-row-suspended');
    expect(rowOf('PALE').className).toContain('legacy-report-row-inactive-suspended');
    expect(rowOf('RUN').className).toContain('legacy-report-row-plain');
    expect(screen.getByText('7 of 7 jobs')).toBeTruthy();
  });

  it('filters on Search: text parts ignoring case, and the ticked states as a union', async () => {
    mockReport();
    const user = userEvent.setup();
    renderReport();
    await screen.findByText('Payroll Export');
    await user.type(screen.getByLabelText('Company Code'), 'hr');
    expect(reportRows()).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(legacyIds()).toEqual(['NEW-ERR']));
    await user.clear(screen.getByLabelText('Company Code'));
    await user.type(screen.getByLabelText('Legacy ID'), 'i');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(legacyIds()).toEqual(['IDLE']));
    await user.clear(screen.getByLabelText('Legacy ID'));

    await user.click(screen.getByRole('checkbox', { name: 'SUSPEND' }));
    await user.click(screen.getByRole('checkbox', { name: 'ERROR' }));
    await user.click(screen.getByRole('button', { name: /Search/ }));
    // ERROR is any of steps 1–4 in ERROR; SUSPEND is hassuspend Y.
    await waitFor(() => expect(legacyIds()).toEqual(['NEW-ERR', 'SUSP', 'PALE']));
    await user.click(screen.getByRole('checkbox', { name: 'SUSPEND' }));
    await user.click(screen.getByRole('checkbox', { name: 'ERROR' }));
    await user.click(screen.getByRole('checkbox', { name: 'RUNNING' }));
    await user.click(screen.getByRole('checkbox', { name: 'WARNING' }));
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(legacyIds()).toEqual(['WARN', 'RUN', 'SUSP']));
    await user.click(screen.getByRole('checkbox', { name: 'ACTIVE' }));
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(legacyIds()).toEqual(['NEW-ERR', 'OLD', 'WARN', 'RUN', 'SUSP']));
    expect(screen.getByText('5 of 7 jobs')).toBeTruthy();
  });

  it('counts the jobs in ERROR, suspended, WARNING and RUNNING; a count narrows the list; errors first', async () => {
    mockReport();
    const user = userEvent.setup();
    renderReport('user', 'monitoring', { errorsFirst: 'unset' });
    await screen.findByText('Payroll Export');
    const count = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
    expect(count('Error').textContent).toBe('Error1');
    expect(count('Suspended').textContent).toBe('Suspended2');
    expect(count('Warning').textContent).toBe('Warning2');
    expect(count('Running').textContent).toBe('Running1');

    await user.click(count('Warning'));
    expect(count('Warning').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(legacyIds()).toEqual(['SUSP', 'WARN']));
    expect(screen.getByText('2 of 7 jobs')).toBeTruthy();
    await user.click(count('Warning'));
    await waitFor(() => expect(legacyIds()).toHaveLength(7));

    // Errors first is on by default (LIS issue 31): the jobs that need a look on top; off, the spec's order.
    const errorsFirst = () => screen.getByRole('switch', { name: 'Errors first' });
    expect(errorsFirst().getAttribute('aria-checked')).toBe('true');
    expect(legacyIds()).toEqual(['NEW-ERR', 'SUSP', 'PALE', 'WARN', 'RUN', 'OLD', 'IDLE']);
    await user.click(errorsFirst());
    await waitFor(() =>
      expect(legacyIds()).toEqual(['NEW-ERR', 'OLD', 'WARN', 'RUN', 'SUSP', 'IDLE', 'PALE']),
    );

    // Remembered per user across a reload: this user finds it off; another user of the browser, on.
    cleanup();
    renderReport('user', 'monitoring', { errorsFirst: 'unset' });
    await screen.findByText('Payroll Export');
    expect(errorsFirst().getAttribute('aria-checked')).toBe('false');
    expect(legacyIds()).toEqual(['NEW-ERR', 'OLD', 'WARN', 'RUN', 'SUSP', 'IDLE', 'PALE']);
    cleanup();
    renderReport('user', 'monitoring', { username: 'someone-else', errorsFirst: 'unset' });
    await screen.findByText('Payroll Export');
    expect(errorsFirst().getAttribute('aria-checked')).toBe('true');
    await user.click(errorsFirst());
    await user.click(errorsFirst());
    expect(localStorage.getItem(errorsFirstStorageKey('someone-else'))).toBe('true');
    expect(localStorage.getItem(errorsFirstStorageKey('u'))).toBe('false');
  }, 120_000);

  it('opens the full message of a job in a modal', async () => {
    const long = `Step 3 failed: ${'x'.repeat(300)} end of message`;
    mockReport([buildReportRow({ legacyid: 'MSG', message: long })]);
    const user = userEvent.setup();
    renderReport();
    await user.click(await screen.findByRole('button', { name: 'Message of MSG' }));
    const dialog = await findDialog('Message of MSG');
    expect(within(dialog).getByText(long)).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refreshes every 30 s by default, follows the interval and the switch, holds on a row focus', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = mockReport();
    const user = userEvent.setup();
    renderReport();
    await screen.findByText('Payroll Export');
    expect(reportCalls(fetchMock)).toBe(1);
    vi.advanceTimersByTime(29_000);
    expect(reportCalls(fetchMock)).toBe(1);
    vi.advanceTimersByTime(1_000);
    await waitFor(() => expect(reportCalls(fetchMock)).toBe(2));

    await user.click(screen.getByRole('combobox', { name: 'Auto Refresh' }));
    await user.click(await screen.findByText('10 s'));
    vi.advanceTimersByTime(10_000);
    await waitFor(() => expect(reportCalls(fetchMock)).toBe(3));

    // Focusing a row control holds the timer; Refresh reloads and restarts it.
    within(rowOf('OLD')).getByRole('button', { name: /^OLD/ }).focus();
    expect(await screen.findByText(/Auto refresh paused/)).toBeTruthy();
    // Held: the switch says OFF (issue 17), not ON.
    const toggle = screen.getByRole('switch', { name: 'Auto Refresh' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    vi.advanceTimersByTime(60_000);
    expect(reportCalls(fetchMock)).toBe(3);
    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(reportCalls(fetchMock)).toBe(4));
    expect(screen.queryByText(/Auto refresh paused/)).toBeNull();
    vi.advanceTimersByTime(10_000);
    await waitFor(() => expect(reportCalls(fetchMock)).toBe(5));

    await user.click(screen.getByRole('switch', { name: 'Auto Refresh' }));
    vi.advanceTimersByTime(120_000);
    expect(reportCalls(fetchMock)).toBe(5);

    // Held again, then switched on: the hold is released and the timer runs.
    await user.click(toggle);
    within(rowOf('OLD')).getByRole('button', { name: /^OLD/ }).focus();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText(/Auto refresh paused/)).toBeNull();
    vi.advanceTimersByTime(10_000);
    await waitFor(() => expect(reportCalls(fetchMock)).toBe(6));
  });

  it('reloads once when the server says runs changed, unless the auto refresh is off', async () => {
    const fetchMock = mockReport();
    const user = userEvent.setup();
    renderReport();
    await screen.findByText('Payroll Export');
    await waitFor(() => expect(events.connected).toBe(true));
    const events$ = fetchMock.mock.calls.find(([input]) => String(input).includes('/v1/events'));
    expect(new Headers(events$?.[1]?.headers).get('accept')).toBe('text/event-stream');
    // The reload waits out a burst on a timer (RUN_EVENTS_DEBOUNCE_MS): a fake clock moves past it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    events.send('runs');
    events.send('runs');
    events.send('other');
    await vi.waitFor(() => expect(reportCalls(fetchMock)).toBe(2));
    await vi.advanceTimersByTimeAsync(RUN_EVENTS_DEBOUNCE_MS + 200);
    expect(reportCalls(fetchMock)).toBe(2);

    vi.useRealTimers();
    await user.click(screen.getByRole('switch', { name: 'Auto Refresh' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    events.send('runs');
    await vi.advanceTimersByTimeAsync(RUN_EVENTS_DEBOUNCE_MS + 300);
    expect(reportCalls(fetchMock)).toBe(2);
  });

  it("says 'No Data...' and shows the server's error when the list fails, in Thai", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockFetch({ 'GET /v1/legacy/report': () => jsonResponse({ message: 'ระบบขัดข้อง' }, 500) });
    renderReport();
    expect(await screen.findByText('ไม่พบข้อมูล...')).toBeTruthy();
    expect(await screen.findByText('ระบบขัดข้อง')).toBeTruthy();
    expect(screen.getAllByText('ขั้นตอน').length).toBeGreaterThan(0);
    expect(screen.getAllByText('ทำงานครั้งถัดไป').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /ผิดพลาด/ })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'ปัญหาขึ้นก่อน' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'รีเฟรชอัตโนมัติ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /ค้นหา/ })).toBeTruthy();
  });

  it('renders only the visible part of 5,000 rows (the table is virtual)', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      buildReportRow({ legacyid: `JOB-${String(i).padStart(4, '0')}`, job_started_on: '' }),
    );
    mockReport(many);
    renderReport();
    expect(await screen.findByText('5000 of 5000 jobs')).toBeTruthy();
    await waitFor(() => expect(reportRows().length).toBeGreaterThan(0));
    expect(reportRows().length).toBeLessThan(100);
  });
});
