import type { PullJobLogRow } from '@lis/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_USER, type CurrentUser } from '../../platform/auth/current-user-context';
import { jsonResponse, mockFetch, type MockEndpoint } from '../../testing/mock-fetch';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { screenMessages } from '../../platform/screens/screen-messages';
import { ACME_ADMIN } from './pull-job-test-server';
import { formatLastPull } from './last-pull-format';
import { PullJobConfigLog } from './PullJobConfigLog';

const logRow = (legacyid: string, overrides: Partial<PullJobLogRow> = {}): PullJobLogRow => ({
  companycode: 'ACME',
  legacyid,
  legacyname: `${legacyid} name`,
  last_pull: '',
  last_status: '',
  ...overrides,
});

const renderLog = (user: CurrentUser = ACME_ADMIN) => renderScreen(<PullJobConfigLog />, { user });

function table() {
  return screen.getByTestId('pull-job-log-table');
}

resetBetweenTests();

describe('Pull Job Config Log screen', { timeout: 30_000 }, () => {
  it("shows a 'Loading...' row while loading, then one row per pull job with its last pull", async () => {
    let answer: ((rows: PullJobLogRow[]) => void) | undefined;
    const pulled = '2026-11-20T03:04:05.000Z';
    const fetchMock = mockFetch({
      'GET /v1/config/pull-job-log': () =>
        new Promise((resolve) => {
          answer = (rows) => resolve({ result_list: rows, total_count: rows.length });
        }),
    });
    renderLog();
    expect(await within(table()).findByText('Loading...')).toBeTruthy();
    // The row shows as the request leaves; it is answered once it has reached the server.
    await waitFor(() => expect(answer).toBeDefined());
    answer!([
      logRow('PULL01', { last_pull: pulled, last_status: 'FINISHED' }),
      logRow('PULL02'), // never ran
    ]);
    const first = (await within(table()).findByText('PULL01')).closest('tr')!;
    expect(within(first).getByText('1')).toBeTruthy();
    expect(within(first).getByText('ACME')).toBeTruthy();
    expect(within(first).getByText('PULL01 name')).toBeTruthy();
    expect(within(first).getByText('FINISHED')).toBeTruthy();
    expect(within(first).getByTestId('last-pull').textContent).toBe(formatLastPull(pulled));
    expect(formatLastPull(pulled)).toMatch(/^\d{2}-\d{2}-2026 \d{2}:\d{2}:05$/);
    const second = within(table()).getByText('PULL02').closest('tr')!;
    expect(within(second).getByText('2')).toBeTruthy();
    expect(within(second).getByTestId('last-pull').textContent).toBe('');
    expect(within(table()).queryByText('Loading...')).toBeNull();
    const [call] = fetchMock.mock.calls;
    expect(new URL(String(call?.[0])).searchParams.get('sid')).toBe('555');
  });

  it("shows 'No Data...' when the list is empty", async () => {
    mockFetch({ 'GET /v1/config/pull-job-log': () => ({ result_list: [], total_count: 0 }) });
    renderLog();
    expect(await within(table()).findByText('No Data...')).toBeTruthy();
  });

  it("shows 'No Data...' and the server's message when the load fails", async () => {
    mockFetch({
      'GET /v1/config/pull-job-log': () => jsonResponse({ message: 'Database is down' }, 500),
    });
    renderLog();
    expect(await screen.findByText('Database is down')).toBeTruthy();
    expect(await within(table()).findByText('No Data...')).toBeTruthy();
  });

  it('Refresh loads the log again', async () => {
    const rows = [logRow('PULL01')];
    const fetchMock = mockFetch({
      'GET /v1/config/pull-job-log': () => ({ result_list: rows, total_count: rows.length }),
    });
    const user = userEvent.setup();
    renderLog();
    await within(table()).findByText('PULL01');
    rows.push(logRow('PULL09', { last_status: 'ERROR' }));
    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(await within(table()).findByText('PULL09')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('NOUSER: a user the admin lookup does not find sees a notice, and nothing is loaded', async () => {
    const endpoint: MockEndpoint = vi.fn(() => ({ result_list: [], total_count: 0 }));
    mockFetch({ 'GET /v1/config/pull-job-log': endpoint });
    renderLog({ ...SIGNED_OUT_USER, username: 'operator', displayName: 'operator' });
    expect(await screen.findByTestId('pull-job-log-no-user')).toBeTruthy();
    expect(screen.getByText('No company to show')).toBeTruthy();
    expect(screen.queryByTestId('pull-job-log-table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Refresh/ })).toBeNull();
    expect(endpoint).not.toHaveBeenCalled();
  });

  it('waits for the user lookup with a Loading row, and shows the notice in Thai', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    mockFetch({});
    renderLog({ ...SIGNED_OUT_USER, loading: true });
    expect(await within(table()).findByText('กำลังโหลด...')).toBeTruthy();
    cleanup();
    renderLog({ ...ACME_ADMIN, companies: [], companyFilter: [] });
    await waitFor(() => expect(screen.getByText('ไม่มีบริษัทที่แสดงได้')).toBeTruthy());
  });

  // Issue 17: the Thai heading differed from the menu entry.
  it('is headed by its menu label, in Thai and in English', async () => {
    mockFetch({ 'GET /v1/config/pull-job-log': () => ({ result_list: [], total_count: 0 }) });
    localStorage.setItem('LIS_LANGUAGE', 'th');
    renderLog();
    expect(await screen.findByRole('heading', { name: screenMessages.th['pulljobconfig-log'] })).toBeTruthy();
    expect(screenMessages.th['pulljobconfig-log']).toBe('ประวัติงานดึงข้อมูล');
    await within(table()).findByText('ไม่มีข้อมูล...');
    cleanup();
    localStorage.setItem('LIS_LANGUAGE', 'en');
    renderLog();
    expect(await screen.findByRole('heading', { name: 'Pull Job Config Log' })).toBeTruthy();
    await within(table()).findByText('No Data...');
  });
});
