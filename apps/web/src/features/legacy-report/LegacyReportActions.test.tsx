import type { LegacyReportRow } from '@lis/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { buildReportRow, findDialog, renderReport, reportRows, rowOf } from './legacy-report-testing';

type User = ReturnType<typeof userEvent.setup>;

/** Opens a row's dropdown and returns the open menu. */
async function openMenu(user: User, legacyId: string): Promise<HTMLElement> {
  await user.click(within(rowOf(legacyId)).getByRole('button', { name: new RegExp(`^${legacyId}`) }));
  await waitFor(() => expect(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')).toBeTruthy());
  return document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)') as HTMLElement;
}
const item = (menu: HTMLElement, name: string) => within(menu).getByRole('menuitem', { name });

/** The report server: rows, a gate holding the next list answers, and the calls made. */
function mockServer(rows: LegacyReportRow[], endpoints: Parameters<typeof mockFetch>[0] = {}) {
  let gate: Promise<void> | undefined;
  let open = () => {};
  const fetchMock = mockFetch({
    'GET /v1/legacy/report': async () => {
      await gate;
      return { result_list: rows, total_count: rows.length };
    },
    ...endpoints,
  });
  const calls = (path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => new URL(String(input)).pathname === path)
      .map(([input, init]) => ({ url: new URL(String(input)), headers: new Headers(init?.headers) }));
  return {
    calls,
    holdReloads: () => {
      gate = new Promise((resolve) => (open = resolve));
    },
    releaseReloads: () => open(),
  };
}

const OK = { message: 'Job is queued', job_instance_no: 'C1-INV001-2' };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Legacy report actions', { timeout: 30_000 }, () => {
  it('runs a job immediately after the confirmation, clears and reloads the list, then shows the result', async () => {
    const server = mockServer([buildReportRow({ legacyid: 'OLD' })], {
      'GET /v1/lis-server/run-immediate': () => OK,
    });
    const user = userEvent.setup();
    renderReport();
    await screen.findByText('Invoice Import');
    await user.click(item(await openMenu(user, 'OLD'), 'Run immediately'));
    const confirm = await findDialog('Do you want to re-run?');
    expect(within(confirm).getByText(/Confirm the re-run command\?/)).toBeTruthy();
    server.holdReloads();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));

    // Cleared while the reload is on its way.
    await waitFor(() => expect(reportRows()).toHaveLength(0));
    expect(screen.getByText('Loading...')).toBeTruthy();
    const [run] = server.calls('/v1/lis-server/run-immediate');
    expect(Object.fromEntries(run?.url.searchParams ?? [])).toEqual({
      sid: '555',
      company_code: 'C1',
      legacy_id: 'OLD',
      legacy_type: 'SFTP',
    });
    expect(run?.headers.has('x-action-password')).toBe(false);
    expect(screen.queryByText('Success!')).toBeNull();
    server.releaseReloads();

    const done = await findDialog('Success!');
    expect(within(done).getByText('Job is queued')).toBeTruthy();
    expect(reportRows()).toHaveLength(1);
    expect(server.calls('/v1/legacy/report')).toHaveLength(2);
  });

  it('asks for the action password of an important job, and asks again while the server refuses it', async () => {
    let tries = 0;
    const server = mockServer([buildReportRow({ legacyid: 'VIP', important_job: 'True' })], {
      'GET /v1/lis-server/run-immediate': () =>
        ++tries === 1
          ? jsonResponse({ message: 'Password incorrect', code: 'ACTION_PASSWORD_WRONG' }, 403)
          : OK,
    });
    const user = userEvent.setup();
    renderReport();
    await screen.findByText('Invoice Import');
    await user.click(item(await openMenu(user, 'VIP'), 'Run immediately'));
    await user.click(within(await findDialog('Do you want to re-run?')).getByRole('button', { name: 'Yes' }));
    const prompt = await findDialog('Important job: enter the action password');
    expect(server.calls('/v1/lis-server/run-immediate')).toHaveLength(0);
    await user.type(within(prompt).getByLabelText('Action password'), 'wrong');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(await within(prompt).findByText('Password incorrect')).toBeTruthy();
    // Nothing ran: the list stays.
    expect(reportRows()).toHaveLength(1);
    expect(server.calls('/v1/legacy/report')).toHaveLength(1);

    await user.clear(within(prompt).getByLabelText('Action password'));
    await user.type(within(prompt).getByLabelText('Action password'), 's3cret-pass');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(await findDialog('Success!')).toBeTruthy();
    const runs = server.calls('/v1/lis-server/run-immediate');
    expect(runs.map((run) => run.headers.get('x-action-password'))).toEqual(['wrong', 's3cret-pass']);
    expect(server.calls('/v1/legacy/report')).toHaveLength(2);
  });

  it('enables Run immediately for hassuspend N and Continue for Y; Stop is always clickable', async () => {
    const server = mockServer(
      [
        buildReportRow({ legacyid: 'IDLE', hassuspend: 'N' }),
        buildReportRow({ legacyid: 'HELD', hassuspend: 'Y', step2_status: 'RUNNING', status: 'RUNNING' }),
      ],
      {
        'GET /v1/job/resume': () => ({ message: 'Resumed' }),
        'POST /v1/lis-server/cancel': () => ({ message: 'Stop requested' }),
      },
    );
    const user = userEvent.setup();
    renderReport();
    await screen.findAllByText('Invoice Import');
    let menu = await openMenu(user, 'IDLE');
    expect(item(menu, 'Run immediately').getAttribute('aria-disabled')).toBe('false');
    expect(item(menu, 'Continue').getAttribute('aria-disabled')).toBe('true');
    expect(item(menu, 'Stop').className).toContain('legacy-report-stop-idle');
    expect(item(menu, 'Stop').className).not.toContain('danger');
    await user.click(item(menu, 'Stop'));
    await user.click(within(await findDialog('Stop this run?')).getByRole('button', { name: 'Yes' }));
    expect(await findDialog('Success!')).toBeTruthy();
    const [cancel] = server.calls('/v1/lis-server/cancel');
    expect(cancel?.url.searchParams.get('job_instance_no')).toBe('C1-INV001-20261120101500');
    expect(cancel?.url.searchParams.get('legacy_id')).toBe('IDLE');

    menu = await openMenu(user, 'HELD');
    expect(item(menu, 'Run immediately').getAttribute('aria-disabled')).toBe('true');
    expect(item(menu, 'Continue').getAttribute('aria-disabled')).toBe('false');
    expect(item(menu, 'Stop').className).toContain('legacy-report-stop-active');
    expect(item(menu, 'Stop').className).toContain('danger');
    await user.click(item(menu, 'Continue'));
    await user.click(within(await findDialog('Continue this job?')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.calls('/v1/job/resume')).toHaveLength(1));
    expect(server.calls('/v1/job/resume')[0]?.url.searchParams.get('company_code')).toBe('C1');
    expect(await screen.findByText('Resumed')).toBeTruthy();
  });

  it('offers a step re-run only for steps 1, 2, 3 and 4 in ERROR, and shows a refusal', async () => {
    const server = mockServer(
      [
        buildReportRow({
          legacyid: 'ERR',
          status: 'ERROR',
          step1_status: 'ERROR',
          step3_status: 'ERROR',
          step4_status: 'ERROR',
          step5_status: 'ERROR',
        }),
        buildReportRow({ legacyid: 'RUN2', step2_status: 'RUNNING' }),
      ],
      {
        'GET /v1/lis-server/run-step': () =>
          jsonResponse({ message: 'The run is not in ERROR', code: 'STEP_NOT_FAILED' }, 409),
      },
    );
    const user = userEvent.setup();
    renderReport();
    await screen.findAllByText('Invoice Import');
    const row = rowOf('ERR');
    expect(within(row).queryByLabelText('Re-run step 1')).not.toBeNull();
    expect(within(row).queryByLabelText('Re-run step 2')).toBeNull();
    expect(within(row).getByLabelText('Re-run step 4')).toBeTruthy();
    expect(within(rowOf('RUN2')).queryByLabelText(/Re-run/)).toBeNull();

    await user.click(within(row).getByLabelText('Re-run step 3'));
    await user.click(within(await findDialog('Do you want to re-run?')).getByRole('button', { name: 'Yes' }));
    const error = await findDialog('Error!'); // spec 000 §8: run-step non-OK shows 'Error!'
    expect(within(error).getByText('The run is not in ERROR')).toBeTruthy();
    const [call] = server.calls('/v1/lis-server/run-step');
    expect(call?.url.searchParams.get('step')).toBe('3');
    expect(call?.url.searchParams.get('job_instance_no')).toBe('C1-INV001-20261120101500');
    expect(call?.headers.has('x-action-password')).toBe(false);
    expect(server.calls('/v1/legacy/report')).toHaveLength(2);
  });

  it('asks for the action password before re-running a step of an important job', async () => {
    const server = mockServer(
      [buildReportRow({ legacyid: 'VIP', important_job: 'true', status: 'ERROR', step4_status: 'ERROR' })],
      { 'GET /v1/lis-server/run-step': () => ({ message: 'Step 4 queued', job_instance_no: 'J' }) },
    );
    const user = userEvent.setup();
    renderReport();
    await user.click(await screen.findByLabelText('Re-run step 4'));
    await user.click(within(await findDialog('Do you want to re-run?')).getByRole('button', { name: 'Yes' }));
    const prompt = await findDialog('Important job: enter the action password');
    await user.type(within(prompt).getByLabelText('Action password'), 'pass-word{Enter}');
    expect(await findDialog('Success!')).toBeTruthy();
    const [call] = server.calls('/v1/lis-server/run-step');
    expect(call?.headers.get('x-action-password')).toBe('pass-word');
    expect(call?.url.searchParams.get('step')).toBe('4');
  });

  it('keeps the menu disabled until the role has loaded; the detail opens in a new tab', async () => {
    mockServer([buildReportRow({ legacyid: 'A B', job_instanceno: 'J1' })]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    const view = renderReport(null);
    await screen.findByText('Invoice Import');
    expect(within(rowOf('A B')).getByRole('button', { name: /^A B/ }).hasAttribute('disabled')).toBe(true);
    view.unmount();

    renderReport('user');
    await screen.findByText('Invoice Import');
    await user.click(item(await openMenu(user, 'A B'), 'Open detail'));
    const [url, target] = open.mock.calls[0] ?? [];
    const address = new URL(String(url));
    expect(address.pathname).toBe('/legacydetail');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      company_code: 'C1',
      legacy_id: 'A B',
      job_no: 'J1',
      legacytype: 'SFTP',
      _blank: 'true',
    });
    expect(target).toBe('_blank');
  });

  it('confirms in Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockServer([buildReportRow({ legacyid: 'OLD' })]);
    const user = userEvent.setup();
    renderReport();
    await screen.findByText('Invoice Import');
    await user.click(item(await openMenu(user, 'OLD'), 'รันทันที'));
    const confirm = await findDialog('ต้องการรันใหม่หรือไม่?');
    expect(within(confirm).getByText(/ยืนยันคำสั่งรันใหม่\?/)).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: 'ไม่ใช่' })).toBeTruthy();
  });
});
