import type { ExpectedRunJobRow } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { ExpectedRunJob } from './ExpectedRunJob';

const row = (legacyid: string, over: Partial<ExpectedRunJobRow> = {}): ExpectedRunJobRow => ({
  companycode: 'C1',
  legacyid,
  legacyname: `${legacyid} name`,
  expected_time: '08:00',
  expected_count: 1,
  expected_count_day: 3,
  actual_time: '08:00:01',
  actual_count: 1,
  invalid_triggers: [],
  ...over,
});

let asked: URLSearchParams[] = [];
function mockReport() {
  asked = [];
  return mockFetch({
    'GET /v1/legacy/expected-running-job-report': ({ url }) => {
      asked.push(url.searchParams);
      return {
        report_date: '2026-11-21',
        time_zone: 'Asia/Bangkok',
        result_list: [
          row('ON-TIME'),
          row('MISSED', {
            expected_time: '09:00, 09:30',
            expected_count: 2,
            actual_count: 1,
            invalid_triggers: ['bad'],
          }),
        ],
        total_count: 2,
      };
    },
  });
}
const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row'));

function renderReport(route = '/expected-running-job-report?companycode=C1') {
  render(
    <TestProviders route={route}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ExpectedRunJob />
      </ConfigProvider>
    </TestProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Expected Run Job screen', { timeout: 60_000 }, () => {
  it('asks for the companies of the address and highlights rows whose counts differ', async () => {
    mockReport();
    renderReport();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(asked[0]?.getAll('company_code')).toEqual(['C1']);
    const [onTime, missed] = bodyRows();
    expect(onTime!.className).not.toContain('expected-run-row-differs');
    expect(missed!.className).toContain('expected-run-row-differs');
    expect(within(missed!).getByLabelText('Expected and actual counts differ')).toBeTruthy();
    expect(within(missed!).getByText('09:00, 09:30')).toBeTruthy();
    expect(within(missed!).getByText('Not valid, not counted: bad')).toBeTruthy();
    expect(within(onTime!).getByTestId('expected-count').textContent).toBe('1of 3 today');
    expect(screen.getByTestId('expected-run-day').textContent).toContain('Today 21-11-2026 (Asia/Bangkok)');
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockReport();
    renderReport('/expected-running-job-report');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(asked[0]?.getAll('company_code')).toEqual([]);
    expect(screen.getAllByText('จำนวนที่คาดไว้').length).toBeGreaterThan(0);
    expect(screen.getByText(/วันนี้ 21-11-2026/)).toBeTruthy();
  });
});
