import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { buildReportRow, eventStream, reportRows } from '../legacy-report/legacy-report-testing';
import { WALL_REFRESH_MS, WallMonitor } from './WallMonitor';

const TODAY = new Date().toISOString();
const ROWS = [
  buildReportRow({ legacyid: 'DONE', job_finished_on: TODAY, job_started_on: TODAY }),
  buildReportRow({ legacyid: 'OLDDONE', job_finished_on: '2020-01-02T00:00:00.000Z' }),
  buildReportRow({ legacyid: 'RUN', status: 'RUNNING', step2_status: 'RUNNING' }),
  buildReportRow({ legacyid: 'BROKEN', status: 'ERROR', step4_status: 'ERROR', hassuspend: 'Y' }),
  buildReportRow({ legacyid: 'WARN', status: 'WARNING' }),
];

let events = eventStream();
function mockWall(rows = ROWS) {
  events = eventStream();
  return mockFetch({
    'GET /v1/legacy/report': () => ({ result_list: rows, total_count: rows.length }),
    'GET /v1/events': () => events.respond(),
  });
}
const reportCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((url) => url.pathname === '/v1/legacy/report');
const count = (key: string) => screen.getByTestId(`wall-count-${key}`).textContent;

function renderWall(route = '/monitor') {
  return render(
    <TestProviders route={route}>
      <WallMonitor />
    </TestProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Wall monitor (/monitor)', { timeout: 20_000 }, () => {
  it('shows the jobs read-only with the counts on top and a clock', async () => {
    mockWall();
    renderWall();
    await waitFor(() => expect(reportRows()).toHaveLength(5));
    expect(screen.getByRole('heading', { name: 'Monitoring Wall Display' })).toBeTruthy();
    expect(count('jobs')).toBe('5');
    expect(count('running')).toBe('1');
    expect(count('error')).toBe('1');
    expect(count('warning')).toBe('1');
    expect(count('suspended')).toBe('1');
    expect(count('finishedToday')).toBe('1');
    expect(document.querySelector('time.wall-monitor-clock')?.textContent).toMatch(/^\d\d:\d\d:\d\d$/);
    // Read-only: no menus, buttons or links in the rows.
    for (const row of reportRows()) {
      expect(within(row).queryAllByRole('button')).toEqual([]);
      expect(within(row).queryAllByRole('link')).toEqual([]);
    }
    const broken = reportRows().find((row) => row.textContent?.includes('BROKEN')) as HTMLElement;
    expect(within(broken).getByLabelText(/^Function Status: ERROR/)).toBeTruthy();
    expect(screen.getByText(/All my companies/)).toBeTruthy();
    // The jobs that need a look come first (issue 17): error, then warning, then running.
    const ids = reportRows().map((row) => row.querySelector('.legacy-report-id')?.textContent);
    expect(ids.slice(0, 3)).toEqual(['BROKEN', 'WARN', 'RUN']);
    expect([...ids.slice(3)].sort()).toEqual(['DONE', 'OLDDONE']);
  });

  it('a suspended job whose latest run FINISHED reads SUSPEND and counts as suspended, not finished (issue 31)', async () => {
    mockWall([
      buildReportRow({ legacyid: 'PAY', hassuspend: 'Y', status: 'FINISHED', job_finished_on: TODAY }),
      buildReportRow({ legacyid: 'DONE', job_finished_on: TODAY }),
    ]);
    renderWall();
    await waitFor(() => expect(reportRows()).toHaveLength(2));
    expect(count('suspended')).toBe('1');
    expect(count('finishedToday')).toBe('1');
    const pay = reportRows().find((row) => row.textContent?.includes('PAY')) as HTMLElement;
    const state = pay.querySelector('[data-status="SUSPEND"]');
    expect(state?.textContent).toBe('SUSPEND');
    expect(state?.getAttribute('title')).toBe('Suspended: an operator continues it. Latest run: FINISHED');
    expect(within(pay).queryByText('FINISHED')).toBeNull();
  });

  it('asks only for the companies of the query string', async () => {
    const fetchMock = mockWall();
    renderWall('/monitor?company_code=C1&company_code=HR2');
    await waitFor(() => expect(reportCalls(fetchMock)).toHaveLength(1));
    expect(reportCalls(fetchMock)[0]?.searchParams.getAll('company_code')).toEqual(['C1', 'HR2']);
    expect(screen.getByText(/Companies: C1, HR2/)).toBeTruthy();
  });

  it('refreshes on its timer and when the server says runs changed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = mockWall();
    renderWall();
    await waitFor(() => expect(reportRows()).toHaveLength(5));
    vi.advanceTimersByTime(WALL_REFRESH_MS - 1000);
    expect(reportCalls(fetchMock)).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    await waitFor(() => expect(reportCalls(fetchMock)).toHaveLength(2));

    await waitFor(() => expect(events.connected).toBe(true));
    events.send('runs');
    await waitFor(() => expect(reportCalls(fetchMock)).toHaveLength(3));
  });

  it('keeps the last list and says so when a refresh fails, in Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    let fail = false;
    events = eventStream();
    mockFetch({
      'GET /v1/legacy/report': () =>
        fail ? jsonResponse({ message: 'ระบบขัดข้อง' }, 500) : { result_list: ROWS, total_count: ROWS.length },
      'GET /v1/events': () => events.respond(),
    });
    renderWall();
    await waitFor(() => expect(reportRows()).toHaveLength(5));
    expect(screen.getByRole('heading', { name: 'จอแสดงผลการติดตามงาน' })).toBeTruthy();
    expect(screen.getByText('กำลังทำงาน')).toBeTruthy();
    fail = true;
    await waitFor(() => expect(events.connected).toBe(true));
    events.send('runs');
    expect(await screen.findByText(/โหลดรายการไม่สำเร็จ: ระบบขัดข้อง/)).toBeTruthy();
    expect(reportRows()).toHaveLength(5);
  });
});
