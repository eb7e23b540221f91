import type { User } from '@lis/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../platform/i18n/I18nProvider';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { EmployeeConfig } from './EmployeeConfig';
import { getButton, setupUser } from '../../testing/user';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function buildUser(id: string, list: [string, string][], overrides: Partial<User> = {}): User {
  return {
    id,
    first_name: '',
    last_name: '',
    citizen_id: '',
    has_password: false,
    list_company: list.map(([company_code, role_access]) => ({ sid: '555', company_code, role_access })),
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: URL;
  body: BodyInit | null | undefined;
}
type Handler = (call: Call) => Response;

/** A fake of the documented API (docs/api-foundation.md) behind global fetch; `routes` override answers. */
function fakeServer(routes: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  const defaults: Record<string, Handler> = {
    'GET /v1/user': () =>
      json({
        result_list: [
          buildUser(
            'somchai',
            [
              ['C1', 'admin|user'],
              ['*', 'user'],
            ],
            { first_name: 'Somchai', last_name: 'Jaidee' },
          ),
          buildUser('root', [['*', 'super_admin']]),
        ],
        total_count: 2,
      }),
    'GET /v1/company_master': () =>
      json({
        result_list: [
          { sid: '555', company_code: 'C1', company_name: 'Company One', status: 'active' },
          { sid: '555', company_code: 'C2', company_name: 'Company Two', status: 'active' },
        ],
        total_count: 2,
      }),
    'GET /v1/role': () =>
      json({
        result_list: [
          { role_access_code: 'user', role_access_name: 'user' },
          { role_access_code: 'admin', role_access_name: 'admin' },
        ],
        total_count: 2,
      }),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: new URL(String(input)), body: init.body };
    calls.push(call);
    const handler =
      routes[`${call.method} ${call.url.pathname}`] ?? defaults[`${call.method} ${call.url.pathname}`];
    return handler ? handler(call) : json({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const find = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.url.pathname === path);
  return { calls, find };
}

/**
 * The dialog showing a title. (Under test every antd id is 'test-id', so dialogs cannot be found by
 * their accessible name; antd 6 also renders a confirm title twice: a header for aria and the body.)
 */
async function findDialog(title: string): Promise<HTMLElement> {
  const [match] = await screen.findAllByText(title);
  const dialog = match?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntApp>
            <EmployeeConfig />
          </AntApp>
        </ConfigProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Ant Design in jsdom is slow (role queries over a large DOM): room for a loaded CI machine.
describe('Employee Config screen', { timeout: 20_000 }, () => {
  it('lists users with company names and hides users whose first role is super_admin', async () => {
    const server = fakeServer();
    renderScreen();
    expect(await screen.findByText('somchai')).toBeTruthy();
    expect(screen.getByText('Somchai Jaidee')).toBeTruthy();
    expect(await screen.findByText('Company One')).toBeTruthy();
    expect(screen.getAllByText('All companies').length).toBeGreaterThan(0);
    expect(screen.queryByText('root')).toBeNull();
    const [list] = server.find('GET', '/v1/user');
    expect(list?.url.searchParams.get('page')).toBe('1');
    expect(list?.url.searchParams.get('page_size')).toBe('25');
  });

  it('counts a single user in the singular and names the roles by code', async () => {
    fakeServer({
      'GET /v1/user': () =>
        json({ result_list: [buildUser('somchai', [['C1', 'admin|user']])], total_count: 1 }),
    });
    renderScreen();
    expect(await screen.findByText('1 user')).toBeTruthy();
    // The role list answers 'admin' and 'user' (the server's names); the tags show the labels.
    expect(await screen.findByText('Admin')).toBeTruthy();
    expect(screen.getByText('User')).toBeTruthy();
  });

  it('shows the count and the role names in Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    fakeServer({
      'GET /v1/user': () =>
        json({ result_list: [buildUser('somchai', [['C1', 'admin|user']])], total_count: 1 }),
    });
    renderScreen();
    expect(await screen.findByText('ผู้ใช้ 1 คน')).toBeTruthy();
    expect(await screen.findByText('ผู้ดูแลระบบ')).toBeTruthy();
    expect(screen.getByText('ผู้ใช้งาน')).toBeTruthy();
    expect(screen.queryByText('admin')).toBeNull();
  });

  it('shows the validation messages when the empty Add form is saved', async () => {
    const server = fakeServer();
    const user = setupUser();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: /Add Employee/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(getButton('Save', dialog));
    expect(await within(dialog).findByText('please fill in the User ID field')).toBeTruthy();
    expect(await within(dialog).findByText('please select at least 1 Company')).toBeTruthy();
    expect(server.find('POST', '/v1/user/create')).toHaveLength(0);
  });

  it('shows the validation messages in Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    fakeServer();
    const user = setupUser();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: /เพิ่มพนักงาน/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(getButton('บันทึก', dialog));
    expect(await within(dialog).findByText('กรุณากรอกข้อมูลช่อง User ID')).toBeTruthy();
    expect(await within(dialog).findByText('กรุณาเลือกบริษัทอย่างน้อย 1 บริษัท')).toBeTruthy();
  });

  it('creates a user with list_company in the order the companies were checked', async () => {
    const server = fakeServer({ 'POST /v1/user/create': () => json({ message: 'created' }) });
    const user = setupUser();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: /Add Employee/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('User ID'), 'new.user');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Company Two' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Company One' }));
    await user.click(getButton('Save', dialog));
    expect(await screen.findByText('Data saved successfully')).toBeTruthy();
    const [create] = server.find('POST', '/v1/user/create');
    expect(JSON.parse(String(create?.body))).toEqual({
      id: 'new.user',
      list_company: [
        { sid: '555', company_code: 'C2', role_access: 'user' },
        { sid: '555', company_code: 'C1', role_access: 'user' },
      ],
    });
    await waitFor(() => expect(server.find('GET', '/v1/user').length).toBeGreaterThan(1));
  });

  it('edits a user with the User ID read-only and reports a duplicate (409)', async () => {
    const server = fakeServer({
      'PUT /v1/user/edit': () => json({ message: 'duplicate', code: 'USER_NAME_TAKEN' }, 409),
    });
    const user = setupUser();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    const idInput = within(dialog).getByLabelText<HTMLInputElement>('User ID');
    expect(idInput.value).toBe('somchai');
    expect(idInput.readOnly).toBe(true);
    await user.click(getButton('Save', dialog));
    const failure = await findDialog('Not successful');
    expect(within(failure).getByText('User Name duplicates existing data')).toBeTruthy();
    const [edit] = server.find('PUT', '/v1/user/edit');
    expect(JSON.parse(String(edit?.body))).toMatchObject({
      id: 'somchai',
      first_name: 'Somchai',
      list_company: [
        { sid: '555', company_code: 'C1', role_access: 'admin|user' },
        { sid: '555', company_code: '*', role_access: 'user' },
      ],
    });
  });

  it('deletes a user after confirmation', async () => {
    const server = fakeServer({ 'DELETE /v1/user': () => json({ message: 'deleted' }) });
    const user = setupUser();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: /Delete/ }));
    const confirm = await findDialog('Delete data?');
    expect(within(confirm).getByText('Do you want to delete? (somchai)')).toBeTruthy();
    await user.click(getButton('Yes', confirm));
    expect(await screen.findByText('Data deleted successfully')).toBeTruthy();
    expect(server.find('DELETE', '/v1/user')[0]?.url.searchParams.get('id')).toBe('somchai');
  });

  it("shows 'No Data...' and an Error dialog with the server's message when the list fails", async () => {
    fakeServer({ 'GET /v1/user': () => json({ message: 'database unavailable' }, 500) });
    renderScreen();
    const dialog = await findDialog('Error');
    expect(within(dialog).getByText('database unavailable')).toBeTruthy();
    expect(screen.getByText('No Data...')).toBeTruthy();
  });

  it('refuses a file that is not a workbook and uploads one after confirmation', async () => {
    const server = fakeServer({
      'POST /v1/user/import': () => json({ message: 'Imported.', created: 2, updated: 1 }),
    });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderScreen();
    await screen.findByText('somchai');
    // rc-upload replaces its <input> after every pick, so it is looked up each time.
    const fileInput = () => {
      const input = container.querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error('no file input');
      return input;
    };

    await user.upload(fileInput(), new File(['a,b'], 'users.csv', { type: 'text/csv' }));
    const warning = await findDialog('Please select file excel.');
    await user.click(getButton('Close', warning));
    await waitFor(() => expect(warning.isConnected).toBe(false));

    await user.upload(fileInput(), new File(['xlsx'], 'users.xlsx', { type: XLSX }));
    const confirm = await findDialog('Are you sure to Upload?');
    expect(within(confirm).getByText('File: users.xlsx')).toBeTruthy();
    await user.click(getButton('Yes', confirm));
    const done = await findDialog('Upload complete');
    expect(within(done).getByText('Imported. 2 users created, 1 updated.')).toBeTruthy();
    const [upload] = server.find('POST', '/v1/user/import');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('files')).toBeInstanceOf(File);
  });
});
