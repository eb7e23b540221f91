import {
  JOB_CONNECTION_CHECKS,
  type JobConnectionTestRequest,
  type JobConnectionTestResponse,
} from '@lis/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { missingConnectionField } from './connection-checks';
import { callsTo, findDialog, renderWithProviders } from './job-tools-testing';
import { useJobConnectionTest } from './useJobConnectionTest';

const TEST = '/v1/config/job-config/test-connection';

const BLANK_FORM: JobConnectionTestRequest = {
  sid: '555',
  companycode: 'ACME',
  legacytype: 'IN_WAIT',
  api_serverid: '',
  sftp_return_server_id: '',
  sftp_source_server_id: '',
  sftp_source_path: '',
  sftp_return_path: '',
  api_classname: 'Invoice',
  api_function_name: 'importInvoices',
};

const FULL_FORM: JobConnectionTestRequest = {
  ...BLANK_FORM,
  api_serverid: 'FAPP01',
  sftp_return_server_id: 'SFTP02',
  sftp_source_server_id: 'SFTP01',
  sftp_source_path: '/inbound',
  sftp_return_path: '/outbound',
};

/** Fills the form one field at a time, in the given order, noting what is missing before each. */
function missingInOrder(start: JobConnectionTestRequest, fields: (keyof JobConnectionTestRequest)[]) {
  const form = { ...start };
  const seen = [missingConnectionField(form)];
  for (const field of fields) {
    Object.assign(form, { [field]: FULL_FORM[field] });
    seen.push(missingConnectionField(form));
  }
  return seen;
}

describe('missingConnectionField', () => {
  it('checks the API server, return server, source server, source path, return path, in that order', () => {
    expect(
      missingInOrder(BLANK_FORM, [
        'api_serverid',
        'sftp_return_server_id',
        'sftp_source_server_id',
        'sftp_source_path',
        'sftp_return_path',
      ]),
    ).toEqual([
      'chooseApiServer',
      'chooseReturnServer',
      'chooseSourceServer',
      'fillSourcePath',
      'fillReturnPath',
      null,
    ]);
    expect(missingConnectionField({ ...FULL_FORM, sftp_source_path: '   ' })).toBe('fillSourcePath');
  });

  it('OUT_WAIT has no source to check', () => {
    const outWait = { ...BLANK_FORM, legacytype: 'OUT_WAIT' as const };
    expect(missingInOrder(outWait, ['api_serverid', 'sftp_return_server_id', 'sftp_return_path'])).toEqual([
      'chooseApiServer',
      'chooseReturnServer',
      'fillReturnPath',
      null,
    ]);
  });

  it('PULL_WAIT needs only its API server', () => {
    const pull = { ...BLANK_FORM, legacytype: 'PULL_WAIT' as const };
    expect(missingConnectionField(pull)).toBe('fillApiServerId');
    expect(missingConnectionField({ ...pull, api_serverid: 'FAPP01' })).toBeNull();
  });
});

function Harness({ form, label = 'Run test' }: { form: JobConnectionTestRequest; label?: string }) {
  const connectionTest = useJobConnectionTest();
  return (
    <>
      <Button onClick={() => connectionTest.run(form)}>{label}</Button>
      {connectionTest.element}
    </>
  );
}

const SIX_CHECKS: JobConnectionTestResponse = {
  result_list: JOB_CONNECTION_CHECKS.map((key, index) => ({
    key,
    status: index === 4 ? 504 : 200,
    message: index === 4 ? 'sFTP SFTP02: timed out' : `${key} fine`,
  })),
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useJobConnectionTest', { timeout: 30_000 }, () => {
  it('stops at the first missing field with a Not successful dialog, without calling the server', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<Harness form={{ ...FULL_FORM, sftp_return_server_id: '', sftp_source_path: '' }} />);
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    const dialog = await findDialog('Not successful');
    expect(within(dialog).getByText('Please choose the sFTP Return Server.')).toBeTruthy();
    expect(screen.queryByText('Test Connection ?')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks first, spins while the server tests, then shows one tile per check in order', async () => {
    let answer: ((response: JobConnectionTestResponse) => void) | undefined;
    const fetchMock = mockFetch({
      [`POST ${TEST}`]: () => new Promise<JobConnectionTestResponse>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness form={FULL_FORM} />);
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    const confirm = await findDialog('Test Connection ?');
    const ok = within(confirm).getByRole('button', { name: 'OK' });
    await user.click(ok);
    await waitFor(() => expect(ok.className).toContain('ant-btn-loading'));
    expect(callsTo(fetchMock, 'POST', TEST).map((call) => call.body)).toEqual([FULL_FORM]);
    expect(screen.queryByText('Test Status')).toBeNull();

    // The spinner shows as the request leaves; it is answered once it has reached the server.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(SIX_CHECKS);
    const status = await findDialog('Test Status');
    const tiles = within(status).getAllByTestId(/^connection-tile-/);
    expect(tiles.map((tile) => [tile.dataset.testid, tile.dataset.status])).toEqual([
      ['connection-tile-has_sftp_source_path', 'ok'],
      ['connection-tile-has_sftp_return_path', 'ok'],
      ['connection-tile-api_server_connection', 'ok'],
      ['connection-tile-sftp_source_server_connection', 'ok'],
      ['connection-tile-sftp_return_server_connection', 'failed'],
      ['connection-tile-has_function', 'ok'],
    ]);
    expect(tiles.map((tile) => tile.querySelector('strong')?.textContent)).toEqual([
      'Has sFTP Source Path',
      'Has sFTP Return Path',
      'API Server Connection',
      'sFTP Source Server Connection',
      'sFTP Return Server Connection',
      'Has Function',
    ]);
    expect(within(tiles[4]!).getByText('sFTP SFTP02: timed out')).toBeTruthy();
    expect(within(tiles[4]!).getByLabelText('failed')).toBeTruthy();
    expect(within(tiles[0]!).getByLabelText('ok')).toBeTruthy();
  });

  it('cancelling the confirmation tests nothing', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<Harness form={FULL_FORM} />);
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    const confirm = await findDialog('Test Connection ?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a failed call shows the server's message as Not successful", async () => {
    mockFetch({ [`POST ${TEST}`]: () => jsonResponse({ message: 'API server FAPP01 was not found' }, 404) });
    const user = userEvent.setup();
    renderWithProviders(<Harness form={FULL_FORM} />);
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    await user.click(within(await findDialog('Test Connection ?')).getByRole('button', { name: 'OK' }));
    const dialog = await findDialog('Not successful');
    expect(within(dialog).getByText('API server FAPP01 was not found')).toBeTruthy();
    expect(screen.queryByText('Test Status')).toBeNull();
  });

  it('a pull job in Thai: asks for the API Server ID, then shows its two tiles', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    mockFetch({
      [`POST ${TEST}`]: () => ({
        result_list: [
          { key: 'api_server_connection', status: 200, message: 'เชื่อมต่อได้' },
          { key: 'has_function', status: 404, message: 'ไม่พบ function' },
        ],
      }),
    });
    const user = userEvent.setup();
    const pull = { ...BLANK_FORM, legacytype: 'PULL_WAIT' as const };
    renderWithProviders(
      <>
        <Harness form={pull} />
        <Harness form={{ ...pull, api_serverid: 'FAPP01' }} label="Run filled test" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    const error = await findDialog('ไม่สำเร็จ');
    expect(within(error).getByText('กรุณากรอก API Server ID')).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'ตกลง' }));

    await user.click(screen.getByRole('button', { name: 'Run filled test' }));
    await user.click(within(await findDialog('ทดสอบการเชื่อมต่อ ?')).getByRole('button', { name: 'ตกลง' }));
    const status = await findDialog('สถานะการทดสอบ');
    expect(within(status).getByTestId('connection-tile-api_server_connection').dataset.status).toBe('ok');
    expect(within(status).getByTestId('connection-tile-has_function').dataset.status).toBe('failed');
    expect(within(status).getByText('มี Function')).toBeTruthy();
    expect(within(status).getByText('ไม่พบ function')).toBeTruthy();
  });
});
