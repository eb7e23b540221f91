import type { LegacyReportRow, RoleCode } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext, SIGNED_OUT_USER } from '../../platform/auth/current-user-context';
import { findDialog } from '../../testing/find-dialog';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { buildReportRow } from '../legacy-report/legacy-report-testing';
import { LegacyTask, TASK_COLUMNS_STORAGE_KEY } from './LegacyTask';

/** The task screen as a signed-in user (`null`: the role has not loaded yet). */
function renderTask(role: RoleCode | null = 'user') {
  return render(
    <TestProviders route="/legacytask">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CurrentUserContext.Provider
          value={{ ...SIGNED_OUT_USER, username: 'u', role: role ?? undefined, found: true }}
        >
          <LegacyTask />
        </CurrentUserContext.Provider>
      </ConfigProvider>
    </TestProviders>,
  );
}

/** The task server: these runs, and the calls made. */
function mockServer(runs: LegacyReportRow[], endpoints: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /v1/legacy/task': () => ({ result_list: runs, total_count: runs.length }),
    ...endpoints,
  });
  return (path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => new URL(String(input)).pathname === path)
      .map(([input, init]) => ({ url: new URL(String(input)), headers: new Headers(init?.headers) }));
}

const rowOf = async (jobNo: string) => {
  const cell = await screen.findByTitle(jobNo);
  return cell.closest('tr') as HTMLElement;
};
const menuButton = (row: HTMLElement) =>
  row.querySelector<HTMLButtonElement>('button.legacy-report-menu-button') as HTMLButtonElement;
const openMenu = () => document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)');

const FAILED = buildReportRow({
  legacyid: 'RET',
  job_instanceno: 'C1-RET-1',
  status: 'ERROR',
  step3_status: 'ERROR',
  step4_status: '',
  message: 'step 3 (return files): folder taken',
});
const DONE = buildReportRow({ legacyid: 'OK', job_instanceno: 'C1-OK-1' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Legacy task actions (the monitoring report’s rules)', { timeout: 30_000 }, () => {
  it('runs a run’s job now from its menu after the confirmation, then reloads the list', async () => {
    const calls = mockServer([DONE], {
      'GET /v1/lis-server/run-immediate': () => ({ message: 'Job is queued', job_instance_no: 'C1-OK-2' }),
    });
    const user = userEvent.setup();
    renderTask();
    await user.click(menuButton(await rowOf('C1-OK-1')));
    await waitFor(() => expect(openMenu()).toBeTruthy());
    const menu = openMenu() as HTMLElement;
    // A job that is not suspended runs now; Continue is for a suspended one.
    expect(within(menu).getByRole('menuitem', { name: 'Continue' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Run immediately' }));
    await user.click(within(await findDialog('Do you want to re-run?')).getByRole('button', { name: 'Yes' }));
    expect(await findDialog('Success!')).toBeTruthy();
    const [run] = calls('/v1/lis-server/run-immediate');
    expect(Object.fromEntries(run?.url.searchParams ?? [])).toEqual({
      sid: '555',
      company_code: 'C1',
      legacy_id: 'OK',
      legacy_type: 'SFTP',
    });
    expect(calls('/v1/legacy/task').length).toBeGreaterThanOrEqual(2);
  });

  it('re-runs only a failed step, of that run, with the action password for an important job', async () => {
    const calls = mockServer([{ ...FAILED, important_job: 'True' }, DONE], {
      'GET /v1/lis-server/run-step': () => ({ message: 'Step 3 queued', job_instance_no: 'C1-RET-1' }),
    });
    const user = userEvent.setup();
    renderTask();
    const failed = await rowOf('C1-RET-1');
    expect(within(failed).getAllByRole('button', { name: /^Re-run step/ })).toHaveLength(1);
    expect(within(await rowOf('C1-OK-1')).queryByRole('button', { name: /^Re-run step/ })).toBeNull();
    // The failed step's badge says why, on hover.
    expect(
      within(failed)
        .getByRole('img', { name: /^Return Files Status: ERROR/ })
        .getAttribute('title'),
    ).toBe('Return Files Status: ERROR\nstep 3 (return files): folder taken');

    await user.click(within(failed).getByRole('button', { name: 'Re-run step 3: C1-RET-1' }));
    await user.click(within(await findDialog('Do you want to re-run?')).getByRole('button', { name: 'Yes' }));
    const prompt = await findDialog('Important job: enter the action password');
    await user.type(within(prompt).getByLabelText('Action password'), 'pass-word{Enter}');
    expect(await findDialog('Success!')).toBeTruthy();
    const [call] = calls('/v1/lis-server/run-step');
    expect(call?.headers.get('x-action-password')).toBe('pass-word');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toMatchObject({
      company_code: 'C1',
      legacy_id: 'RET',
      job_instance_no: 'C1-RET-1',
      step: '3',
    });
  });

  it('offers no action until the user’s role has loaded', async () => {
    mockServer([FAILED]);
    renderTask(null);
    const row = await rowOf('C1-RET-1');
    expect(menuButton(row).disabled).toBe(true);
    expect(within(row).queryByRole('button', { name: /^Re-run step/ })).toBeNull();
  });

  it('adds the spec’s other columns through Columns and keeps the choice', async () => {
    mockServer([{ ...DONE, step1_started_on: '2026-11-20T10:15:01.000Z' }]);
    const user = userEvent.setup();
    renderTask();
    await rowOf('C1-OK-1');
    expect(screen.queryByRole('columnheader', { name: 'Load Files Status' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Columns/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Load Files Status' }));
    await user.click(screen.getByRole('checkbox', { name: 'Company Code' }));
    expect(await screen.findByRole('columnheader', { name: 'Load Files Status' })).toBeTruthy();
    const row = await rowOf('C1-OK-1');
    expect(within(row).getByText(/^Started \d\d-11-2026/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(TASK_COLUMNS_STORAGE_KEY) ?? '[]')).toEqual(['company', 'step1']);
  });
});
