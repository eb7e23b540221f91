import type { DmsServer, DmsServerWrite } from '@lis/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { COMPANIES, fakeApi, page } from '../../testing/fake-api';
import { findDialog } from '../../testing/find-dialog';
import { openDialog, typeInto } from '../../testing/form-steps';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { chooseOption, renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { DmsConfig } from './DmsConfig';
import { getButton, setupUser } from '../../testing/user';

function fakeDmsServer(routes: Record<string, MockEndpoint> = {}) {
  const servers: DmsServer[] = [
    {
      sid: '555',
      companycode: 'ACME',
      dms_serverid: 'DMS-01',
      dms_url: 'https://dms.acme.test',
      has_token: true,
    },
    { sid: '555', companycode: 'SIAM', dms_serverid: 'DMS-02', dms_url: '', has_token: false },
  ];
  const { calls } = fakeApi({
    'GET /v1/company_master': () => page(COMPANIES),
    'GET /v1/config/dms': () => page(servers),
    'POST /v1/config/dms': ({ body }) => {
      const write = body as DmsServerWrite;
      servers.push({
        sid: '555',
        companycode: write.companycode,
        dms_serverid: write.dms_serverid,
        dms_url: write.dms_url ?? '',
        has_token: Boolean(write.dms_token),
      });
      return { message: 'Saved data successfully' };
    },
    'PUT /v1/config/dms': () => ({ message: 'Saved data successfully' }),
    'DELETE /v1/config/dms': ({ url }) => {
      const index = servers.findIndex((s) => s.dms_serverid === url.searchParams.get('dms_serverid'));
      servers.splice(index, 1);
      return { message: 'Deleted successfully' };
    },
    ...routes,
  });
  return { servers, calls };
}

const renderDmsConfig = () => renderScreen(<DmsConfig />, { route: '/dmsconfig' });

/** The screen, once its list is shown. */
async function showDmsConfig() {
  renderDmsConfig();
  await screen.findByText('DMS-01');
}

resetBetweenTests();

describe('DMS Config', { timeout: 30_000 }, () => {
  it('lists the servers with the token masked, 25 to a page', async () => {
    const server = fakeDmsServer();
    renderDmsConfig();
    expect(await screen.findByText('DMS-01')).toBeTruthy();
    expect(screen.getByText('https://dms.acme.test')).toBeTruthy();
    expect(screen.getByText('stored')).toBeTruthy();
    // The companies' names come with their own answer, which may arrive after the list's.
    expect(await screen.findByText('ACME · Acme Trading')).toBeTruthy();
    expect(screen.getByText('SIAM · Siam Logistics')).toBeTruthy();
    for (const title of ['Dms Server ID', 'Dms URL', 'Dms Token', 'Company']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    }
    const [list] = server.calls('GET', '/v1/config/dms');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ sid: '555', page: '1', size: '25' });
    expect(screen.getByText('25 / page')).toBeTruthy();
  });

  it("adds a server with the exact body, then 'Success / saved data successfully'", async () => {
    const server = fakeDmsServer();
    const user = setupUser();
    await showDmsConfig();
    const form = await openDialog(user, /Add Dms Config/, 'Add Dms Config');
    await chooseOption(user, form, 'Company', 'SIAM · Siam Logistics');
    await typeInto(user, form, {
      'Dms Server ID': 'DMS-03',
      'Dms URL': 'http://127.0.0.1:9000',
      'Dms Token': 'tok-123',
    });
    const success = await openDialog(user, 'Save', 'Success', form);
    expect(within(success).getByText('saved data successfully')).toBeTruthy();
    expect(server.calls('POST', '/v1/config/dms').map((call) => call.body)).toEqual([
      {
        sid: '555',
        companycode: 'SIAM',
        dms_serverid: 'DMS-03',
        dms_url: 'http://127.0.0.1:9000',
        dms_token: 'tok-123',
      },
    ]);
    expect(await screen.findByText('DMS-03')).toBeTruthy();
  });

  it("shows the spec's required-field message and sends nothing", async () => {
    const server = fakeDmsServer();
    const user = setupUser();
    await showDmsConfig();
    const form = await openDialog(user, /Add Dms Config/, 'Add Dms Config');
    await user.click(getButton('Save', form));
    expect(
      await screen.findByText('Please fill in complete data: fill in SID, Company Code and Dms Server ID'),
    ).toBeTruthy();
    // Ant Design shows a field's error a timer tick after the validation that the notice follows.
    expect(await within(form).findByText('please fill in the Dms Server ID field')).toBeTruthy();
    expect(server.calls('POST', '/v1/config/dms')).toHaveLength(0);
  });

  it('edits with the server id locked; a blank token is not sent', async () => {
    const server = fakeDmsServer();
    const user = setupUser();
    await showDmsConfig();
    const form = await openDialog(user, 'Edit DMS-01', 'Edit Dms Config: DMS-01');
    const id = within(form).getByLabelText<HTMLInputElement>('Dms Server ID');
    expect(id.readOnly).toBe(true);
    expect(
      within(form).getByText('Leave blank to keep the stored token. Changing the URL needs the token again.'),
    ).toBeTruthy();
    const url = within(form).getByLabelText('Dms URL');
    await user.clear(url);
    await user.type(url, 'https://dms2.acme.test');
    await user.click(getButton('Save', form));
    await findDialog('Success');
    expect(server.calls('PUT', '/v1/config/dms').map((call) => call.body)).toEqual([
      { sid: '555', companycode: 'ACME', dms_serverid: 'DMS-01', dms_url: 'https://dms2.acme.test' },
    ]);
  });

  it("shows 'Not successful' with the server's message", async () => {
    fakeDmsServer({
      'PUT /v1/config/dms': () =>
        jsonResponse({ message: 'Dms Server DMS-01 of company ACME was not found' }, 404),
    });
    const user = setupUser();
    await showDmsConfig();
    const form = await openDialog(user, 'Edit DMS-01', 'Edit Dms Config: DMS-01');
    const failure = await openDialog(user, 'Save', 'Not successful', form);
    expect(within(failure).getByText('Dms Server DMS-01 of company ACME was not found')).toBeTruthy();
  });

  it('deletes after the confirmation', async () => {
    const server = fakeDmsServer();
    const user = setupUser();
    renderDmsConfig();
    await screen.findByText('DMS-02');
    const confirm = await openDialog(user, 'Delete DMS-02', 'Delete data?');
    expect(server.calls('DELETE', '/v1/config/dms')).toHaveLength(0);
    await user.click(getButton('Yes', confirm));
    expect(await screen.findByText('Data deleted successfully')).toBeTruthy();
    const [call] = server.calls('DELETE', '/v1/config/dms');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      sid: '555',
      company_code: 'SIAM',
      dms_serverid: 'DMS-02',
    });
    await waitFor(() => expect(screen.queryByText('DMS-02')).toBeNull());
  });

  it("shows 'No Data...' and the server's message when the list fails", async () => {
    fakeDmsServer({ 'GET /v1/config/dms': () => jsonResponse({ message: 'database unavailable' }, 500) });
    renderDmsConfig();
    const dialog = await findDialog('Error');
    expect(within(dialog).getByText('database unavailable')).toBeTruthy();
    expect(screen.getByText('No Data...')).toBeTruthy();
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    fakeDmsServer();
    renderDmsConfig();
    expect(await screen.findByText('DMS-01')).toBeTruthy();
    expect(screen.getByText('ตั้งค่า DMS')).toBeTruthy();
    expect(screen.getByText('บันทึกแล้ว')).toBeTruthy();
    expect(getButton(/เพิ่มการตั้งค่า Dms/)).toBeTruthy();
  });
});
