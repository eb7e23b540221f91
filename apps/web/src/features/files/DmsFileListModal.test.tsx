import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findDialog } from '../../testing/find-dialog';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { DmsFileListModal } from './DmsFileListModal';
import { getButton, setupUser } from '../../testing/user';

const TARGET = { companyCode: 'C1', legacyId: 'DMS-JOB', jobInstanceNo: 'C1-DMS-1' };

function renderModal() {
  return render(
    <TestProviders>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <DmsFileListModal open target={TARGET} onClose={() => undefined} />
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

describe('DMS file list', { timeout: 60_000 }, () => {
  it("says Loading..., lists the run's DMS files with kilobytes shown as bytes, and opens one", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = mockFetch({
      'GET /v2/dms/file/list': async () => {
        await gate;
        return {
          result_list: [
            {
              id: 'f-1',
              file_name: 'ใบแจ้งหนี้.pdf',
              created_on: '2026-11-20T10:15:30.000Z',
              file_size: '1.5',
              bucket: 'invoices',
            },
            {
              id: 'f-2',
              file_name: 'other.txt',
              created_on: '2026-11-20T10:15:31.000Z',
              file_size: '1024',
              bucket: 'invoices',
            },
          ],
          total_count: 2,
        };
      },
      'GET /v2/dms/file': ({ url }) =>
        url.searchParams.get('id') === 'f-1'
          ? new Response('%PDF', {
              headers: {
                'content-disposition': `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('ใบแจ้งหนี้.pdf')}`,
              },
            })
          : jsonResponse({ message: 'No such DMS file: f-2' }, 404),
    });
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:dms'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = setupUser();
    renderModal();
    expect(await screen.findByText('Loading...')).toBeTruthy();
    release();
    const row = (await screen.findByText('ใบแจ้งหนี้.pdf')).closest('tr') as HTMLElement;
    expect(within(row).getByText('1,536 B.')).toBeTruthy();
    expect(screen.getByText('1,048,576 B.')).toBeTruthy();
    const list = fetchMock.mock.calls
      .map(([input]) => new URL(String(input)))
      .find((url) => url.pathname === '/v2/dms/file/list');
    expect(Object.fromEntries(list?.searchParams ?? [])).toEqual({
      sid: '555',
      company_code: 'C1',
      legacy_id: 'DMS-JOB',
      job_instance_no: 'C1-DMS-1',
    });

    await user.click(getButton('Download ใบแจ้งหนี้.pdf', row));
    await waitFor(() => expect(saved).toEqual(['ใบแจ้งหนี้.pdf']));
    await user.click(getButton('Download other.txt'));
    const failed = await findDialog('Not successful');
    expect(within(failed).getByText('No such DMS file: f-2')).toBeTruthy();

    await user.type(screen.getByLabelText('Search by file name'), 'OTHER');
    await waitFor(() => expect(screen.queryByText('ใบแจ้งหนี้.pdf')).toBeNull());
  });

  it('views a PDF in a frame fetched inline, revokes its object URL on close, and explains a type it cannot show', async () => {
    const fetchMock = mockFetch({
      'GET /v2/dms/file/list': () => ({
        result_list: [
          {
            id: 'f-1',
            file_name: 'scan.pdf',
            created_on: '2026-11-20T10:15:30.000Z',
            file_size: '1',
            bucket: 'b',
          },
          {
            id: 'f-2',
            file_name: 'logo.zip',
            created_on: '2026-11-20T10:15:31.000Z',
            file_size: '1',
            bucket: 'b',
          },
        ],
        total_count: 2,
      }),
      'GET /v2/dms/file': () => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }),
    });
    const created: Blob[] = [];
    const revoke = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          created.push(blob);
          return 'blob:viewer-1';
        }),
        revokeObjectURL: revoke,
      }),
    );
    const user = setupUser();
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'View scan.pdf' }));
    const viewer = await findDialog('View: scan.pdf');
    await waitFor(() => expect(viewer.querySelector('iframe')?.getAttribute('src')).toBe('blob:viewer-1'));
    expect(created.map((blob) => blob.type)).toEqual(['application/pdf']);
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input)))
      .find((url) => url.pathname === '/v2/dms/file');
    expect(asked?.searchParams.get('disposition')).toBe('inline');
    expect(revoke).not.toHaveBeenCalled();
    const closeButtons = within(viewer).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:viewer-1'));

    await user.click(getButton('View logo.zip'));
    const refused = await findDialog('View: logo.zip');
    expect(within(refused).getByText(/not shown here/)).toBeTruthy();
    expect(refused.querySelector('iframe, img')).toBeNull();
    expect(getButton(/Download/, refused)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('logo'))).toHaveLength(0);
  });

  it("titles a job without DMS settings 'Error!' as the spec does (spec 000 §5, §8)", async () => {
    mockFetch({
      'GET /v2/dms/file/list': () => jsonResponse({ message: 'Job DMS-JOB has no DMS server' }, 404),
    });
    renderModal();
    const failed = await findDialog('Error!');
    expect(within(failed).getByText('Job DMS-JOB has no DMS server')).toBeTruthy();
  });
});
