import type { FileEntry, FileListKind } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findDialog } from '../../testing/find-dialog';
import { jsonResponse, mockFetch, type MockEndpoint } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { getButton, hasButton, setupUser } from '../../testing/user';
import { fileActionsFor, type FileListPlace } from './file-lists';
import { FileListModal } from './FileListModal';

const TARGET = { companyCode: 'C1', legacyId: 'INV001' };
const entry = (name: string, size: number, overrides: Partial<FileEntry> = {}): FileEntry => ({
  name,
  file_path: `/data/in/${name}`,
  last_modify: '2026-11-20T10:15:30.000Z',
  size,
  ...overrides,
});

function renderModal(list: FileListKind, options: { place?: FileListPlace; onClose?: () => void } = {}) {
  const place = options.place ?? 'monitoring';
  return render(
    <TestProviders>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <FileListModal
          open
          list={list}
          target={TARGET}
          place={place}
          actions={fileActionsFor(list, place, 'admin')}
          onClose={options.onClose ?? (() => undefined)}
        />
      </ConfigProvider>
    </TestProviders>,
  );
}

/** A file server over `files`; the calls made, by path. */
function fileServer(files: FileEntry[], endpoints: Record<string, MockEndpoint> = {}) {
  const fetchMock = mockFetch({
    'POST /v3/lis-server/files/sftp/path': () => ({ result_list: files, total_count: files.length }),
    ...endpoints,
  });
  const calls = (path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => new URL(String(input)).pathname === path)
      .map(([, init]) => ({
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
        headers: new Headers(init?.headers),
      }));
  return { calls };
}

/** The browser's downloads: the name and content of each saved blob. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        last = blob;
        return 'blob:file';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
  return saved;
}

const rowOf = (name: string) => {
  const cell = screen.getByText(name);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row of ${name}`);
  return row;
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('File-list modal', { timeout: 120_000 }, () => {
  it('lists names, dates and sizes in bytes with B., and searches names ignoring case', async () => {
    const server = fileServer([
      entry('INV_001.csv', 1234),
      entry('notes.TXT', 12),
      entry('ใบแจ้งหนี้.csv', 1048576),
    ]);
    const user = setupUser();
    renderModal('sftp_source_server');
    await screen.findByText('INV_001.csv');
    expect(within(rowOf('INV_001.csv')).getByText('1,234 B.')).toBeTruthy();
    expect(within(rowOf('ใบแจ้งหนี้.csv')).getByText('1,048,576 B.')).toBeTruthy();
    expect(within(rowOf('notes.TXT')).getByText(/^\d{2}-11-2026 \d{2}:\d{2}:30$/)).toBeTruthy();
    expect(server.calls('/v3/lis-server/files/sftp/path')[0]?.body).toEqual({
      sid: '555',
      company_code: 'C1',
      legacy_id: 'INV001',
      list_type: 'sftp_source_server',
      job_instance_no: '',
    });
    await user.type(screen.getByLabelText('Search by file name'), 'txt');
    await waitFor(() => expect(screen.queryByText('INV_001.csv')).toBeNull());
    expect(screen.getByText('notes.TXT')).toBeTruthy();
    await user.clear(screen.getByLabelText('Search by file name'));
    await user.type(screen.getByLabelText('Search by file name'), 'nothing-like-this');
    expect(await screen.findByText('No such file...')).toBeTruthy();
  });

  // LIS issue 16 point 7c: a partner's name with a bidi override is shown escaped, not reversed.
  it('shows control, bidi and invisible characters of a name escaped', async () => {
    fileServer([entry('invoice\u202Evsc.exe', 10), entry('in\u200Bvoice.csv', 20)]);
    renderModal('sftp_source_server');
    expect(await screen.findByText('invoice\\u202Evsc.exe')).toBeTruthy();
    expect(screen.getByText('in\\u200Bvoice.csv')).toBeTruthy();
    expect(getButton('Download invoice\\u202Evsc.exe')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[\u202E\u200B]/);
  });

  it('uploads one chosen file after a confirmation, and says so when none is chosen; the list reloads', async () => {
    const server = fileServer([], { 'PUT /v1/lis-server/put-file': () => ({ message: 'Uploaded new.csv' }) });
    const user = setupUser();
    renderModal('sftp_source_server');
    expect(await screen.findByText('No such file...')).toBeTruthy();
    await user.click(getButton('Upload'));
    const none = await findDialog('Please select a file before uploading');
    await user.click(getButton('OK', none));
    expect(server.calls('/v1/lis-server/put-file')).toHaveLength(0);

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['a,b\n1,2\n'], 'new.csv', { type: 'text/csv' }));
    await user.click(getButton('Upload'));
    await user.click(getButton('OK', await findDialog('Upload this file?')));
    await waitFor(() => expect(server.calls('/v1/lis-server/put-file')).toHaveLength(1));
    const [put] = server.calls('/v1/lis-server/put-file');
    expect(put?.body).toMatchObject({
      company_code: 'C1',
      legacy_id: 'INV001',
      list_type: 'sftp_source_server',
      file_name: 'new.csv',
    });
    expect(atob(String(put?.body?.data).replace(/^data:[^,]*,/, ''))).toBe('a,b\n1,2\n');
    await waitFor(() => expect(server.calls('/v3/lis-server/files/sftp/path')).toHaveLength(2));
  });

  it('deletes after OK and the action password, asking again while the server refuses it; the list reloads', async () => {
    let tries = 0;
    const server = fileServer([entry('old.csv', 5)], {
      'DELETE /v2/lis-server/rm-file': () =>
        ++tries === 1
          ? jsonResponse({ message: 'Password incorrect', code: 'ACTION_PASSWORD_WRONG' }, 403)
          : { message: 'Deleted old.csv' },
    });
    const user = setupUser();
    renderModal('sftp_source_server');
    await screen.findByText('old.csv');
    await user.click(getButton('Delete old.csv'));
    await user.click(getButton('OK', await findDialog('Delete this file?')));
    const prompt = await findDialog('Important job: enter the action password');
    await user.type(within(prompt).getByLabelText('Action password'), 'wrong');
    await user.click(getButton('Confirm', prompt));
    expect(await within(prompt).findByText('Password incorrect')).toBeTruthy();
    await user.clear(within(prompt).getByLabelText('Action password'));
    await user.type(within(prompt).getByLabelText('Action password'), 'right');
    await user.click(getButton('Confirm', prompt));
    await waitFor(() => expect(server.calls('/v3/lis-server/files/sftp/path')).toHaveLength(2));
    const deletes = server.calls('/v2/lis-server/rm-file');
    expect(deletes.map((call) => call.headers.get('x-action-password'))).toEqual(['wrong', 'right']);
    expect(deletes[1]?.body).toMatchObject({
      file_name: 'old.csv',
      file_path: '/data/in/old.csv',
      list_type: 'sftp_source_server',
    });
  });

  it('downloads one file and all files as the zip the server names', async () => {
    fileServer([entry('INV_001.csv', 4)], {
      'POST /v1/lis-server/get-source-file-with-legacyid': () =>
        new Response('abcd', { headers: { 'content-disposition': `attachment; filename="INV_001.csv"` } }),
      'POST /v1/lis-server/get-all-source-files-with-legacyid': () =>
        new Response('PK', {
          headers: {
            'content-disposition': `attachment; filename="INV001_sftp_source_server.zip"; filename*=UTF-8''INV001_sftp_source_server.zip`,
          },
        }),
    });
    const saved = captureDownloads();
    const user = setupUser();
    renderModal('sftp_source_server');
    await screen.findByText('INV_001.csv');
    await user.click(getButton('Download INV_001.csv'));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['INV_001.csv']));
    expect(await saved[0]?.blob.text()).toBe('abcd');
    await user.click(getButton(/Download All/));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(['INV_001.csv', 'INV001_sftp_source_server.zip']),
    );
  });

  it('keeps a Thai name from filename*, and shows a failed download as not successful', async () => {
    fileServer([entry('ใบแจ้งหนี้.csv', 4), entry('gone.csv', 4)], {
      'POST /v1/lis-server/get-source-file-with-legacyid': ({ body }) =>
        (body as { path: string }).path === 'gone.csv'
          ? jsonResponse({ message: 'No such file: gone.csv', code: 'FILE_NOT_FOUND' }, 404)
          : new Response('ok', {
              headers: {
                'content-disposition': `attachment; filename="_.csv"; filename*=UTF-8''${encodeURIComponent('ใบแจ้งหนี้.csv')}`,
              },
            }),
    });
    const saved = captureDownloads();
    const user = setupUser();
    renderModal('sftp_source_server');
    await screen.findByText('gone.csv');
    await user.click(getButton('Download ใบแจ้งหนี้.csv'));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['ใบแจ้งหนี้.csv']));
    await user.click(getButton('Download gone.csv'));
    const failed = await findDialog('Not successful');
    expect(within(failed).getByText('No such file: gone.csv')).toBeTruthy();
  });

  it('shows No Such Directory as an Error on the monitoring report and a Warning on detail screens; OK closes the list', async () => {
    mockFetch({
      'POST /v3/lis-server/files/sftp/path': () =>
        jsonResponse({ message: 'No such directory', code: 'FOLDER_NOT_FOUND' }, 404),
    });
    const onClose = vi.fn();
    const user = setupUser();
    renderModal('sftp_return_server', { onClose });
    const error = await findDialog('No Such Directory');
    expect(error.closest('.ant-modal-confirm-error')).toBeTruthy();
    expect(within(error).getAllByText('Error').length).toBeGreaterThan(0);
    await user.click(getButton('OK', error));
    expect(onClose).toHaveBeenCalled();
    cleanup();
    renderModal('return_success', { place: 'detail' });
    const warning = await findDialog('No Such Directory');
    expect(warning.closest('.ant-modal-confirm-warning')).toBeTruthy();
    expect(within(warning).getAllByText('Warning').length).toBeGreaterThan(0);
  });

  it('the monitoring backup folder lists every run and offers Download All only', async () => {
    const server = fileServer([], {
      'POST /v1/lis-server/files/sftp/path-recursive': () => ({
        result_list: [
          entry('INV_001.csv', 3, { job_instance_no: 'RUN-1', file_path: 'RUN-1/source/INV_001.csv' }),
        ],
        total_count: 1,
      }),
    });
    renderModal('sftp_source_backup_main_page');
    await screen.findByText('INV_001.csv');
    expect(getButton(/Download All/)).toBeTruthy();
    expect(hasButton('Download INV_001.csv')).toBe(false);
    expect(hasButton('Delete INV_001.csv')).toBe(false);
    expect(hasButton('Upload')).toBe(false);
    expect(server.calls('/v1/lis-server/files/sftp/path-recursive')[0]?.body).toMatchObject({
      list_type: 'sftp_source_backup',
    });
  });
});
