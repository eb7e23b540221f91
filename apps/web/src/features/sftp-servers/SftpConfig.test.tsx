import type { SftpServer } from '@lis/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company, fakeApi, page } from '../../testing/fake-api';
import { openDialog, typeInto } from '../../testing/form-steps';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { SftpConfig } from './SftpConfig';
import { getButton, setupUser } from '../../testing/user';

const server = (id: string, overrides: Partial<SftpServer> = {}): SftpServer => ({
  sid: '555',
  companycode: 'ACME',
  sftp_server_id: id,
  sftp_ip: '10.0.0.5',
  sftp_port: 22,
  sftp_username: 'transfer',
  has_password: true,
  has_private_key: false,
  privatekey_path: '',
  ...overrides,
});

function fakeServer(routes: Record<string, MockEndpoint> = {}) {
  const rows: SftpServer[] = [server('SFTP01')];
  const { calls } = fakeApi({
    'GET /v1/company_master': () => page([company('ACME', 'Acme Trading')]),
    'GET /v1/config/sftp-server': ({ url }) => {
      const id = url.searchParams.get('sftp_server_id');
      const found = id ? rows.filter((r) => r.sftp_server_id === id) : rows;
      if (id && found.length === 0) return jsonResponse({ message: `sFTP Server ${id} was not found` }, 404);
      return page(found);
    },
    'POST /v1/config/sftp-server/add': ({ body }) => {
      const write = body as SftpServer;
      rows.push(server(write.sftp_server_id, { ...write, has_password: true }));
      return { message: 'Saved data successfully' };
    },
    'POST /v1/config/sftp-server/edit': () => ({ message: 'Saved data successfully' }),
    'DELETE /v1/config/sftp-server/delete': ({ url }) => {
      const index = rows.findIndex((r) => r.sftp_server_id === url.searchParams.get('sftp_server_id'));
      rows.splice(index, 1);
      return { message: 'Deleted successfully' };
    },
    ...routes,
  });
  return { rows, calls };
}

const renderSftpConfig = () => renderScreen(<SftpConfig />);

/** The screen, once its list is shown. */
async function showSftpConfig() {
  renderSftpConfig();
  await screen.findByText('SFTP01');
}

resetBetweenTests();

describe('sFTP Config screen', { timeout: 30_000 }, () => {
  it('lists the servers with their company', async () => {
    const api = fakeServer();
    renderSftpConfig();
    expect(await screen.findByText('SFTP01')).toBeTruthy();
    expect(screen.getByText('10.0.0.5')).toBeTruthy();
    expect(await screen.findByText('ACME · Acme Trading')).toBeTruthy();
    const [list] = api.calls('GET', '/v1/config/sftp-server');
    expect(list?.url.searchParams.get('page_size')).toBe('25');
  });

  it('shows what the connection checks found beside each server', async () => {
    const api = fakeServer({
      'GET /v1/config/server-reachability': () => ({
        result_list: [
          {
            kind: 'sftp',
            company_code: 'ACME',
            server_id: 'SFTP01',
            state: 'UNREACHABLE',
            since: '2026-11-21T02:50:00.000Z',
            checked_at: '2026-11-21T02:55:00.000Z',
            failures: 2,
            last_error: 'Test sFTP failed: cannot connect to 10.0.0.5:22',
          },
        ],
        check_interval_seconds: 300,
      }),
    });
    renderSftpConfig();
    const tag = await screen.findByTestId('server-reachability');
    expect(tag.textContent).toMatch(/^Unreachable since \d\d-\d\d-2026 /);
    expect(screen.getByRole('columnheader', { name: 'Connection' })).toBeTruthy();
    expect(api.calls('GET', '/v1/config/server-reachability')[0]?.url.searchParams.get('kind')).toBe('sftp');
  });

  it("shows 'No Data...' and the server's message when the list fails", async () => {
    fakeServer({ 'GET /v1/config/sftp-server': () => jsonResponse({ message: 'Database is down' }, 500) });
    renderSftpConfig();
    expect(await screen.findByText('Database is down')).toBeTruthy();
    expect(await screen.findByText('No Data...')).toBeTruthy();
  });

  it('adds a server: the port is a number and the password is sent', async () => {
    const api = fakeServer();
    const user = setupUser();
    await showSftpConfig();
    const dialog = await openDialog(user, /Add sFTP Server Config/, 'Add sFTP Server Config');
    await waitFor(() => expect(within(dialog).getByText('ACME · Acme Trading')).toBeTruthy());
    expect((within(dialog).getByLabelText('sFTP Port') as HTMLInputElement).value).toBe('22');
    await user.clear(within(dialog).getByLabelText('sFTP Port'));
    await typeInto(user, dialog, {
      'sFTP Server ID': 'SFTP02',
      'sFTP IP': 'sftp.acme.test',
      'sFTP Port': '2222',
      'sFTP Username': 'acme',
    });
    await user.type(within(dialog).getByLabelText(/sFTP Password/), 's3cret!');
    await user.click(getButton('Save', dialog));
    await screen.findByText('Saved data successfully');
    expect(api.calls('POST', '/v1/config/sftp-server/add').map((c) => c.body)).toEqual([
      {
        sid: '555',
        companycode: 'ACME',
        sftp_server_id: 'SFTP02',
        sftp_ip: 'sftp.acme.test',
        sftp_port: 2222,
        sftp_username: 'acme',
        sftp_password: 's3cret!',
      },
    ]);
    expect(await screen.findByText('SFTP02')).toBeTruthy();
  });

  it('warns before Test Connection when a field is missing, and asks for a password or key on add', async () => {
    const api = fakeServer();
    const user = setupUser();
    await showSftpConfig();
    const dialog = await openDialog(user, /Add sFTP Server Config/, 'Add sFTP Server Config');
    await user.click(getButton(/Test Connection/, dialog));
    expect((await screen.findAllByText('Please fill in complete data')).length).toBeGreaterThan(0);
    expect(
      screen.getByText(
        'Fill in sFTP Server ID, sFTP IP, sFTP Port, sFTP Username and sFTP Password or Private Key.',
      ),
    ).toBeTruthy();
    await user.click(getButton('Save', dialog));
    expect(await within(dialog).findByText('Please fill in sFTP Server ID')).toBeTruthy();
    expect(within(dialog).getAllByText('Please fill in sFTP Password or Private Key').length).toBe(2);
    expect(api.calls('POST', '/v1/test/sftp/connection')).toEqual([]);
    expect(api.calls('POST', '/v1/config/sftp-server/add')).toEqual([]);
  });

  it('edits: fetches the record first, locks the id, keeps a blank password and tests with the stored one', async () => {
    const api = fakeServer({
      'POST /v1/test/sftp/connection': () => ({
        message: 'Test sFTP: connected successfully',
        entries: ['inbound', 'outbound'],
      }),
    });
    const user = setupUser();
    await showSftpConfig();
    // An Add opened and closed first must not leave its values in the edit form.
    const add = await openDialog(user, /Add sFTP Server Config/, 'Add sFTP Server Config');
    await user.type(within(add).getByLabelText('sFTP Server ID'), 'TYPED');
    await user.click(within(add).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(add.isConnected).toBe(false));
    const dialog = await openDialog(user, 'Edit SFTP01', 'Edit sFTP Server Config: SFTP01');
    expect((within(dialog).getByLabelText('sFTP Server ID') as HTMLInputElement).value).toBe('SFTP01');
    expect((within(dialog).getByLabelText('sFTP IP') as HTMLInputElement).value).toBe('10.0.0.5');
    const fetched = api.calls('GET', '/v1/config/sftp-server').at(-1);
    expect(fetched?.url.searchParams.get('sftp_server_id')).toBe('SFTP01');
    expect(fetched?.url.searchParams.get('company_code')).toBe('ACME');
    expect(within(dialog).getByLabelText('sFTP Server ID').hasAttribute('readonly')).toBe(true);
    expect(within(dialog).getByText('stored')).toBeTruthy();
    expect(within(dialog).getByTestId('sftp-test-hint')).toBeTruthy();
    expect((within(dialog).getByLabelText(/sFTP Password/) as HTMLInputElement).value).toBe('');

    await user.click(getButton(/Test Connection/, dialog));
    expect((await screen.findAllByText('Test sFTP: success')).length).toBeGreaterThan(0);
    expect(screen.getByText('outbound')).toBeTruthy();
    expect(api.calls('POST', '/v1/test/sftp/connection').map((c) => c.body)).toEqual([
      {
        sid: '555',
        host: '10.0.0.5',
        port: 22,
        username: 'transfer',
        company_code: 'ACME',
        sftp_server_id: 'SFTP01',
      },
    ]);
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);

    await user.clear(within(dialog).getByLabelText('sFTP Port'));
    await user.type(within(dialog).getByLabelText('sFTP Port'), '2022');
    await user.click(getButton('Save', dialog));
    await screen.findByText('Saved data successfully');
    const [edit] = api.calls('POST', '/v1/config/sftp-server/edit');
    expect(edit?.body).toEqual({
      sid: '555',
      companycode: 'ACME',
      sftp_server_id: 'SFTP01',
      sftp_ip: '10.0.0.5',
      sftp_port: 2022,
      sftp_username: 'transfer',
    });
  });

  it("shows the server's message when Test Connection fails", async () => {
    fakeServer({
      'POST /v1/test/sftp/connection': () =>
        jsonResponse(
          { message: 'Test sFTP failed: nothing answers at 10.0.0.5:22 (connection refused)' },
          422,
        ),
    });
    const user = setupUser();
    await showSftpConfig();
    const dialog = await openDialog(user, 'Edit SFTP01', 'Edit sFTP Server Config: SFTP01');
    await user.click(getButton(/Test Connection/, dialog));
    expect((await screen.findAllByText('Not successful')).length).toBeGreaterThan(0);
    expect(
      screen.getByText('Test sFTP failed: nothing answers at 10.0.0.5:22 (connection refused)'),
    ).toBeTruthy();
  });

  it('deletes after the confirmation and reloads the list', async () => {
    const api = fakeServer();
    const user = setupUser();
    await showSftpConfig();
    const confirm = await openDialog(user, 'Delete SFTP01', 'Delete data?');
    await user.click(getButton('Yes', confirm));
    await screen.findByText('Deleted successfully');
    const [call] = api.calls('DELETE', '/v1/config/sftp-server/delete');
    expect(call?.url.searchParams.get('sftp_server_id')).toBe('SFTP01');
    expect(call?.url.searchParams.get('company_code')).toBe('ACME');
    expect(await screen.findByText('No Data...')).toBeTruthy();
  });
});
