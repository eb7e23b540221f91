import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/mock-fetch';
import { buildJobConfig } from './testing/build-job-config';
import { findDialog } from '../../testing/find-dialog';
import { fakeJobServer, renderJobConfig } from './testing/job-config-test-kit';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table = () => screen.getByTestId('job-config-table');

describe('Job Config screen', { timeout: 30_000 }, () => {
  it('lists the jobs with the spec columns, 25 a page', async () => {
    const api = fakeJobServer([
      buildJobConfig({ sftp_source_server_id: 'SFTP_A', api_serverid: 'API_A', api_classname: 'Invoice' }),
    ]);
    renderJobConfig();
    expect(await within(table()).findByText('INV01')).toBeTruthy();
    for (const text of ['ACME', 'Invoices', 'IN_WAIT', 'Y', '0 0 12 * * ?'])
      expect(within(table()).getByText(text)).toBeTruthy();
    // Issue 31: the server and function columns do not fit 1366 px; "Columns" shows them (remembered).
    expect(within(table()).queryByText('SFTP_A')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    for (const name of ['sFTP Source Server', 'API Server ID', 'API ClassName', 'API Function Name'])
      fireEvent.click(await screen.findByRole('checkbox', { name }));
    for (const text of ['SFTP_A', 'API_A', 'Invoice']) expect(within(table()).getByText(text)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('LIS_JOB_CONFIG_COLUMNS') ?? '[]')).toHaveLength(4);
    const [list] = api.calls('GET', '/v1/config/job-config');
    expect(list?.url.searchParams.get('page_size')).toBe('25');
    expect(list?.url.searchParams.get('sid')).toBe('555');
    expect(list?.url.searchParams.has('legacy_type')).toBe(false);
  });

  it('searches with the typed criteria', async () => {
    const api = fakeJobServer([
      buildJobConfig(),
      buildJobConfig({ legacyid: 'PAY01', legacyname: 'Payments' }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(table()).findByText('PAY01');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Legacy ID'), ' PAY ');
    await user.type(within(search).getByLabelText('Api Function Name'), 'post');
    await user.click(screen.getByTestId('job-config-search-button'));
    await waitFor(() => expect(within(table()).queryByText('INV01')).toBeNull());
    const last = api.calls('GET', '/v1/config/job-config').at(-1);
    expect(last?.url.searchParams.get('legacy_id')).toBe('PAY');
    expect(last?.url.searchParams.get('api_function_name')).toBe('post');
    expect(last?.url.searchParams.get('page')).toBe('1');
  });

  it('deletes a job after the confirmation, then reloads the list', async () => {
    const api = fakeJobServer();
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(table()).findByText('INV01');
    await user.click(screen.getByRole('button', { name: 'Delete ACME INV01' }));
    const confirm = await findDialog('Delete data?');
    expect(within(confirm).getByText(/Do you want to delete job INV01 of company ACME/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(table()).queryByText('INV01')).toBeNull());
    const [call] = api.calls('DELETE', '/v1/config/job-config');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      sid: '555',
      company_code: 'ACME',
      legacyid: 'INV01',
    });
  });

  it("shows the server's message in a 'Not successful' dialog when a delete fails", async () => {
    fakeJobServer([buildJobConfig()], {
      'DELETE /v1/config/job-config': () =>
        jsonResponse({ message: 'Job INV01 is a predecessor of PAY01' }, 400),
    });
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(table()).findByText('INV01');
    await user.click(screen.getByRole('button', { name: 'Delete ACME INV01' }));
    await user.click(within(await findDialog('Delete data?')).getByRole('button', { name: 'Yes' }));
    const dialog = await findDialog('Not successful');
    expect(within(dialog).getByText('Job INV01 is a predecessor of PAY01')).toBeTruthy();
  });

  it("answers 'No Content' to an export with no matching job, without downloading", async () => {
    const api = fakeJobServer([]);
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(table()).findByText('No Data...');
    await user.click(screen.getByTestId('job-config-export'));
    const dialog = await findDialog('No Content');
    expect(within(dialog).getByText('No data found for these search fields.')).toBeTruthy();
    expect(api.calls('GET', '/v1/config/export')).toHaveLength(0);
  });

  it('downloads the workbook under the name the server gives', async () => {
    const api = fakeJobServer([buildJobConfig()], {
      'GET /v1/config/export': () =>
        new Response(new TextEncoder().encode('PK-workbook'), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="MasterJobConfig_1700000000000.xlsx"' },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:workbook');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(table()).findByText('INV01');
    await user.click(screen.getByTestId('job-config-export'));
    await waitFor(() => expect(clicked).toEqual(['MasterJobConfig_1700000000000.xlsx']));
    expect(api.calls('GET', '/v1/config/export')[0]?.url.searchParams.get('format')).toBe('xlsx');
    click.mockRestore();
  });

  it('creates from a template: the chosen job opens as a new job without its legacy id', async () => {
    fakeJobServer([
      buildJobConfig({ api_classname: 'Invoice' }),
      buildJobConfig({ legacyid: 'PULL01', legacytype: 'PULL_WAIT' }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    await within(table()).findByText('INV01');
    await user.click(screen.getByTestId('job-config-template'));
    const modal = await findDialog('Create From Template');
    await user.click(within(modal).getByRole('combobox'));
    expect(await screen.findByText('555, ACME, INV01')).toBeTruthy();
    expect(screen.queryByText('555, ACME, PULL01')).toBeNull();
    await user.click(screen.getByText('555, ACME, INV01'));
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    const form = await findDialog('Add Job Config');
    expect((within(form).getByLabelText('Legacy ID') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Legacy Name') as HTMLInputElement).value).toBe('Invoices');
    expect((within(form).getByLabelText('API Class Name') as HTMLInputElement).value).toBe('Invoice');
  });

  it('speaks Thai: the delete confirmation, the error title and the empty export', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    fakeJobServer([buildJobConfig()], {
      'DELETE /v1/config/job-config': () => jsonResponse({ message: 'ลบไม่ได้' }, 400),
      'GET /v1/config/export': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    renderJobConfig();
    expect(await screen.findByText('ตั้งค่างาน')).toBeTruthy();
    await within(table()).findByText('INV01');
    await user.click(screen.getByRole('button', { name: 'ลบ ACME INV01' }));
    const confirm = await findDialog('ลบข้อมูล?');
    await user.click(within(confirm).getByRole('button', { name: 'ใช่' }));
    const error = await findDialog('ไม่สำเร็จ');
    expect(within(error).getByText('ลบไม่ได้')).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'ตกลง' }));
    await user.click(screen.getByTestId('job-config-export'));
    const empty = await findDialog('ไม่พบข้อมูล');
    expect(within(empty).getByText('ไม่พบข้อมูลตามเงื่อนไขการค้นหานี้')).toBeTruthy();
  });
});
