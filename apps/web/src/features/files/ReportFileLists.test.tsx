import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findDialog } from '../../testing/find-dialog';
import { mockFetch } from '../../testing/mock-fetch';
import { buildReportRow, renderReport, rowOf } from '../legacy-report/legacy-report-testing';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function reportServer() {
  const rows = [
    buildReportRow({ legacyid: 'OK-JOB' }),
    buildReportRow({
      legacyid: 'BAD-JOB',
      job_instanceno: 'C1-BAD-1',
      step4_status: 'ERROR',
      status: 'ERROR',
    }),
  ];
  const fetchMock = mockFetch({
    'GET /v1/legacy/report': () => ({ result_list: rows, total_count: rows.length }),
    'POST /v3/lis-server/files/sftp/path': () => ({
      result_list: [
        { name: 'IN_1.csv', file_path: '/in/IN_1.csv', last_modify: '2026-11-20T10:00:00Z', size: 10 },
      ],
      total_count: 1,
    }),
    'POST /v1/lis-server/files/sftp/path-recursive': () => ({ result_list: [], total_count: 0 }),
  });
  return (path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => new URL(String(input)).pathname === path)
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** The footer's Close (the corner × is labelled Close too). */
const closeButton = (dialog: HTMLElement) => {
  const footer = dialog.querySelector<HTMLElement>('.ant-modal-footer');
  if (!footer) throw new Error('no modal footer');
  return within(footer).getByRole('button', { name: 'Close' });
};

describe('Legacy report file lists', { timeout: 120_000 }, () => {
  it('opens the source, return and backup folders from the row path buttons', async () => {
    const calls = reportServer();
    const user = userEvent.setup({ delay: null });
    renderReport('user');
    await screen.findAllByText('Invoice Import');
    await user.click(within(rowOf('OK-JOB')).getByRole('button', { name: 'Source folder of OK-JOB' }));
    const source = await findDialog('sFTP source: OK-JOB');
    expect(await within(source).findByText('IN_1.csv')).toBeTruthy();
    expect(within(source).getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(within(source).getByRole('button', { name: 'Delete IN_1.csv' })).toBeTruthy();
    expect(calls('/v3/lis-server/files/sftp/path')[0]).toMatchObject({
      company_code: 'C1',
      legacy_id: 'OK-JOB',
      list_type: 'sftp_source_server',
    });
    await user.click(closeButton(source));
    await waitFor(() => expect(screen.queryByText('sFTP source: OK-JOB')).toBeNull());

    await user.click(within(rowOf('OK-JOB')).getByRole('button', { name: 'Return folder of OK-JOB' }));
    await findDialog('sFTP return: OK-JOB');
    await waitFor(() =>
      expect(calls('/v3/lis-server/files/sftp/path')[1]?.list_type).toBe('sftp_return_server'),
    );
    await user.click(closeButton(await findDialog('sFTP return: OK-JOB')));

    await user.click(within(rowOf('OK-JOB')).getByRole('button', { name: 'Backup folder of OK-JOB' }));
    const backup = await findDialog('Source backup: OK-JOB');
    expect(await within(backup).findByText('No such file...')).toBeTruthy();
    // A user too: the backup folder offers Download All only (spec 000 §2, decision 0025).
    expect(within(backup).getByRole('button', { name: /Download All/ })).toBeTruthy();
    expect(within(backup).queryByRole('button', { name: /Upload/ })).toBeNull();
  });

  it('shows the step-4 error files button only on rows whose step 4 is in ERROR', async () => {
    const calls = reportServer();
    const user = userEvent.setup({ delay: null });
    renderReport('user');
    await screen.findAllByText('Invoice Import');
    expect(within(rowOf('OK-JOB')).queryByRole('button', { name: /Step 4 error source files/ })).toBeNull();
    await user.click(
      within(rowOf('BAD-JOB')).getByRole('button', { name: 'Step 4 error source files of C1-BAD-1' }),
    );
    const dialog = await findDialog('Step 4 error source files: C1-BAD-1');
    expect(within(dialog).getByRole('button', { name: /Download All/ })).toBeTruthy();
    await waitFor(() =>
      expect(calls('/v3/lis-server/files/sftp/path')[0]).toMatchObject({
        list_type: 'step4_error',
        job_instance_no: 'C1-BAD-1',
      }),
    );
  });

  it('keeps the path buttons disabled until the role has loaded', async () => {
    reportServer();
    renderReport(null);
    await screen.findAllByText('Invoice Import');
    const button = within(rowOf('OK-JOB')).getByRole('button', { name: 'Source folder of OK-JOB' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
