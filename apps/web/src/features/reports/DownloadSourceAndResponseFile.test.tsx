import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleCode } from '@lis/contracts';
import { CurrentUserContext, SIGNED_OUT_USER } from '../../platform/auth/current-user-context';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { findDialog } from '../../testing/find-dialog';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { captureSavedFiles } from '../../testing/saved-files';
import { TestProviders } from '../../testing/TestProviders';
import { buildReportRow } from '../legacy-report/legacy-report-testing';
import { DownloadSourceAndResponseFile } from './DownloadSourceAndResponseFile';

const RUNS = [
  buildReportRow({
    legacyid: 'INV001',
    job_instanceno: 'C1-INV001-1',
    step1_started_on: '2026-11-20T10:15:01.000Z',
  }),
  buildReportRow({
    legacyid: 'INV001',
    job_instanceno: 'C1-INV001-2',
    status: 'ERROR',
    step4_status: 'ERROR',
  }),
  // The task list's legacy ID filter matches any part: another job's run is left out.
  buildReportRow({ legacyid: 'INV0012', job_instanceno: 'C1-INV0012-1' }),
];

let taskQueries: URLSearchParams[] = [];
let downloads: unknown[] = [];
const sourceAnswer = () =>
  new Response('===== C1-INV001-1 / a.csv (1 bytes) =====\na\n', {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename="INV001_source.txt"; filename*=UTF-8''INV001_source.txt`,
    },
  });

let downloadAnswer: () => Response = sourceAnswer;

function mockServer() {
  taskQueries = [];
  downloads = [];
  downloadAnswer = sourceAnswer;
  return mockFetch({
    'GET /v1/legacy/task': ({ url }) => {
      taskQueries.push(url.searchParams);
      return { result_list: RUNS, total_count: RUNS.length };
    },
    'POST /v1/lis-server/get-backup-file-with-instanceids': ({ body }) => {
      downloads.push(body);
      return downloadAnswer();
    },
  });
}
const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row'));

function renderScreen(role: RoleCode = 'admin') {
  const current = {
    ...SIGNED_OUT_USER,
    username: role,
    displayName: role,
    role,
    companies: ['C1'],
    found: true,
  };
  render(
    <TestProviders route="/downloadsourceandresponsefile">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CurrentUserContext.Provider value={current}>
          <DownloadSourceAndResponseFile />
        </CurrentUserContext.Provider>
      </ConfigProvider>
    </TestProviders>,
  );
}

async function search(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Company Code'), 'C1');
  await user.type(screen.getByLabelText('Legacy ID'), 'INV001');
  await user.click(screen.getByLabelText('Job start from'));
  await user.type(screen.getByLabelText('Job start from'), '20/11/2026{Enter}');
  await user.click(screen.getByLabelText('Job start to'));
  await user.type(screen.getByLabelText('Job start to'), '21/11/2026{Enter}');
  await user.click(screen.getByRole('button', { name: /Search/ }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Download Source And Response File screen', { timeout: 60_000 }, () => {
  it("warns 'Caution!' until every search field is filled", async () => {
    mockServer();
    const user = userEvent.setup();
    renderScreen();
    await user.type(screen.getByLabelText('Company Code'), 'C1');
    await user.type(screen.getByLabelText('Legacy ID'), 'INV001');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    const warning = await findDialog('Caution!');
    expect(within(warning).getByText(/Please fill in all search fields/)).toBeTruthy();
    expect(taskQueries).toHaveLength(0);
  });

  it('finds up to 1000 runs of exactly that job, and downloads the chosen runs as text files', async () => {
    mockServer();
    const saved = captureSavedFiles();
    const user = userEvent.setup();
    renderScreen();
    await search(user);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(Object.fromEntries(taskQueries[0] ?? [])).toMatchObject({
      company_code: 'C1',
      legacy_id: 'INV001',
      job_started_on_from: '20261120000000',
      job_started_on_to: '20261121000000',
      page: '1',
      page_size: '1000',
    });
    const monitor = within(bodyRows()[0]!).getByRole('link');
    expect(monitor.getAttribute('target')).toBe('_blank');
    expect(monitor.getAttribute('href')).toContain(
      '/legacydetail?company_code=C1&legacy_id=INV001&job_no=C1-INV001-1&legacytype=SFTP',
    );

    await user.click(screen.getByRole('button', { name: /Download Source File/ }));
    const noRun = await findDialog('Select at least one run first.');
    expect(downloads).toHaveLength(0);
    await user.click(within(noRun).getByRole('button', { name: 'OK' }));

    await user.click(within(bodyRows()[0]!).getByRole('checkbox'));
    await user.click(within(bodyRows()[1]!).getByRole('checkbox'));
    expect(screen.getByTestId('download-selected-count').textContent).toBe('2 selected');
    await user.click(screen.getByRole('button', { name: /Download Source File/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('INV001_source.txt');
    expect(await saved[0]!.blob.text()).toContain('===== C1-INV001-1 / a.csv');
    expect(downloads[0]).toEqual({
      sid: '555',
      company_code: 'C1',
      legacy_id: 'INV001',
      lis_type: 'source',
      job_instance_no_list: ['C1-INV001-1', 'C1-INV001-2'],
    });

    downloadAnswer = () => jsonResponse({ message: 'The selected runs have no such files' }, 404);
    await user.click(screen.getByRole('button', { name: /Download Response File/ }));
    const failed = await findDialog('Not successful');
    expect(within(failed).getByText('The selected runs have no such files')).toBeTruthy();
    expect(downloads[1]).toMatchObject({ lis_type: 'response' });
  });

  it('gives a user the two downloads too (spec 000 route table: the screen is for all)', async () => {
    mockServer();
    const user = userEvent.setup();
    const saved = captureSavedFiles();
    renderScreen('user');
    await search(user);
    await waitFor(() => expect(bodyRows()).toHaveLength(2), { timeout: 10_000 });
    await user.click(within(bodyRows()[0]!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Download Source File/ }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(saved[0]?.name).toBe('INV001_source.txt');
    await user.click(screen.getByRole('button', { name: /Download Response File/ }));
    await waitFor(() => expect(downloads).toHaveLength(2), { timeout: 10_000 });
    expect(downloads[1]).toMatchObject({ lis_type: 'response', job_instance_no_list: ['C1-INV001-1'] });
  });

  it('speaks Thai, the caution included', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockServer();
    const user = userEvent.setup();
    renderScreen();
    expect(screen.getByRole('button', { name: /ดาวน์โหลดไฟล์ต้นทาง/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /ค้นหา/ }));
    const warning = await findDialog('ระวัง!');
    expect(within(warning).getByText(/กรุณากรอกเงื่อนไขการค้นหาให้ครบทุกช่อง/)).toBeTruthy();
  });
});
