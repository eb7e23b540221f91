import type { SystemLogRow } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { mockFetch } from '../../testing/mock-fetch';
import { screenMessages } from '../../platform/screens/screen-messages';
import { TestProviders } from '../../testing/TestProviders';
import { SystemLog } from './SystemLog';

const line = (i: number): SystemLogRow => ({
  seq: i,
  sid: '555',
  companycode: 'ACME',
  job_instanceno: `ACME-JOB-${i}`,
  log_type: 'INFO',
  message: `line ${i}`,
  created_on: '21-11-2026 10:00:00',
  msg_source: 'worker',
  created_at: '2026-11-21T03:00:00.000Z',
});

let asked: URLSearchParams[] = [];
function mockLog(total: number) {
  asked = [];
  return mockFetch({
    'GET /v1/system/log': ({ url }) => {
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      const count = Math.max(0, Math.min(size, total - (page - 1) * size));
      return {
        result_list: Array.from({ length: count }, (_, i) => line((page - 1) * size + i + 1)),
        total_count: total,
      };
    },
  });
}
const last = () => asked.at(-1) ?? new URLSearchParams();
const bodyRows = () => document.querySelectorAll('.ant-table-tbody .ant-table-row');

function renderLog() {
  render(
    <TestProviders route="/legacylog">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <SystemLog />
      </ConfigProvider>
    </TestProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('System Log screen', { timeout: 30_000 }, () => {
  it("shows the newest lines, 25 a page, with the spec's columns", async () => {
    mockLog(60);
    renderLog();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(last().get('page')).toBe('1');
    expect(last().get('page_size')).toBe('25');
    const table = screen.getByTestId('system-log-table');
    for (const title of [
      'sid',
      'Company Code',
      'Job Instanceno',
      'Log Type',
      'Message',
      'Created On',
      'Msg Source',
    ])
      expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
    expect(within(table).getByText('ACME-JOB-1')).toBeTruthy();
    expect(screen.getByText('60 rows')).toBeTruthy();
  });

  it('searches by job instance number and day range (yyyymmdd000000); a new search is page 1 of 25', async () => {
    mockLog(60);
    const user = userEvent.setup();
    renderLog();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(last().get('page')).toBe('3'));
    await user.click(screen.getByTitle('25 / page'));
    await user.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(last().get('page_size')).toBe('50'));

    await user.type(screen.getByLabelText('Job Instanceno'), 'JOB-7');
    await user.click(screen.getByLabelText('Job start from'));
    await user.type(screen.getByLabelText('Job start from'), '20/11/2026{Enter}');
    await user.click(screen.getByLabelText('Job start to'));
    await user.type(screen.getByLabelText('Job start to'), '21/11/2026{Enter}');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(last().get('job_instanceno')).toBe('JOB-7'));
    expect(last().get('job_started_on_from')).toBe('20261120000000');
    expect(last().get('job_started_on_to')).toBe('20261121000000');
    expect(last().get('page')).toBe('1');
    expect(last().get('page_size')).toBe('25');
  });

  it('keeps the English heading', async () => {
    mockLog(0);
    renderLog();
    expect(await screen.findByRole('heading', { name: 'System Log' })).toBeTruthy();
    expect(screenMessages.en.legacylog).toBe('System Log');
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockLog(0);
    renderLog();
    expect(await screen.findByText('ไม่มีข้อมูล...')).toBeTruthy();
    expect(screen.getByRole('button', { name: /ค้นหา/ })).toBeTruthy();
    expect(screen.getAllByText('รหัสบริษัท').length).toBeGreaterThan(0);
    // Issue 17: the heading is the menu's name for the screen, not the English one.
    expect(screen.getByRole('heading', { name: 'บันทึกของระบบ' })).toBeTruthy();
    expect(screenMessages.th.legacylog).toBe('บันทึกของระบบ');
    expect(screen.queryByRole('heading', { name: 'System Log' })).toBeNull();
  });
});
