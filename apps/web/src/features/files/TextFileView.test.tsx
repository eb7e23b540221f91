import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { findDialog } from '../../testing/find-dialog';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { getButton, setupUser } from '../../testing/user';
import { DmsFileListModal } from './DmsFileListModal';

const TARGET = { companyCode: 'C1', legacyId: 'DMS-JOB', jobInstanceNo: 'C1-DMS-1' };

/** Thai as windows-874 (TIS-620: U+0E01–U+0E5B at 0xA1–0xFB), as the demo's payroll file is written. */
function windows874(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(
    [...text].map((c) => {
      const code = c.codePointAt(0) ?? 0x3f;
      return code < 0x80 ? code : code - 0x0d60;
    }),
  );
}

const PAYROLL =
  'E0000001สมชาย ใจดี                      1234.50\r\nE0000002สมหญิง รักไทย                    99.00\r\n';
const FILES: Record<string, { bytes: Uint8Array<ArrayBuffer>; total?: number }> = {
  'payroll_th.txt': { bytes: windows874(PAYROLL), total: 900_000 },
  'orders.csv': {
    bytes: new TextEncoder().encode(
      'id,customer,amount\r\nORD-1,"Siam, Ltd.",12.50\r\nORD-2,"say ""hi""",3\r\n',
    ),
  },
  'page.html': { bytes: new TextEncoder().encode('<b id="bold">bold</b><img src=x onerror="alert(1)">') },
  'invoice.json': { bytes: new TextEncoder().encode('{"invoice_no":"INV-1","lines":[{"sku":"RICE"}]}') },
};

function renderList() {
  const asked: URL[] = [];
  mockFetch({
    'GET /v2/dms/file/list': () => ({
      result_list: Object.keys(FILES).map((name, index) => ({
        id: `f-${index}`,
        file_name: name,
        created_on: '2026-11-20T10:15:30.000Z',
        file_size: '1',
        bucket: 'b',
      })),
      total_count: Object.keys(FILES).length,
    }),
    'GET /v2/dms/file': ({ url }) => {
      asked.push(url);
      const name = Object.keys(FILES)[Number(url.searchParams.get('id')?.slice(2))] ?? '';
      const file = FILES[name] as { bytes: Uint8Array<ArrayBuffer>; total?: number };
      return new Response(file.bytes, {
        headers: {
          'content-type': 'application/octet-stream',
          'x-file-size': String(file.total ?? file.bytes.length),
        },
      });
    },
  });
  render(
    <TestProviders>
      <DmsFileListModal open target={TARGET} onClose={() => undefined} />
    </TestProviders>,
  );
  return asked;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('text viewer', { timeout: 60_000 }, () => {
  it('shows a windows-874 Thai file as Thai, asks only the first 256 KiB and says how much of it is shown', async () => {
    const asked = renderList();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'View payroll_th.txt' }));
    const viewer = await findDialog('View: payroll_th.txt');
    const text = await within(viewer).findByLabelText('payroll_th.txt');
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe(PAYROLL);
    expect(asked[0]?.searchParams.get('limit')).toBe(String(256 * 1024));
    expect(asked[0]?.searchParams.get('disposition')).toBeNull();
    expect(within(viewer).getByTestId('text-viewer-extent').textContent).toMatch(
      /^The first \d+ B of 878\.9 KiB are shown/,
    );
    expect(within(viewer).getByText('Detect (Thai (windows-874 / TIS-620))')).toBeTruthy();
  });

  it('shows a CSV as a table (quoted fields whole), and as text on request', async () => {
    renderList();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'View orders.csv' }));
    const viewer = await findDialog('View: orders.csv');
    const table = await within(viewer).findByRole('table', { name: 'orders.csv' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['id', 'customer', 'amount'],
      ['ORD-1', 'Siam, Ltd.', '12.50'],
      ['ORD-2', 'say "hi"', '3'],
    ]);
    expect(within(viewer).getByTestId('text-viewer-extent').textContent).toMatch(/^The whole file is shown/);
    await user.click(within(viewer).getByText('Text'));
    expect((await within(viewer).findByLabelText('orders.csv')).textContent).toContain('"Siam, Ltd."');
  });

  it("shows an HTML file's source as text: no element of it reaches the page", async () => {
    renderList();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'View page.html' }));
    const viewer = await findDialog('View: page.html');
    const text = await within(viewer).findByLabelText('page.html');
    expect(text.textContent).toBe('<b id="bold">bold</b><img src=x onerror="alert(1)">');
    expect(text.children).toHaveLength(0);
    expect(document.getElementById('bold')).toBeNull();
    expect(viewer.querySelector('img, iframe')).toBeNull();
  });

  it('pretty-prints JSON, in Thai with the Thai labels', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    renderList();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'เปิดดู invoice.json' }));
    const viewer = await findDialog('เปิดดู: invoice.json');
    const text = await within(viewer).findByLabelText('invoice.json');
    await waitFor(() =>
      expect(text.textContent).toBe(
        '{\n  "invoice_no": "INV-1",\n  "lines": [\n    {\n      "sku": "RICE"\n    }\n  ]\n}',
      ),
    );
    expect(within(viewer).getByText('การเข้ารหัส')).toBeTruthy();
    expect(within(viewer).getByTestId('text-viewer-extent').textContent).toMatch(/^แสดงทั้งไฟล์/);
    expect(getButton('ดาวน์โหลด', viewer)).toBeTruthy();
  });
});
