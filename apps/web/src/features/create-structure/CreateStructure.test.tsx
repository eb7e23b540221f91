import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../testing/TestProviders';
import { CreateStructure } from './CreateStructure';

/** Thai letters U+0E01–U+0E5B are the bytes 0xA1–0xFB in windows-874; ASCII is itself. */
function windows874(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0) ?? 0;
      return code >= 0x0e01 && code <= 0x0e5b ? code - 0x0e00 + 0xa0 : code;
    }),
  );
}

function renderScreen() {
  const view = render(
    <TestProviders>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CreateStructure />
      </ConfigProvider>
    </TestProviders>,
  );
  // rc-upload replaces its input after every pick: look it up each time.
  const input = () => {
    const element = view.container.querySelector<HTMLInputElement>('input[type=file]');
    if (!element) throw new Error('no file input');
    return element;
  };
  return { input };
}

/** Catches the files the screen saves: their names and text. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return {
    saved,
    text: async (name: string) => {
      const file = saved.find((entry) => entry.name === name);
      if (!file) throw new Error(`${name} was not saved`);
      return new TextDecoder().decode(await file.blob.arrayBuffer());
    },
  };
}

/** The mode buttons are radios whose input takes no pointer events: click their label. */
async function chooseMode(user: ReturnType<typeof userEvent.setup>, name: string) {
  const label = screen.getByRole('radio', { name }).closest('label');
  if (!label) throw new Error(`no mode ${name}`);
  await user.click(label);
}

/**
 * The newest dialog showing a title (antd renders a confirm's title twice, every id is 'test-id', and a
 * closed confirmation may still be leaving).
 */
async function findDialog(title: string): Promise<HTMLElement> {
  const match = (await screen.findAllByText(title)).at(-1);
  const dialog = match?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

const rowOf = (name: string) => {
  const cell = screen.getAllByRole('cell').find((element) => element.textContent === name);
  const row = cell?.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Create Structure screen', { timeout: 30_000 }, () => {
  it('converts a windows-874 fixed-width file and downloads both outputs with the Thai text intact', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    const { input } = renderScreen();
    const fixed = new File([windows874('0001สมชาย  \r\n0002สมหญิง \r\n')], 'staff.txt', {
      type: 'text/plain',
    });
    await user.upload(input(), fixed);
    const row = rowOf('staff.txt');
    expect(within(row).getByText('26 bytes')).toBeTruthy();
    expect(within(row).getByText('text/plain')).toBeTruthy();

    await chooseMode(user, 'Fixed range');
    await user.type(screen.getByLabelText('Ranges'), '1-4,5-11');
    await user.click(screen.getByRole('button', { name: /Create/ }));
    await screen.findByText(/^2 records converted\./);
    expect(within(rowOf('staff.txt')).getByText('Windows-874 (Thai)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Download$/ }));
    expect(downloads.saved.map((file) => file.name)).toEqual(['json_format.txt', 'json_string_format.txt']);
    const expected = {
      total_count: 2,
      data_list: [
        {
          file_name: 'staff.txt',
          data: [
            { col_0001: '0001', col_0002: 'สมชาย  ' },
            { col_0001: '0002', col_0002: 'สมหญิง ' },
          ],
        },
      ],
    };
    const pretty = await downloads.text('json_format.txt');
    expect(pretty).toBe(JSON.stringify(expected, null, 2));
    expect(JSON.parse(JSON.parse(await downloads.text('json_string_format.txt')) as string)).toEqual(
      expected,
    );

    // One file alone, from the menu beside Download.
    downloads.saved.length = 0;
    await user.click(screen.getByRole('button', { name: 'Download one file' }));
    await user.click(await screen.findByText('json_string_format.txt'));
    expect(downloads.saved.map((file) => file.name)).toEqual(['json_string_format.txt']);
  });

  it('asks for a file first, names a file over 5,242,880 bytes and does not add it, nor the same file twice', async () => {
    const user = userEvent.setup();
    const { input } = renderScreen();
    await user.click(screen.getByRole('button', { name: /Create/ }));
    expect(await screen.findByText('Add at least one file first.')).toBeTruthy();
    const big = new File([new Uint8Array(5_242_881)], 'big.csv', { type: 'text/csv' });
    const small = new File(['a,b\n'], 'small.csv', { type: 'text/csv' });
    await user.upload(input(), [big, small]);
    const dialog = await findDialog('File too large');
    expect(
      within(dialog).getByText(
        'File "big.csv" is 5,242,881 bytes; the limit is 5,242,880 bytes. It was not added.',
      ),
    ).toBeTruthy();
    expect(rowOf('small.csv')).toBeTruthy();
    expect(screen.queryAllByRole('cell').some((cell) => cell.textContent === 'big.csv')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    // Dropping the same disk file again gives a new File object with the same name, size and time.
    const again = new File(['a,b\n'], 'small.csv', { type: 'text/csv', lastModified: small.lastModified });
    await user.upload(input(), again);
    expect(await screen.findByText('Already in the list, not added again: small.csv')).toBeTruthy();
    // Still one row: its Name and Path cells.
    expect(screen.getAllByRole('cell').filter((cell) => cell.textContent === 'small.csv')).toHaveLength(2);
  });

  it('shows a bad range under the field and a JSON error in a dialog, in Thai', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    const user = userEvent.setup();
    const { input } = renderScreen();
    await user.upload(input(), new File(['{"a": [1, 2,, 3]}'], 'broken.json', { type: 'application/json' }));

    await chooseMode(user, 'กำหนดช่วงตำแหน่ง (Fixed range)');
    await user.type(screen.getByLabelText('ช่วงตำแหน่ง'), '1-4,x');
    await user.click(screen.getByRole('button', { name: /สร้าง/ }));
    expect(await screen.findByText('"x" ไม่ใช่ช่วงที่ถูกต้อง กรุณาระบุช่วง เช่น 1-10,11-20')).toBeTruthy();

    await chooseMode(user, 'JSON');
    await user.click(screen.getByRole('button', { name: /สร้าง/ }));
    const dialog = await findDialog('แปลงไฟล์ไม่สำเร็จ');
    expect(
      within(dialog).getByText('ไฟล์ "broken.json" ไม่ใช่ JSON ที่ถูกต้อง: พบอักขระ "," ที่ไม่คาดคิด บรรทัด 1 คอลัมน์ 13'),
    ).toBeTruthy();
  });

  it('deletes a file only after Yes, and forgets the conversion so Download waits for a new Create', async () => {
    const user = userEvent.setup();
    const { input } = renderScreen();
    await user.upload(input(), [new File(['a\nb\n'], 'one.txt'), new File(['c\n'], 'two.txt')]);
    await user.click(screen.getByRole('button', { name: /Create/ }));
    await screen.findByText(/^3 records converted\./);
    const download = screen.getByRole('button', { name: /Download$/ });
    expect(download.hasAttribute('disabled')).toBe(false);

    await user.click(within(rowOf('one.txt')).getByRole('button', { name: 'Delete one.txt' }));
    let dialog = await findDialog('Delete data?');
    expect(within(dialog).getByText('Do you want to delete? (one.txt)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(rowOf('one.txt')).toBeTruthy();

    const shown = () => screen.queryAllByText('Delete data?').length;
    const before = shown();
    await user.click(within(rowOf('one.txt')).getByRole('button', { name: 'Delete one.txt' }));
    await waitFor(() => expect(shown()).toBeGreaterThan(before));
    dialog = await findDialog('Delete data?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.queryAllByRole('cell').some((cell) => cell.textContent === 'one.txt')).toBe(false),
    );
    expect(rowOf('two.txt')).toBeTruthy();
    expect(screen.queryByText(/records converted/)).toBeNull();
    expect(screen.getByRole('button', { name: /Download$/ }).hasAttribute('disabled')).toBe(true);
  });
});
