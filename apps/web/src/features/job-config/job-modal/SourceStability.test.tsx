import { SOURCE_EXCLUDE_NAMES_DEFAULT } from '@lis/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildJobConfig } from '../testing/build-job-config';
import { findDialog } from '../../../testing/find-dialog';
import { fakeJobServer, renderJobConfig } from '../testing/job-config-test-kit';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const source = (dialog: HTMLElement) => within(dialog).getByTestId('job-section-source');
const field = (dialog: HTMLElement, label: string) =>
  within(source(dialog)).getByLabelText(label) as HTMLInputElement;
/** Sets a text box at once (typing `{` would be a user-event key descriptor). */
const fill = (element: HTMLInputElement, value: string) => fireEvent.change(element, { target: { value } });

const STORED = buildJobConfig({
  sftp_source_server_id: 'SFTP_A',
  sftp_source_path: '/in',
  sftp_source_min_age_seconds: 90,
  sftp_source_done_marker: '{name}.done',
  sftp_source_exclude_names: '*.bak',
});

/** Step 1 stability options in the job modal's Source sFTP Server section (decision 0018). */
describe('Job modal: source stability options', { timeout: 60_000 }, () => {
  it('edits them: shown as stored, saved with the update', async () => {
    const api = fakeJobServer([STORED]);
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(screen.getByRole('button', { name: 'Edit ACME INV01' }));
    const dialog = await findDialog('Edit Job Config: INV01');
    expect(field(dialog, 'Minimum File Age (seconds)').value).toBe('90');
    expect(field(dialog, 'Done-Marker').value).toBe('{name}.done');
    expect(field(dialog, 'Excluded Names').value).toBe('*.bak');

    await user.clear(field(dialog, 'Minimum File Age (seconds)'));
    await user.type(field(dialog, 'Minimum File Age (seconds)'), '300');
    fill(field(dialog, 'Done-Marker'), ' {base}.ok ');
    fill(field(dialog, 'Excluded Names'), '');
    await user.click(within(dialog).getByTestId('job-form-save'));
    await findDialog('Saved data successfully');
    const [put] = api.calls('PUT', '/v1/config/job-config/update');
    expect(put?.body).toMatchObject({
      sftp_source_min_age_seconds: 300,
      sftp_source_done_marker: '{base}.ok',
      sftp_source_exclude_names: '',
    });
  });

  it('a new job: no age, no marker, the default names shown; a marker without {name} or {base} is refused', async () => {
    const api = fakeJobServer();
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(screen.getByTestId('job-config-add'));
    const dialog = await findDialog('Add Job Config');
    expect(field(dialog, 'Minimum File Age (seconds)').value).toBe('0');
    expect(field(dialog, 'Done-Marker').value).toBe('');
    expect(field(dialog, 'Excluded Names').value).toBe('');
    expect(field(dialog, 'Excluded Names').placeholder).toBe(SOURCE_EXCLUDE_NAMES_DEFAULT);

    fill(field(dialog, 'Done-Marker'), 'x.done');
    expect(
      await within(source(dialog)).findByText(
        'Use {name} or {base} once, with text before or after it, and no / or \\',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByTestId('job-form-save'));
    await waitFor(() => expect(screen.getByTestId('job-form-modal')).toBeTruthy());
    expect(api.calls('POST', '/v1/config/job-config/add')).toHaveLength(0);
  });

  it('explains each option in a tooltip', async () => {
    fakeJobServer();
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(screen.getByTestId('job-config-add'));
    const dialog = await findDialog('Add Job Config');
    for (const [label, help] of [
      ['Minimum File Age (seconds)', /writer may pause in the middle of a file/],
      ['Done-Marker', /x\.csv waits for x\.csv\.done/],
      ['Excluded Names', /A list of your own replaces the defaults/],
    ] as const) {
      const labelled = within(source(dialog)).getByText(label).closest('label')!;
      await user.hover(labelled.querySelector('[aria-label="question-circle"]')!);
      expect(await screen.findByText(help)).toBeTruthy();
    }
  });

  it('Create From Template copies them', async () => {
    fakeJobServer([STORED]);
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(screen.getByTestId('job-config-template'));
    const modal = await findDialog('Create From Template');
    await user.click(within(modal).getByRole('combobox'));
    await user.click(await screen.findByText('555, ACME, INV01'));
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    const dialog = await findDialog('Add Job Config');
    expect(field(dialog, 'Minimum File Age (seconds)').value).toBe('90');
    expect(field(dialog, 'Done-Marker').value).toBe('{name}.done');
    expect(field(dialog, 'Excluded Names').value).toBe('*.bak');
  });

  it('speaks Thai', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    fakeJobServer([STORED]);
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(screen.getByTestId('job-config-add'));
    const dialog = await findDialog('เพิ่ม Job Config');
    expect(field(dialog, 'อายุไฟล์ขั้นต่ำ (วินาที)').value).toBe('0');
    expect(field(dialog, 'ไฟล์สัญญาณเสร็จ (Done-Marker)')).toBeTruthy();
    expect(field(dialog, 'ชื่อไฟล์ที่ไม่รับ')).toBeTruthy();
  });
});
