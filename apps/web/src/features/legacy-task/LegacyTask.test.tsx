import type { LegacyReportRow } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { findDialog } from '../../testing/find-dialog';
import { jsonResponse, mockFetch, type MockEndpoint } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { buildReportRow } from '../legacy-report/legacy-report-testing';
import { formatReportTime } from '../monitoring/report-rows';
import { LegacyTask } from './LegacyTask';
import { TASK_SEARCH_STORAGE_KEY } from './task-criteria';

const run = (i: number, overrides: Partial<LegacyReportRow> = {}) =>
  buildReportRow({
    legacyid: `JOB${i}`,
    job_instanceno: `C1-JOB${i}-20261120`,
    step1_started_on: '2026-11-20T10:15:01.000Z',
    ...overrides,
  });

/** The server's page of `total` runs, answering what was asked. */
function pagedRuns(total: number): MockEndpoint {
  return ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('page_size'));
    const count = Math.max(0, Math.min(size, total - (page - 1) * size));
    return {
      result_list: Array.from({ length: count }, (_, i) => run((page - 1) * size + i + 1)),
      total_count: total,
    };
  };
}

let taskQueries: URLSearchParams[] = [];
function mockTasks(total = 3, exportAnswer?: MockEndpoint) {
  taskQueries = [];
  const list = pagedRuns(total);
  return mockFetch({
    'GET /v1/legacy/task': (request) => {
      taskQueries.push(request.url.searchParams);
      return list(request);
    },
    ...(exportAnswer ? { 'GET /v1/legacy/task/export': exportAnswer } : {}),
  });
}
const lastQuery = () => taskQueries.at(-1) ?? new URLSearchParams();

function renderTask() {
  return render(
    <TestProviders route="/legacytask">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <LegacyTask />
      </ConfigProvider>
    </TestProviders>,
  );
}

const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row'));
const cellTexts = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Legacy task screen', { timeout: 30_000 }, () => {
  it('shows the first page of 25 with the columns, step start times and a Monitor link per run', async () => {
    mockTasks(3);
    renderTask();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(lastQuery().get('page')).toBe('1');
    expect(lastQuery().get('page_size')).toBe('25');
    // Issue 17: a laptop's columns — the run's identity, its status, its steps as one strip.
    for (const header of ['Monitor', 'Legacy ID', 'Job Instanceno', 'Status (latest)', 'Steps', 'Message'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);

    const row = bodyRows()[1] as HTMLElement;
    const cells = cellTexts(row);
    expect(cells[1]).toBe('2');
    expect(cells[2]).toContain('JOB2');
    expect(cells[2]).toContain('Invoice Import');
    expect(cells[3]).toBe('C1-JOB2-20261120');
    expect(cells).toContain(formatReportTime('2026-11-20T10:15:00.000Z'));
    // Each step's state and start time are its badge's tooltip (and accessible name).
    const strip = within(row).getByRole('group', { name: 'Steps of C1-JOB2-20261120' });
    expect(
      within(strip)
        .getByRole('img', { name: /^Load Files Status/ })
        .getAttribute('title'),
    ).toBe(`Load Files Status: SUCCESS\nstarted ${formatReportTime('2026-11-20T10:15:01.000Z')}`);
    expect(within(strip).getByRole('img', { name: /^Function status/ }).dataset.status).toBe('SUCCESS');
    expect(formatReportTime('2026-11-20T10:15:01.000Z')).toMatch(/^20-11-2026 \d\d:15:01$/);

    const link = screen.getByRole('link', { name: 'Open the detail of C1-JOB2-20261120' });
    expect(link.getAttribute('target')).toBe('_blank');
    const detail = new URL(link.getAttribute('href') ?? '');
    expect(detail.pathname).toBe('/legacydetail');
    expect(Object.fromEntries(detail.searchParams)).toMatchObject({
      company_code: 'C1',
      legacy_id: 'JOB2',
      job_no: 'C1-JOB2-20261120',
      legacytype: 'SFTP',
    });
    expect(screen.getByText('3 runs')).toBeTruthy();
    // No manual refresh on this screen (spec 000 §2).
    expect(screen.queryByRole('button', { name: /Refresh/ })).toBeNull();
  });

  it('searches with the filters and saves them', async () => {
    mockTasks(3);
    const user = userEvent.setup();
    renderTask();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await user.type(screen.getByLabelText('Company Code'), 'C1');
    await user.type(screen.getByLabelText('Legacy ID'), 'job');
    await user.type(screen.getByLabelText('Job Instanceno'), '2026');
    await user.type(screen.getByLabelText('Legacy Name'), 'invoice');
    await user.click(screen.getByRole('checkbox', { name: 'ERROR' }));
    await user.click(screen.getByRole('checkbox', { name: 'FINISHED' }));
    await user.click(screen.getByLabelText('Job Start From'));
    await user.type(screen.getByLabelText('Job Start From'), '01/11/2026{Enter}');
    await user.click(screen.getByLabelText('Job Start To'));
    await user.type(screen.getByLabelText('Job Start To'), '20/11/2026{Enter}');
    await user.click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() => expect(lastQuery().get('job_started_on_from')).toBe('20261101000000'));
    const query = lastQuery();
    expect(query.get('job_started_on_to')).toBe('20261120000000');
    expect(query.get('company_code')).toBe('C1');
    expect(query.get('legacy_id')).toBe('job');
    expect(query.get('job_instance_no')).toBe('2026');
    expect(query.get('legacy_name')).toBe('invoice');
    expect(query.getAll('status')).toEqual(['FINISHED', 'ERROR']);
    expect(JSON.parse(localStorage.getItem(TASK_SEARCH_STORAGE_KEY) ?? '{}')).toMatchObject({
      legacyId: 'job',
      statuses: ['FINISHED', 'ERROR'],
      startFrom: '20261101',
      startTo: '20261120',
    });
  });

  it('restores the saved search on opening, and Reset clears it', async () => {
    localStorage.setItem(
      TASK_SEARCH_STORAGE_KEY,
      JSON.stringify({ legacyId: 'job', statuses: ['FINISHED', 'ERROR'], startFrom: '20261101' }),
    );
    mockTasks(3);
    const user = userEvent.setup();
    renderTask();
    await waitFor(() => expect(taskQueries).toHaveLength(1));
    expect(lastQuery().get('legacy_id')).toBe('job');
    expect(lastQuery().getAll('status')).toEqual(['FINISHED', 'ERROR']);
    expect((screen.getByLabelText('Legacy ID') as HTMLInputElement).value).toBe('job');
    expect((screen.getByLabelText('Job Start From') as HTMLInputElement).value).toBe('01/11/2026');
    expect((screen.getByRole('checkbox', { name: 'ERROR' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(lastQuery().get('legacy_id')).toBeNull());
    expect(lastQuery().get('job_started_on_from')).toBeNull();
    expect(lastQuery().getAll('status')).toEqual([]);
    expect(localStorage.getItem(TASK_SEARCH_STORAGE_KEY)).toBeNull();
    expect((screen.getByLabelText('Legacy ID') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Job Start From') as HTMLInputElement).value).toBe('');
  });

  it('pages with first and last buttons and the page size; the # counts across pages', async () => {
    mockTasks(120);
    const user = userEvent.setup();
    renderTask();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(screen.getByText('120 runs')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    // ceil(120 / 25) = 5 pages; the last holds 20 runs.
    await waitFor(() => expect(lastQuery().get('page')).toBe('5'));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(cellTexts(bodyRows()[0] as HTMLElement)[1]).toBe('101');
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    // Page 1 may come from the cache: the rows say where we are.
    await waitFor(() => expect(cellTexts(bodyRows()[0] as HTMLElement)[1]).toBe('1'));
    expect(bodyRows()).toHaveLength(25);

    await user.click(screen.getByText('25 / page'));
    await user.click(await screen.findByText('100 / page'));
    await waitFor(() => expect(lastQuery().get('page_size')).toBe('100'));
    await waitFor(() => expect(bodyRows()).toHaveLength(100));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
  });

  it('searches again on the auto refresh interval, unless switched off', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    mockTasks(3);
    const user = userEvent.setup();
    renderTask();
    await waitFor(() => expect(taskQueries).toHaveLength(1));
    vi.advanceTimersByTime(30_000);
    await waitFor(() => expect(taskQueries).toHaveLength(2));
    await user.click(screen.getByRole('switch', { name: 'Auto Refresh' }));
    vi.advanceTimersByTime(120_000);
    expect(taskQueries).toHaveLength(2);
  });

  it("asks for a date before exporting, then says 'data not found' or the failure, or saves the workbook", async () => {
    let answer: () => Response = () => new Response(null, { status: 204 });
    const fetchMock = mockTasks(3, () => answer());
    const exportCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/v1/legacy/task/export'));
    const user = userEvent.setup();
    renderTask();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: /Export/ }));
    const warning = await findDialog('Please select a date (Job Start From) before exporting.');
    expect(exportCalls()).toHaveLength(0);
    await user.click(within(warning).getByRole('button', { name: 'OK' }));

    // The dates as they are in the form, without a Search.
    await user.click(screen.getByLabelText('Job Start From'));
    await user.type(screen.getByLabelText('Job Start From'), '19/11/2026{Enter}');
    await user.click(screen.getByRole('button', { name: /Export/ }));
    const notFound = await findDialog('Data not found');
    const asked = new URL(String(exportCalls()[0]?.[0]));
    expect(asked.searchParams.get('job_started_on_from')).toBe('20261119000000');
    expect(asked.searchParams.get('legacy_id')).toBeNull();
    await user.click(within(notFound).getByRole('button', { name: 'OK' }));

    answer = () => jsonResponse({ message: 'database unavailable' }, 500);
    await user.click(screen.getByRole('button', { name: /Export/ }));
    const failed = await findDialog('An error occurred fetching data: database unavailable');
    await user.click(within(failed).getByRole('button', { name: 'OK' }));

    answer = () =>
      new Response(new TextEncoder().encode('PK workbook'), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="legacy_tasks_20261119_to_20261119.xlsx"',
        },
      });
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:workbook';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLElement.prototype, 'click').mockImplementation(function (this: HTMLElement) {
      if (this instanceof HTMLAnchorElement) saved.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(saved).toEqual(['legacy_tasks_20261119_to_20261119.xlsx']));
    expect(exportCalls()).toHaveLength(3);
  });

  it('speaks Thai, the date warning included', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockTasks(0);
    const user = userEvent.setup();
    renderTask();
    expect(await screen.findByText('ไม่พบข้อมูล...')).toBeTruthy();
    expect(screen.getAllByText('ขั้นตอน').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /คอลัมน์/ }));
    expect(await screen.findByRole('checkbox', { name: 'สถานะโหลดไฟล์' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /ส่งออก/ }));
    expect(await findDialog('กรุณาเลือกวันที่ (เริ่มทำงานตั้งแต่) ก่อนส่งออก')).toBeTruthy();
  });
});
