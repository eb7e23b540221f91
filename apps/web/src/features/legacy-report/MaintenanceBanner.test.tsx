import type { MaintenanceStatusResponse } from '@lis/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { jsonResponse, mockFetch, type MockEndpoint } from '../../testing/mock-fetch';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { buildReportRow, eventStream, renderReport } from './legacy-report-testing';

const status = (active: MaintenanceStatusResponse['active']): MaintenanceStatusResponse => ({
  now: new Date().toISOString(),
  active,
  periods: [],
});

function mockScreen(statusEndpoint: MockEndpoint) {
  const events = eventStream();
  return mockFetch({
    'GET /v1/legacy/report': () => ({ result_list: [buildReportRow()], total_count: 1 }),
    'GET /v1/events': () => events.respond(),
    'GET /v1/maintenance-windows/status': statusEndpoint,
  });
}
const statusCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/v1/maintenance-windows/status')).length;

beforeAll(() => setDisplayTimeZone('Asia/Bangkok'));
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('The monitoring screen’s maintenance banner (issue 34)', { timeout: 30_000 }, () => {
  it('names each company in maintenance now, until when and by which windows', async () => {
    // 03:00 on 6 December 2026 in Bangkok, the console's zone: only the clock is faked, not the timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T20:00:00Z'));
    const sixToday = '2026-12-05T23:00:00.000Z';
    mockScreen(() =>
      status([
        { company_code: 'C1', until: sixToday, windows: ['SAT-NIGHT', 'DB-MOVE'] },
        { company_code: 'HR2', until: sixToday, windows: ['SAT-NIGHT', 'DB-MOVE'] },
        { company_code: 'FIN', until: '2026-12-07T01:30:00.000Z', windows: ['DC-POWER'] },
        // Ended since the answer (the next tick asks again): not shown.
        { company_code: 'OLD', until: '2026-12-05T19:59:00.000Z', windows: ['GONE'] },
      ]),
    );
    renderReport();
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner.textContent).toContain('C1, HR2: In maintenance until 06:00 (SAT-NIGHT, DB-MOVE)');
    expect(banner.textContent).toContain('FIN: In maintenance until 07-12-2026 08:30 (DC-POWER)');
    expect(banner.textContent).not.toContain('OLD');
  });

  it('shows nothing when no company is in maintenance, or the server does not know the route', async () => {
    const fetchMock = mockScreen(() => status([]));
    renderReport();
    await screen.findByText('Invoice Import');
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(1));
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    cleanup();

    const older = mockScreen(() => jsonResponse({ message: 'Not Found' }, 404));
    renderReport();
    await screen.findByText('Invoice Import');
    await waitFor(() => expect(statusCalls(older)).toBe(1));
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    // No error dialog for a banner the server cannot give.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is asked again at the report’s refresh cadence: the window ends, the banner goes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let holding = true;
    const fetchMock = mockScreen(() =>
      status(
        holding ? [{ company_code: 'C1', until: '2099-01-02T23:00:00.000Z', windows: ['SAT-NIGHT'] }] : [],
      ),
    );
    renderReport();
    expect(await screen.findByTestId('maintenance-banner')).toBeTruthy();
    holding = false;
    vi.advanceTimersByTime(29_000);
    expect(statusCalls(fetchMock)).toBe(1);
    vi.advanceTimersByTime(1_000);
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(2));
    await waitFor(() => expect(screen.queryByTestId('maintenance-banner')).toBeNull());
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockScreen(() =>
      status([{ company_code: 'C1', until: '2099-01-02T23:00:00.000Z', windows: ['SAT-NIGHT'] }]),
    );
    renderReport();
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner.textContent).toContain('C1: อยู่ในช่วงบำรุงรักษาถึง 03-01-2099 06:00 (SAT-NIGHT)');
  });
});
