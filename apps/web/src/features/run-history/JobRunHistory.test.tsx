import type { JobRunHistoryRow } from '@lis/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { mockFetch } from '../../testing/mock-fetch';
import { buildReportRow, findDialog, renderReport, rowOf } from '../legacy-report/legacy-report-testing';
import { formatDuration } from './run-history-api';

const run = (over: Partial<JobRunHistoryRow>): JobRunHistoryRow => ({
  job_instanceno: 'C1-INV001-1',
  status: 'FINISHED',
  queued_on: '2026-11-20T10:15:00.000Z',
  job_started_on: '2026-11-20T10:15:01.000Z',
  job_finished_on: '2026-11-20T10:15:31.000Z',
  duration_ms: 30_000,
  files_in: 0,
  files_out: 0,
  started_how: 'trigger',
  started_by: '',
  message: '',
  ...over,
});

const RUNS = [
  run({
    job_instanceno: 'C1-INV001-3',
    status: 'QUEUED',
    job_started_on: '',
    job_finished_on: '',
    duration_ms: null,
  }),
  run({
    job_instanceno: 'C1-INV001-2',
    status: 'ERROR',
    duration_ms: 3_723_000,
    files_in: 3,
    files_out: 2,
    started_how: 'user',
    started_by: 'operator-7',
    message: 'Step 3 failed',
  }),
  run({ job_instanceno: 'C1-INV001-1', files_in: 1, started_how: 'chain', started_by: 'chief' }),
];

function mockServer() {
  return mockFetch({
    'GET /v1/legacy/report': () => ({ result_list: [buildReportRow()], total_count: 1 }),
    'GET /v1/legacy/job-run-history': () => ({ result_list: RUNS, total_count: 120 }),
  });
}

async function openHistory(user: ReturnType<typeof userEvent.setup>, menuItem: string) {
  await screen.findByText('Invoice Import');
  await user.click(within(rowOf('INV001')).getByRole('button', { name: /^INV001/ }));
  await waitFor(() => expect(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')).toBeTruthy());
  const menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)') as HTMLElement;
  await user.click(within(menu).getByRole('menuitem', { name: menuItem }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('job run history', { timeout: 90_000 }, () => {
  it("opens from the row menu: the job's last runs with state, start, duration, files and who started them", async () => {
    const fetchMock = mockServer();
    const user = userEvent.setup();
    renderReport();
    await openHistory(user, 'Run history');
    const dialog = await findDialog('Run history: INV001');
    await within(dialog).findByText('C1-INV001-2');
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input)))
      .find((url) => url.pathname === '/v1/legacy/job-run-history');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      sid: '555',
      company_code: 'C1',
      legacy_id: 'INV001',
    });
    const cells = (id: string) =>
      [...(within(dialog).getByText(id).closest('tr') as HTMLElement).querySelectorAll('td')].map(
        (cell) => cell.textContent,
      );
    expect(cells('C1-INV001-2').slice(1)).toEqual([
      'ERROR',
      expect.stringMatching(/^20-11-2026 \d\d:15:01$/),
      '1 h 02 m 03 s',
      '3 / 2',
      'operator-7',
      'Step 3 failed',
    ]);
    expect(cells('C1-INV001-3').slice(1, 6)).toEqual([
      'QUEUED',
      expect.stringMatching(/^Not started \(queued 20-11-2026/),
      '-',
      '0 / 0',
      'Schedule (trigger)',
    ]);
    expect(cells('C1-INV001-1')[5]).toBe('Chain, by chief');
    expect(within(dialog).getByText('The last 3 of 120 runs')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'C1-INV001-2' });
    expect(link.getAttribute('href')).toContain(
      'legacydetail?company_code=C1&legacy_id=INV001&job_no=C1-INV001-2',
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockServer();
    const user = userEvent.setup();
    renderReport();
    await openHistory(user, 'ประวัติการรัน');
    const dialog = await findDialog('ประวัติการรัน: INV001');
    await within(dialog).findByText('C1-INV001-2');
    for (const text of [
      'ผู้เริ่ม',
      'ไฟล์เข้า / ออก',
      'ตามตารางเวลา (ทริกเกอร์)',
      'เชน โดย chief',
      '3 ครั้งล่าสุดจากทั้งหมด 120 ครั้ง',
    ])
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
  });

  it('formats durations', () => {
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(400)).toBe('< 1 s');
    expect(formatDuration(4_000)).toBe('4 s');
    expect(formatDuration(125_000)).toBe('2 m 05 s');
    expect(formatDuration(3_723_000)).toBe('1 h 02 m 03 s');
  });
});
