import type { DailyReportRow } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { mockFetch } from '../../testing/mock-fetch';
import { captureSavedFiles } from '../../testing/saved-files';
import { LocationProbe, TestProviders } from '../../testing/TestProviders';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { DailyReport } from './DailyReport';

const ROW: DailyReportRow = {
  report_date: '2026-11-21',
  companycode: 'C1',
  legacyid: '=INV001',
  legacyname: 'นำเข้าใบแจ้งหนี้, รายวัน',
  legacytype: 'IN_WAIT',
  run_count: 4,
  finished_count: 1,
  warning_count: 0,
  error_count: 1,
  running_count: 1,
  skipped_count: 0,
  stopped_count: 1,
  files_loaded: 4,
  files_returned: 2,
  first_started_on: '2026-11-21T01:00:01.000Z',
  last_finished_on: '',
};

let asked: URLSearchParams[] = [];
function mockReport(rows: DailyReportRow[] = [ROW]) {
  asked = [];
  return mockFetch({
    'GET /v1/legacy/daily-report': ({ url }) => {
      asked.push(url.searchParams);
      return { result_list: rows, total_count: rows.length };
    },
    'GET /v1/company_master': () => ({
      result_list: [
        { sid: '555', company_code: 'C1', company_name: 'First Co', status: 'A' },
        { sid: '555', company_code: 'C2', company_name: 'Second Co', status: 'A' },
      ],
      total_count: 2,
    }),
  });
}

function renderReport(route: string) {
  render(
    <TestProviders route={route}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Routes>
          <Route path="/daily-report" element={<DailyReport />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </ConfigProvider>
    </TestProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Daily Report screen', { timeout: 60_000 }, () => {
  it('puts today in place of a missing date (no error), and keeps the address in sync', async () => {
    mockReport();
    renderReport('/daily-report?companycode=C1&date_from=20261121&sid=555');
    const today = dayjs().format('YYYYMMDD');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/daily-report?companycode=C1&date_from=20261121&sid=555&date_to=${today}`,
      ),
    );
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.get('date_from')).toBe('20261121');
    expect(asked[0]?.get('date_to')).toBe(today);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect((screen.getByLabelText('Date from') as HTMLInputElement).value).toBe('21/11/2026');
    expect((screen.getByLabelText('Date to') as HTMLInputElement).value).toBe(dayjs().format('DD/MM/YYYY'));
  });

  it('searches with the picked dates and companies, writing them into the address', async () => {
    mockReport();
    const user = userEvent.setup();
    renderReport('/daily-report?date_from=20261101&date_to=20261121&sid=555');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.getAll('company_code')).toEqual([]);

    await user.click(screen.getByLabelText('Company Code'));
    await user.click(await screen.findByText('C2 : Second Co'));
    const from = screen.getByLabelText('Date from');
    await user.clear(from);
    await user.type(from, '05/11/2026{Enter}');
    await user.click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/daily-report?date_from=20261105&date_to=20261121&sid=555&companycode=C2',
      ),
    );
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.getAll('company_code')).toEqual(['C2']);
    expect(asked[1]?.get('date_from')).toBe('20261105');
    expect(screen.getByTestId('daily-report-range').textContent).toContain('05-11-2026 to 21-11-2026');
  });

  it('says on the page which date in the address is not one, and asks nothing', async () => {
    mockReport();
    renderReport('/daily-report?date_from=2026-13-01&date_to=20261121');
    expect((await screen.findByTestId('daily-report-bad-date')).textContent).toContain(
      'date_from is not a date (yyyymmdd or dd/mm/yyyy): 2026-13-01',
    );
    expect(asked).toHaveLength(0);
    expect((screen.getByLabelText('Date to') as HTMLInputElement).value).toBe('21/11/2026');
  });

  it('reads the address (several companies, dd/mm/yyyy or yyyymmdd), shows the table and exports it', async () => {
    mockReport();
    const saved = captureSavedFiles();
    const user = userEvent.setup();
    renderReport('/daily-report?companycode=C1,C2&date_from=01/11/2026&date_to=20261121&sid=555');
    const table = await screen.findByTestId('daily-report-table');
    await waitFor(() => expect(within(table).getByText('=INV001')).toBeTruthy());
    expect(asked[0]?.getAll('company_code')).toEqual(['C1', 'C2']);
    expect(asked[0]?.get('date_from')).toBe('20261101');
    expect(asked[0]?.get('date_to')).toBe('20261121');
    expect(screen.getByTestId('daily-report-range').textContent).toContain('01-11-2026 to 21-11-2026');
    expect(within(table).getByText('21-11-2026')).toBeTruthy();
    for (const title of ['Runs', 'Finished', 'Warning', 'Error', 'Stopped'])
      expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
    // Issue 31: the other counts are a tick away in "Columns" at 1366 px.
    expect(within(table).queryByText('Running')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('daily_report_20261101_20261121.csv');
    const text = await saved[0]!.blob.text();
    const [header, line] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Date,Company Code,Legacy ID,Legacy Name,File Deadline,Runs,Finished,Warning,Error,Stopped,Running,Skipped,Files Loaded,Files Returned,First Start,Last Finish',
    );
    expect(line).toMatch(
      /^21-11-2026,C1,'=INV001,"นำเข้าใบแจ้งหนี้, รายวัน",,4,1,0,1,1,1,0,4,2,21-11-2026 \d\d:00:01,$/,
    );
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockReport();
    renderReport('/daily-report?date_from=20261121&date_to=20261121');
    expect(await screen.findByLabelText('ตั้งแต่วันที่')).toBeTruthy();
    expect(screen.getByLabelText('ถึงวันที่')).toBeTruthy();
    expect(screen.getByRole('button', { name: /ค้นหา/ })).toBeTruthy();
    // Issue 31: the runs an operator stopped have a column of their own, apart from the errors.
    const table = await screen.findByTestId('daily-report-table');
    expect((await within(table).findAllByText('ถูกสั่งหยุด')).length).toBeGreaterThan(0);
    expect(within(table).getAllByText('ผิดพลาด').length).toBeGreaterThan(0);
  });

  // Issue 35: the day's file deadline of each job that expects files, and the days that went MISSING.
  const deadlineRows = (): DailyReportRow[] => [
    {
      ...ROW,
      legacyname: 'Payroll',
      legacyid: 'PAYROLL-IN',
      expectation_state: 'MISSING',
      deadline_at: '2026-11-21T03:00:00.000Z',
    },
    {
      ...ROW,
      legacyname: 'Bank',
      legacyid: 'BANK-IN',
      expectation_state: 'RECOVERED',
      deadline_at: '2026-11-21T02:30:00.000Z',
    },
    { ...ROW, legacyname: 'Plain', legacyid: 'PLAIN' },
  ];
  const rowOf = (id: string) =>
    Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row')).find((r) =>
      r.textContent?.includes(id),
    )!;

  for (const [language, title, missingLine, help] of [
    [
      'en',
      'File Deadline',
      'File deadlines missed (MISSING): 1',
      'The deadline passed and the expected files did not arrive.',
    ],
    ['th', 'กำหนดเวลาไฟล์', 'ไฟล์ไม่มาตามกำหนดเวลา (MISSING): 1', 'เลยกำหนดเวลาแล้ว และไฟล์ที่คาดไว้ไม่มา'],
  ] as const)
    it(`shows each job's file deadline and state, and counts the MISSING days (${language})`, async () => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      setDisplayTimeZone('Asia/Bangkok');
      mockReport(deadlineRows());
      const saved = captureSavedFiles();
      const user = userEvent.setup();
      renderReport('/daily-report?date_from=20261121&date_to=20261121');
      const table = await screen.findByTestId('daily-report-table');
      await waitFor(() => expect(within(table).getByText('PAYROLL-IN')).toBeTruthy());
      expect(within(table).getAllByText(title).length).toBeGreaterThan(0);

      const missing = within(rowOf('PAYROLL-IN')).getByTestId('daily-deadline');
      expect(missing.firstElementChild?.textContent).toBe('10:00');
      const tag = within(missing).getByText('MISSING');
      expect(tag.className).toContain('lis-expectation-red');
      expect(tag.getAttribute('title')).toContain(help);
      const recovered = within(rowOf('BANK-IN')).getByTestId('daily-deadline');
      expect(recovered.textContent).toBe('09:30RECOVERED');
      expect(within(recovered).getByText('RECOVERED').className).toContain('lis-expectation-green');
      expect(within(rowOf('PLAIN')).queryByTestId('daily-deadline')).toBeNull();
      expect(screen.getByTestId('daily-report-missing').textContent).toBe(missingLine);

      await user.click(screen.getByRole('button', { name: language === 'en' ? /Export CSV/ : /ส่งออก CSV/ }));
      await waitFor(() => expect(saved).toHaveLength(1));
      const lines = (await saved[0]!.blob.text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]?.split(',')[4]).toBe(title);
      expect(lines.slice(1, 4).map((line) => line.split(',')[4])).toEqual([
        '10:00 MISSING',
        '09:30 RECOVERED',
        '',
      ]);
    });

  it('says nothing of MISSING days when no job of the report expects files', async () => {
    mockReport();
    renderReport('/daily-report?date_from=20261121&date_to=20261121');
    const table = await screen.findByTestId('daily-report-table');
    await waitFor(() => expect(within(table).getByText('=INV001')).toBeTruthy());
    expect(screen.queryByTestId('daily-report-missing')).toBeNull();
    expect(within(rowOf('=INV001')).getByText('-')).toBeTruthy();
  });
});
