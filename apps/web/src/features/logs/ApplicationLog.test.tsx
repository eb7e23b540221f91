import type { ApplicationLogRow } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { findDialog } from '../../testing/find-dialog';
import { mockFetch } from '../../testing/mock-fetch';
import { captureSavedFiles } from '../../testing/saved-files';
import { screenMessages } from '../../platform/screens/screen-messages';
import { TestProviders } from '../../testing/TestProviders';
import { APPLICATION_LOG_COLUMNS_KEY, ApplicationLog } from './ApplicationLog';

const row = (i: number, over: Partial<ApplicationLogRow> = {}): ApplicationLogRow => ({
  seq: i,
  legacyid: 'INV',
  companycode: 'ACME',
  job_instance_no: 'ACME-INV-1',
  transaction_id: `T-${i}`,
  transaction_date: '20261121',
  source_id1: `PO-${i}`,
  source_id2: '',
  source_id3: '',
  doc_type: 'INV',
  doc_year: '2026',
  item_no: String(i),
  doc_date: '20261121',
  post_date: '20261122',
  status: 'S',
  message: 'posted',
  created_on: '21-11-2026 10:00:00',
  created_at: '2026-11-21T03:00:00.000Z',
  metadata: '',
  ...over,
});

const SPECIAL = row(1, {
  status: 'E',
  message: '=cmd|" /C calc"!A0',
  source_id2: 'ใบแจ้งหนี้, งวด 1',
  metadata: '{"reason":"closed period","amount":12.5}',
});

let asked: URLSearchParams[] = [];
function mockLog(total: number) {
  asked = [];
  return mockFetch({
    'GET /v1/application/log': ({ url }) => {
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      const count = Math.max(0, Math.min(size, total - (page - 1) * size));
      return {
        result_list: Array.from({ length: count }, (_, i) =>
          (page - 1) * size + i === 0 ? SPECIAL : row((page - 1) * size + i + 1),
        ),
        total_count: total,
      };
    },
  });
}
const searched = () => asked.filter((query) => query.get('legacy_id'));
const bodyRows = () => document.querySelectorAll('.ant-table-tbody .ant-table-row');
/** Waits for `count` rows and for the table to stop loading (while it spins, its rows take no clicks). */
async function waitForRows(count: number) {
  await waitFor(() => {
    expect(bodyRows()).toHaveLength(count);
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
  });
}

function renderLog() {
  render(
    <TestProviders route="/applicationlog">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ApplicationLog />
      </ConfigProvider>
    </TestProviders>,
  );
}

async function fillSearch(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Legacy ID'), 'INV');
  await user.click(screen.getByLabelText('Transaction date from'));
  await user.type(screen.getByLabelText('Transaction date from'), '01/11/2026{Enter}');
  await user.click(screen.getByLabelText('Transaction date to'));
  await user.type(screen.getByLabelText('Transaction date to'), '21/11/2026{Enter}');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Application Log screen', { timeout: 60_000 }, () => {
  it('warns and does not search without legacy ID and both dates; company code defaults to *', async () => {
    mockLog(3);
    const user = userEvent.setup();
    renderLog();
    expect((screen.getByLabelText('Company Code') as HTMLInputElement).value).toBe('*');
    await user.type(screen.getByLabelText('Legacy ID'), 'INV');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    const warning = await findDialog('Caution!');
    expect(
      within(warning).getByText('Please fill in Legacy ID, Transaction date from and Transaction date to.'),
    ).toBeTruthy();
    expect(searched()).toHaveLength(0);
  });

  it('searches, shows the rows, opens the metadata as indented JSON', async () => {
    mockLog(3);
    const user = userEvent.setup();
    renderLog();
    // Source ID first: Enter in the date field already searches, and a second search would reload the rows.
    await user.type(screen.getByLabelText('Source ID 1'), 'PO-');
    await fillSearch(user);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitForRows(3);
    const query = searched().at(-1) ?? new URLSearchParams();
    expect(Object.fromEntries(query)).toMatchObject({
      company_code: '*',
      legacy_id: 'INV',
      transaction_date_from: '20261101',
      transaction_date_to: '20261121',
      source_id1: 'PO-',
      page: '1',
      page_size: '25',
    });
    expect(screen.getByText('Error')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'View T-1' }));
    const viewer = await findDialog('Metadata of T-1');
    expect(within(viewer).getByTestId('metadata-json').textContent).toBe(
      '{\n  "reason": "closed period",\n  "amount": 12.5\n}',
    );
    await user.click(within(viewer).getByText('Close'));
    await user.click(screen.getByRole('button', { name: 'View T-2' }));
    expect(await findDialog('This row has no metadata.')).toBeTruthy();
  });

  it('exports every row of the search as CSV (BOM, quoting, no formulas), not just the page', async () => {
    mockLog(130);
    const saved = captureSavedFiles();
    const user = userEvent.setup();
    renderLog();
    await fillSearch(user);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitForRows(25);
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('application_log_INV_20261101_20261121.csv');
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toContain('Legacy ID,Company Code,Job Instanceno,Transaction ID');
    expect(lines).toHaveLength(132); // header, 130 rows, the empty string after the last CRLF
    expect(lines[1]).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(lines[1]).toContain('"ใบแจ้งหนี้, งวด 1"');
    expect(lines[130]).toContain('T-130');
    expect(searched().map((query) => query.get('page_size'))).toContain('100');
  });

  // Issue 17: Status and Message fit a laptop; the spec's other columns are a tick away and stay chosen.
  it('shows Status and Message with the ids, the other columns through Columns, kept in the browser', async () => {
    mockLog(3);
    const user = userEvent.setup();
    renderLog();
    await fillSearch(user);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitForRows(3);
    const table = screen.getByTestId('application-log-table');
    const headers = () => Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers()).toEqual(
      expect.arrayContaining(['Legacy ID', 'Transaction ID', 'Status', 'Message', 'Created On', 'Metadata']),
    );
    expect(headers()).not.toContain('Source ID 2');
    expect(within(table).getByText('=cmd|" /C calc"!A0')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Columns/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Source ID 2' }));
    await waitFor(() => expect(headers()).toContain('Source ID 2'));
    expect(within(table).getByText('ใบแจ้งหนี้, งวด 1')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(APPLICATION_LOG_COLUMNS_KEY) ?? '[]')).toEqual(['source_id2']);

    cleanup();
    renderLog();
    await fillSearch(user);
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitForRows(3);
    const again = screen.getByTestId('application-log-table');
    expect(Array.from(again.querySelectorAll('thead th')).map((th) => th.textContent)).toContain(
      'Source ID 2',
    );
  });

  it('speaks Thai, the warning included', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockLog(0);
    const user = userEvent.setup();
    renderLog();
    await user.click(screen.getByRole('button', { name: /ค้นหา/ }));
    const warning = await findDialog('ระวัง!');
    expect(within(warning).getByText(/กรุณาระบุ Legacy ID/)).toBeTruthy();
  });

  // Issue 17: the heading stayed English in Thai; it is the menu's name for the screen.
  it('names the screen as the menu does, in Thai and in English', async () => {
    mockLog(0);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    renderLog();
    expect(await screen.findByRole('heading', { name: 'บันทึกของแอปพลิเคชัน' })).toBeTruthy();
    expect(screenMessages.th.applicationlog).toBe('บันทึกของแอปพลิเคชัน');
    expect(screen.queryByRole('heading', { name: 'Application Log' })).toBeNull();
    cleanup();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    renderLog();
    expect(await screen.findByRole('heading', { name: 'Application Log' })).toBeTruthy();
    expect(screenMessages.en.applicationlog).toBe('Application Log');
  });
});
