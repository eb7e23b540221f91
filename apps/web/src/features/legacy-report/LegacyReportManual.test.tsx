import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { mockFetch } from '../../testing/mock-fetch';
import { buildReportRow, eventStream, renderReport, reportRows } from './legacy-report-testing';

const ROWS = [
  buildReportRow({ legacyid: 'INV001', companycode: 'C1', job_started_on: '2026-11-20T10:00:00.000Z' }),
  buildReportRow({ legacyid: 'PAY002', companycode: 'HR2', job_started_on: '2026-11-20T09:00:00.000Z' }),
  buildReportRow({ legacyid: 'INV003', companycode: 'HR2', job_started_on: '2026-11-20T08:00:00.000Z' }),
];

/** The row menu's button carries the legacy id as its title (the path buttons before it have titles too). */
const legacyIds = () =>
  reportRows().map((row) => row.querySelector('.legacy-report-menu-button[title]')?.getAttribute('title'));

function mockReport() {
  const events = eventStream();
  return mockFetch({
    'GET /v1/legacy/report': () => ({ result_list: ROWS, total_count: ROWS.length }),
    'GET /v1/events': () => events.respond(),
  });
}
const reportCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/v1/legacy/report')).length;

const filterCheck = () => screen.getByRole('checkbox', { name: 'Apply filters' }) as HTMLInputElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Legacy report - Manual screen', { timeout: 20_000 }, () => {
  it('has its own heading and state order, and the auto refresh starts switched off', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = mockReport();
    const user = userEvent.setup();
    renderReport('user', 'manual');
    expect(await screen.findByRole('heading', { name: 'Legacy - Manual report' })).toBeTruthy();
    await waitFor(() => expect(legacyIds()).toEqual(['INV001', 'PAY002', 'INV003']));
    const states = screen
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent)
      .filter((label) => label !== 'Apply filters');
    // The spec's six, then STOPPED (issue 31).
    expect(states).toEqual(['ACTIVE', 'ERROR', 'FINISHED', 'SUSPEND', 'RUNNING', 'WARNING', 'STOPPED']);

    const autoRefresh = screen.getByRole('switch', { name: 'Auto Refresh' });
    expect(autoRefresh.getAttribute('aria-checked')).toBe('false');
    vi.advanceTimersByTime(120_000);
    expect(reportCalls(fetchMock)).toBe(1);

    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(reportCalls(fetchMock)).toBe(2));
    await user.click(autoRefresh);
    vi.advanceTimersByTime(30_000);
    await waitFor(() => expect(reportCalls(fetchMock)).toBe(3));
  });

  it('unticks the filter check on a filter focus and ticks it again on blur while Legacy ID is set', async () => {
    mockReport();
    const user = userEvent.setup();
    renderReport('user', 'manual');
    await waitFor(() => expect(legacyIds()).toHaveLength(3));
    expect(filterCheck().checked).toBe(false);

    await user.type(screen.getByLabelText('Legacy ID'), 'inv');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(legacyIds()).toEqual(['INV001', 'INV003']));
    expect(filterCheck().checked).toBe(true);

    // Focusing a filter input unticks the check: every row shows while the filters are edited.
    await user.click(screen.getByLabelText('Company Code'));
    expect(filterCheck().checked).toBe(false);
    await waitFor(() => expect(legacyIds()).toHaveLength(3));
    await user.type(screen.getByLabelText('Company Code'), 'hr');
    // Leaving it with a Legacy ID typed ticks the check again, with what is typed now.
    await user.click(screen.getByRole('heading', { name: 'Legacy - Manual report' }));
    expect(filterCheck().checked).toBe(true);
    await waitFor(() => expect(legacyIds()).toEqual(['INV003']));

    // Without a Legacy ID, leaving a filter input keeps the check off.
    await user.clear(screen.getByLabelText('Legacy ID'));
    await user.click(screen.getByRole('heading', { name: 'Legacy - Manual report' }));
    expect(filterCheck().checked).toBe(false);
    await waitFor(() => expect(legacyIds()).toHaveLength(3));

    // Ticking it by hand applies the filters as typed.
    await user.click(filterCheck());
    await waitFor(() => expect(legacyIds()).toEqual(['PAY002', 'INV003']));
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockReport();
    renderReport('user', 'manual');
    expect(await screen.findByRole('heading', { name: 'Legacy - รายงานแบบแมนนวล' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'ใช้ตัวกรอง' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'รีเฟรชอัตโนมัติ' }).getAttribute('aria-checked')).toBe('false');
  });
});
