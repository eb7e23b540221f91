import type { SystemLogRow } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { TestProviders } from '../../testing/TestProviders';
import { DetailLogTable } from './DetailLogTable';

const line = (seq: number, log_type: string, message: string): SystemLogRow => ({
  seq,
  sid: '555',
  companycode: 'C1',
  job_instanceno: 'C1-JOB-1',
  log_type,
  message,
  created_on: '20-11-2026 10:15:00',
  created_at: '2026-11-20T03:15:00.000Z',
  msg_source: 'worker',
});
const ROWS = [
  line(1, 'INFO', 'Step 1 started'),
  line(2, 'ERROR', 'Step 3 failed: invoice.csv <b>bad</b>'),
  line(3, 'INFO', 'ขั้นตอนที่ 4 สำเร็จ'),
];

function renderTable() {
  return render(
    <TestProviders>
      <DetailLogTable rows={ROWS} total={3} page={1} pageSize={50} pending={false} onPage={() => undefined} />
    </TestProviders>,
  );
}
const messages = () =>
  [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(
    (row) => row.querySelectorAll('td')[1]?.textContent,
  );

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Monitor Detail: the searchable log', { timeout: 60_000 }, () => {
  it('filters by text and level, marks the matches as text, and copies the shown lines', async () => {
    vi.stubGlobal('isSecureContext', true);
    const user = userEvent.setup();
    renderTable();
    expect(messages()).toHaveLength(3);
    await user.type(screen.getByRole('searchbox', { name: 'Find in these lines' }), 'STEP');
    await waitFor(() =>
      expect(messages()).toEqual(['Step 1 started', 'Step 3 failed: invoice.csv <b>bad</b>']),
    );
    expect([...document.querySelectorAll('mark.log-filter-match')].map((mark) => mark.textContent)).toEqual([
      'Step',
      'Step',
    ]);
    expect(document.querySelector('.ant-table-tbody b')).toBeNull();
    expect(screen.getByTestId('log-filter-count').textContent).toBe('2 of 3 lines shown');

    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByTitle('ERROR'));
    await waitFor(() => expect(messages()).toEqual(['Step 3 failed: invoice.csv <b>bad</b>']));
    await user.click(screen.getByRole('button', { name: /Copy lines/ }));
    // user-event's clipboard stands in for the browser's.
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toMatch(
        /^20-11-2026 \d\d:15:00\tERROR\tStep 3 failed: invoice\.csv <b>bad<\/b>\tworker$/,
      ),
    );
  });

  it('speaks Thai and finds Thai text', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    const user = userEvent.setup();
    renderTable();
    await user.type(screen.getByRole('searchbox', { name: 'ค้นหาในบรรทัดเหล่านี้' }), 'สำเร็จ');
    await waitFor(() => expect(messages()).toEqual(['ขั้นตอนที่ 4 สำเร็จ']));
    expect(screen.getByTestId('log-filter-count').textContent).toBe('แสดง 1 จาก 3 บรรทัด');
    expect(within(document.body).getByRole('button', { name: /คัดลอกบรรทัด/ })).toBeTruthy();
  });
});
