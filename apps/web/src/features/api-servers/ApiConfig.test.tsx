import type { ApiServer, ApiServerWrite, FappTestResponse } from '@lis/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../platform/auth/current-user-context';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { COMPANIES, fakeApi, page } from '../../testing/fake-api';
import { findDialog } from '../../testing/find-dialog';
import { openDialog, typeInto } from '../../testing/form-steps';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { chooseOption, renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { ADMIN } from '../../testing/test-users';
import { ApiConfig } from './ApiConfig';
import { getButton, setupUser } from '../../testing/user';

const INFO: FappTestResponse = {
  message: 'FAPP Test: connected successfully',
  percentTotalCPUUsage: 12.345,
  percentProcessCPUUsage: 1.5,
  megaByteTotalMemory: 16384,
  megaByteFreeMemory: 8000.25,
  megaByteProcessMemoryUsage: 85.4,
  serverVersion: 'ref-1.0.0',
  serverOS: 'linux x64',
  serverTime: '2024-05-01T03:04:05.000Z',
  serverSession: 'session-42',
  functionUsage: 7,
  clientUUID: '0b9f6f1e-uuid',
};

/** The documented API-server routes (server-config.routes.ts) over a list kept in memory. */
function fakeApiServer(routes: Record<string, MockEndpoint> = {}) {
  const servers: ApiServer[] = [
    {
      sid: '555',
      companycode: 'ACME',
      companyname: 'Acme Trading',
      api_serverid: 'FAPP-01',
      api_url_callfunction: 'https://fapp.acme.test/api',
      api_username: 'acme-user',
      has_password: true,
      api_timeout_seconds: 120,
    },
  ];
  const { calls } = fakeApi({
    'GET /v1/company_master': () => page(COMPANIES),
    'GET /v1/config/api-server': () => page(servers),
    'POST /v1/config/api-server/add': ({ body }) => {
      const write = body as ApiServerWrite;
      servers.push({
        sid: '555',
        companycode: write.companycode,
        companyname: '',
        api_serverid: write.api_serverid,
        api_url_callfunction: write.api_url_callfunction,
        api_username: write.api_username,
        has_password: true,
        api_timeout_seconds: write.api_timeout_seconds ?? 120,
      });
      return { message: 'Saved data successfully' };
    },
    'POST /v1/config/api-server/edit': ({ body }) => {
      const write = body as ApiServerWrite;
      const index = servers.findIndex((s) => s.api_serverid === write.api_serverid);
      servers[index] = { ...servers[index]!, ...write };
      return { message: 'Saved data successfully' };
    },
    'DELETE /v1/config/api-server/delete': ({ url }) => {
      const index = servers.findIndex((s) => s.api_serverid === url.searchParams.get('api_server_id'));
      servers.splice(index, 1);
      return { message: 'Deleted successfully' };
    },
    'GET /v1/test/fapp/connection': () => INFO,
    'POST /v1/test/fapp/connection': () => INFO,
    ...routes,
  });
  return { servers, calls };
}

const renderApiConfig = (user?: CurrentUser) =>
  renderScreen(<ApiConfig />, { route: '/companyconfig', user });
/** The screen, once its list is shown. */
async function showApiConfig() {
  renderApiConfig();
  await screen.findByText('acme-user');
}
const openAdd = (user: UserEvent) => openDialog(user, /Add API config/, 'Add API config');

/** A new server's company, then its id, URL, username and password. */
async function fillNewServer(user: UserEvent, form: HTMLElement, company: string, fields: string[]) {
  await chooseOption(user, form, 'Company', company);
  const [id = '', url = '', username = '', password = ''] = fields;
  const values = { 'API ServerID': id, 'API URL': url, 'API Username': username, 'API Password': password };
  await typeInto(user, form, values);
}

/** What an edit of FAPP-01 posts when nothing is changed (no password: the stored one is kept). */
const FAPP_01_EDIT = {
  sid: '555',
  companycode: 'ACME',
  api_serverid: 'FAPP-01',
  api_url_callfunction: 'https://fapp.acme.test/api',
  api_username: 'acme-user',
  api_timeout_seconds: 120,
};

/** Save in the Edit form: the success message, and the one edit posted, FAPP-01 with `changes`. */
async function saveEdit(
  user: UserEvent,
  form: HTMLElement,
  server: ReturnType<typeof fakeApiServer>,
  changes: Partial<ApiServerWrite>,
) {
  await user.click(getButton('Save', form));
  expect(await screen.findByText('Data saved successfully')).toBeTruthy();
  expect(server.calls('POST', '/v1/config/api-server/edit').map((call) => call.body)).toEqual([
    { ...FAPP_01_EDIT, ...changes },
  ]);
}

resetBetweenTests();

describe('API Config', { timeout: 30_000 }, () => {
  it('lists the API servers of the first page of 25 with their company', async () => {
    const server = fakeApiServer();
    renderApiConfig();
    expect(await screen.findByText('acme-user')).toBeTruthy();
    expect(screen.getByText('https://fapp.acme.test/api')).toBeTruthy();
    expect(screen.getByText('FAPP-01')).toBeTruthy();
    expect(screen.getByText('ACME · Acme Trading')).toBeTruthy();
    for (const title of ['API Username', 'API URL', 'API ServerID', 'Company']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    }
    const [list] = server.calls('GET', '/v1/config/api-server');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ sid: '555', page: '1', page_size: '25' });
    expect(screen.queryByText(/password/i)).toBeNull();
  });

  it('adds an API server: posts the exact body, says so and reloads', async () => {
    const server = fakeApiServer();
    const user = setupUser();
    await showApiConfig();
    const form = await openAdd(user);
    await fillNewServer(user, form, 'SIAM · Siam Logistics', [
      ' FAPP-02 ',
      'http://127.0.0.1:8081/api',
      'siam',
      'S3cret pass',
    ]);
    await user.click(getButton('Save', form));
    expect(await screen.findByText('Data saved successfully')).toBeTruthy();
    expect(server.calls('POST', '/v1/config/api-server/add').map((call) => call.body)).toEqual([
      {
        sid: '555',
        companycode: 'SIAM',
        api_serverid: 'FAPP-02',
        api_url_callfunction: 'http://127.0.0.1:8081/api',
        api_username: 'siam',
        api_password: 'S3cret pass',
        api_timeout_seconds: 120,
      },
    ]);
    expect(await screen.findByText('FAPP-02')).toBeTruthy();
    expect(server.calls('GET', '/v1/config/api-server').length).toBeGreaterThan(1);
  });

  it('shows the validation messages and posts nothing', async () => {
    const server = fakeApiServer();
    const user = setupUser();
    await showApiConfig();
    const form = await openAdd(user);
    await user.type(within(form).getByLabelText('API URL'), 'ftp://nowhere');
    await user.click(getButton('Save', form));
    expect(await within(form).findByText('please select the Company')).toBeTruthy();
    expect(within(form).getByText('please fill in the API Server ID field')).toBeTruthy();
    expect(
      within(form).getByText(
        'API URL must be an http:// or https:// address without a user name or password in it',
      ),
    ).toBeTruthy();
    expect(within(form).getByText('please fill in the API Username field')).toBeTruthy();
    expect(within(form).getByText('please fill in the API Password field')).toBeTruthy();
    expect(server.calls('POST', '/v1/config/api-server/add')).toHaveLength(0);
  });

  it('edits with the server id read-only; a blank password is not sent (the stored one is kept)', async () => {
    const server = fakeApiServer();
    const user = setupUser();
    await showApiConfig();
    // An Add form opened and closed first must not leave its (empty) values in the edit form.
    const add = await openAdd(user);
    await user.click(within(add).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(add.isConnected).toBe(false));
    const form = await openDialog(user, 'Edit FAPP-01', 'Edit API config: FAPP-01');
    const id = within(form).getByLabelText<HTMLInputElement>('API ServerID');
    expect(id.value).toBe('FAPP-01');
    expect(id.readOnly).toBe(true);
    expect(within(form).getByText('password stored')).toBeTruthy();
    expect(
      within(form).getByText(
        'Leave blank to keep the stored password. Changing the URL or username needs the password again.',
      ),
    ).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>(/^API Password/).value).toBe('');
    const username = within(form).getByLabelText('API Username');
    await user.clear(username);
    await user.type(username, 'acme-ops');
    await saveEdit(user, form, server, { api_username: 'acme-ops' });
  });

  it('edits the call timeout: whole seconds 1..3600, else a message and nothing posted', async () => {
    const server = fakeApiServer();
    const user = setupUser();
    await showApiConfig();
    const form = await openDialog(user, 'Edit FAPP-01', 'Edit API config: FAPP-01');
    const timeout = within(form).getByLabelText<HTMLInputElement>('Call timeout (seconds)');
    expect(timeout.value).toBe('120');
    await user.clear(timeout);
    await user.click(getButton('Save', form));
    expect(await within(form).findByText('please fill in the Call timeout field')).toBeTruthy();
    expect(server.calls('POST', '/v1/config/api-server/edit')).toHaveLength(0);
    await user.type(timeout, '45');
    await saveEdit(user, form, server, { api_timeout_seconds: 45 });
  });

  it("shows 'Not successful' with the server's message when a save is refused, keeping the form", async () => {
    fakeApiServer({
      'POST /v1/config/api-server/add': () =>
        jsonResponse(
          { message: 'Not successful: API Server ID FAPP-01 already exists in company ACME' },
          409,
        ),
    });
    const user = setupUser();
    await showApiConfig();
    const form = await openAdd(user);
    await fillNewServer(user, form, 'ACME · Acme Trading', ['FAPP-01', 'https://x.test/api', 'u', 'p']);
    const failure = await openDialog(user, 'Save', 'Not successful', form);
    expect(
      within(failure).getByText('Not successful: API Server ID FAPP-01 already exists in company ACME'),
    ).toBeTruthy();
    expect(form.isConnected).toBe(true);
  });

  it('tests an unsaved form after the confirmation: the form closes and the 11 fields are shown', async () => {
    const server = fakeApiServer();
    const user = setupUser();
    await showApiConfig();
    const form = await openAdd(user);
    await fillNewServer(user, form, 'SIAM · Siam Logistics', ['NEW', 'http://127.0.0.1:9/api', 'demo', 'pw']);
    const confirm = await openDialog(user, /Test Connection/, 'FAPP Test?', form);
    expect(within(confirm).getByText('Do you want to test?')).toBeTruthy();
    expect(server.calls('POST', '/v1/test/fapp/connection')).toHaveLength(0);
    const result = await openDialog(user, 'Yes', 'Test Connection: http://127.0.0.1:9/api', confirm);
    expect(server.calls('POST', '/v1/test/fapp/connection').map((call) => call.body)).toEqual([
      {
        sid: '555',
        company_code: 'SIAM',
        apiUrl: 'http://127.0.0.1:9/api',
        username: 'demo',
        password: 'pw',
      },
    ]);
    await waitFor(() => expect(form.isConnected).toBe(false));
    expect(within(result).getByText('FAPP Test: connected successfully')).toBeTruthy();
    for (const field of [
      'percentTotalCPUUsage',
      'percentProcessCPUUsage',
      'megaByteTotalMemory',
      'megaByteFreeMemory',
      'megaByteProcessMemoryUsage',
      'serverVersion',
      'serverOS',
      'serverTime',
      'serverSession',
      'functionUsage',
      'clientUUID',
    ]) {
      expect(within(result).getByText(field)).toBeTruthy();
    }
    expect(within(result).getByText('12.35 %')).toBeTruthy();
    expect(within(result).getByText('16,384 MB')).toBeTruthy();
    expect(within(result).getByText('ref-1.0.0')).toBeTruthy();
    expect(within(result).getByText('0b9f6f1e-uuid')).toBeTruthy();
    expect(within(result).getByText('7')).toBeTruthy();
  });

  it('tests a saved record by its id (stored password) and shows the server message when it fails', async () => {
    const server = fakeApiServer({
      'GET /v1/test/fapp/connection': () =>
        jsonResponse(
          { message: 'FAPP Test failed: the API server did not accept the username or password (HTTP 401)' },
          422,
        ),
    });
    const user = setupUser();
    await showApiConfig();
    const form = await openDialog(user, 'Edit FAPP-01', 'Edit API config: FAPP-01');
    await user.click(getButton(/Test Connection/, form));
    await user.click(getButton('Yes', await findDialog('FAPP Test?')));
    const failure = await findDialog('FAPP Test not successful');
    expect(
      within(failure).getByText(
        'FAPP Test failed: the API server did not accept the username or password (HTTP 401)',
      ),
    ).toBeTruthy();
    const [call] = server.calls('GET', '/v1/test/fapp/connection');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      sid: '555',
      company_code: 'ACME',
      api_server_id: 'FAPP-01',
    });
    expect(server.calls('POST', '/v1/test/fapp/connection')).toHaveLength(0);
  });

  /** Delete on FAPP-01's row: its confirmation, which names the server and its company. */
  async function askToDeleteFapp01(user: UserEvent) {
    await user.click(getButton('Delete FAPP-01'));
    const confirm = await findDialog('Delete data?');
    expect(
      within(confirm).getByText('Do you want to delete API server FAPP-01 of company ACME · Acme Trading?'),
    ).toBeTruthy();
    return confirm;
  }

  it("names the row's company in the delete confirmation before the company list has come", async () => {
    fakeApiServer({ 'GET /v1/company_master': () => new Promise(() => undefined) });
    const user = setupUser();
    await showApiConfig();
    await askToDeleteFapp01(user);
  });

  it('deletes only after the confirmation', async () => {
    const server = fakeApiServer();
    const user = setupUser();
    await showApiConfig();
    let confirm = await askToDeleteFapp01(user);
    await user.click(getButton('No', confirm));
    expect(server.calls('DELETE', '/v1/config/api-server/delete')).toHaveLength(0);

    // The closed confirmation may still be leaving (App's modals animate): wait for a new one.
    const shown = () => screen.queryAllByText('Delete data?').filter((node) => node.isConnected).length;
    const before = shown();
    await user.click(getButton('Delete FAPP-01'));
    await waitFor(() => expect(shown()).toBeGreaterThan(before));
    confirm = await findDialog('Delete data?');
    await user.click(getButton('Yes', confirm));
    expect(await screen.findByText('Data deleted successfully')).toBeTruthy();
    const [call] = server.calls('DELETE', '/v1/config/api-server/delete');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      sid: '555',
      company_code: 'ACME',
      api_server_id: 'FAPP-01',
    });
    expect(await screen.findByText('No Data...')).toBeTruthy();
  });

  it("shows 'No Data...' and the server's message when the list fails", async () => {
    fakeApiServer({
      'GET /v1/config/api-server': () => jsonResponse({ message: 'database unavailable' }, 500),
    });
    renderApiConfig();
    const dialog = await findDialog('Error');
    expect(within(dialog).getByText('database unavailable')).toBeTruthy();
    expect(screen.getByText('No Data...')).toBeTruthy();
  });

  it("offers only the user's own companies unless they have '*'", async () => {
    fakeApiServer();
    const user = setupUser();
    renderApiConfig({ ...ADMIN, companies: ['SIAM'], allCompanies: false, companyFilter: ['SIAM'] });
    await screen.findByText('acme-user');
    const form = await openAdd(user);
    await user.click(within(form).getByRole('combobox', { name: 'Company' }));
    expect(await screen.findByTitle('SIAM · Siam Logistics')).toBeTruthy();
    expect(screen.queryByTitle('ACME · Acme Trading')).toBeNull();
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    fakeApiServer();
    const user = setupUser();
    renderApiConfig();
    expect(await screen.findByText('acme-user')).toBeTruthy();
    expect(screen.getByText('ตั้งค่า API')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'ชื่อผู้ใช้ API' })).toBeTruthy();
    const form = await openDialog(user, 'แก้ไข FAPP-01', 'แก้ไขการตั้งค่า API: FAPP-01');
    const timeout = within(form).getByLabelText<HTMLInputElement>('เวลารอคำตอบของฟังก์ชัน (วินาที)');
    await user.clear(timeout);
    await user.click(getButton('บันทึก', form));
    expect(await within(form).findByText('กรุณากรอกข้อมูลช่องเวลารอคำตอบของฟังก์ชัน')).toBeTruthy();
    await user.click(within(form).getAllByRole('button', { name: 'ปิด' }).at(-1)!);
    await waitFor(() => expect(form.isConnected).toBe(false));
    const confirm = await openDialog(user, 'ลบ FAPP-01', 'ลบข้อมูล?');
    expect(getButton('ใช่', confirm)).toBeTruthy();
  });
});
