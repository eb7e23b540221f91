import { cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { addSample, removeSample } from './filename-samples';
import { FilenameValidatorModal } from './FilenameValidatorModal';
import { callsTo, findDialog, renderWithProviders } from './job-tools-testing';

const VALIDATE = '/v1/config/validate-sftp-filename';

/** The server's matcher: the whole regex against each sample; a bad regex answers 400. */
function fakeValidator() {
  return mockFetch({
    [`POST ${VALIDATE}`]: ({ url, body }) => {
      const regex = url.searchParams.get('regex') ?? '';
      let compiled: RegExp;
      try {
        compiled = new RegExp(`^(?:${regex})$`);
      } catch {
        return jsonResponse(
          { message: `Invalid regular expression: ${regex}`, code: 'FILENAME_REGEX_INVALID' },
          400,
        );
      }
      return { result_list: (body as string[]).filter((name) => compiled.test(name)) };
    },
  });
}

describe('sample filenames', () => {
  it('adds a non-empty name once', () => {
    expect(addSample([], ' INV_1.csv ')).toEqual(['INV_1.csv']);
    const list = ['INV_1.csv'];
    expect(addSample(list, 'INV_1.csv')).toBe(list);
    expect(addSample(list, '   ')).toBe(list);
    expect(removeSample(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('stops at the limit the server accepts', () => {
    const full = Array.from({ length: 200 }, (_, i) => `f${i}`);
    expect(addSample(full, 'one-more')).toBe(full);
  });
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal(initialRegex = 'INV_[0-9]{8}\\.csv') {
  const onOk = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <FilenameValidatorModal open initialRegex={initialRegex} onClose={onClose} onOk={onOk} />,
  );
  return { onOk, onClose };
}

async function addSamples(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>, names: string[]) {
  for (const name of names) {
    await user.click(within(dialog).getByLabelText('Sample filename'));
    await user.paste(name);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  }
}

const sampleNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByTestId('filename-sample')
    .map((row) => row.textContent);

describe('FilenameValidatorModal', { timeout: 60_000 }, () => {
  it('asks for the list first, adds samples once, and lists what the regex matches', async () => {
    const fetchMock = fakeValidator();
    const user = userEvent.setup();
    renderModal();
    const dialog = await findDialog('sFTP Source Format Filename Validate');
    expect((within(dialog).getByLabelText(/Format Filename/) as HTMLInputElement).value).toBe(
      'INV_[0-9]{8}\\.csv',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByText('Please add the list of sample filenames first.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await addSamples(dialog, user, [
      'INV_20260101.csv',
      'INV_2026.csv',
      'INV_20260101.csv',
      'INV_20261231.csv',
    ]);
    expect(sampleNames(dialog)).toEqual(['INV_20260101.csv', 'INV_2026.csv', 'INV_20261231.csv']);

    await user.click(within(dialog).getByRole('button', { name: 'Remove INV_20261231.csv' }));
    expect(sampleNames(dialog)).toEqual(['INV_20260101.csv', 'INV_2026.csv']);

    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('filename-match')
          .map((row) => row.textContent),
      ).toEqual(['INV_20260101.csv']),
    );
    const [call] = callsTo(fetchMock, 'POST', VALIDATE);
    expect(call?.url.search).toBe('?regex=INV_%5B0-9%5D%7B8%7D%5C.csv');
    expect(call?.body).toEqual(['INV_20260101.csv', 'INV_2026.csv']);
  });

  it("shows the server's message for an invalid regex; OK copies the edited regex back", async () => {
    fakeValidator();
    const user = userEvent.setup();
    const { onOk, onClose } = renderModal('');
    const dialog = await findDialog('sFTP Source Format Filename Validate');
    await addSamples(dialog, user, ['a.txt']);
    const regexInput = within(dialog).getByLabelText(/Format Filename/);
    await user.type(regexInput, '[[a-z.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByText('The format is not a valid regular expression')).toBeTruthy();
    expect(within(dialog).getByText('Invalid regular expression: [a-z.txt')).toBeTruthy();

    await user.clear(regexInput);
    await user.type(regexInput, '[[a-z]+\\.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByTestId('filename-match')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledWith('[a-z]+\\.txt');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a network failure is a warning with the error text; Close discards', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup();
    const { onOk, onClose } = renderModal();
    const dialog = await findDialog('sFTP Source Format Filename Validate');
    await addSamples(dialog, user, ['INV_20260101.csv']);
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    const warning = (await within(dialog).findByText('Could not validate the filenames')).closest(
      '.ant-alert',
    );
    expect(warning?.className).toContain('ant-alert-warning');
    expect(warning?.textContent).toContain('Cannot connect to the server');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('speaks Thai', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    fakeValidator();
    const user = userEvent.setup();
    renderModal();
    const dialog = await findDialog('ตรวจสอบรูปแบบชื่อไฟล์ sFTP Source');
    await user.click(within(dialog).getByRole('button', { name: 'ตรวจสอบ' }));
    expect(await within(dialog).findByText('กรุณาเพิ่มรายการตัวอย่างชื่อไฟล์ก่อน')).toBeTruthy();
  });
});
