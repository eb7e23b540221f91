import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../tools/reference-function-server/reference-function-server.js';
import { api, createCompany, createUserWithRole, login, loginAdmin, type NewUser } from './support/api.js';
import { screenshot } from './support/browser.js';
import { navigationMenu, signInAsAdmin, signInWithForm, switchLanguage } from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const ALPHA = { code: 'ALPHA', name: 'Alpha Logistics' };
const FAPP = { username: 'demo', password: 'Ref-Function-Pass-42', clientUUID: 'e2e-client-uuid-0001' };
const SERVER_ID = 'FAPP-E2E';

interface ApiServerList {
  result_list: Record<string, unknown>[];
  total_count: number;
}

let functionServer: ReferenceFunctionServer;
let plainUser: NewUser;

const suite = useE2eSuite(async (server) => {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, ALPHA.code, ALPHA.name);
  plainUser = await createUserWithRole(server, token, 'api.viewer', 'user', ALPHA.code);
});

beforeAll(async () => {
  functionServer = await createReferenceFunctionServer({
    username: FAPP.username,
    password: FAPP.password,
    clientUUID: FAPP.clientUUID,
  });
});
afterAll(async () => {
  await functionServer?.close();
});

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ hasText: title });

async function chooseCompany(page: Page, form: Locator, label: string): Promise<void> {
  await form.getByRole('combobox', { name: 'Company' }).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.getByTitle(label, { exact: true }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

async function openApiConfig(page: Page): Promise<void> {
  await navigationMenu(page).getByRole('menuitem', { name: 'API Config' }).click();
  await page.waitForURL((url) => url.pathname === '/companyconfig');
  await page.getByRole('heading', { name: 'API Config' }).waitFor();
}

async function fillForm(
  page: Page,
  values: { id: string; url: string; username: string; password: string },
): Promise<Locator> {
  await page.getByRole('button', { name: /Add API config/ }).click();
  const form = dialog(page, 'Add API config');
  await form.waitFor();
  await chooseCompany(page, form, `${ALPHA.code} · ${ALPHA.name}`);
  await form.getByLabel('API ServerID').fill(values.id);
  await form.getByLabel('API URL').fill(values.url);
  await form.getByLabel('API Username').fill(values.username);
  await form.getByLabel('API Password').fill(values.password);
  return form;
}

/** Test Connection, then 'Yes' on 'FAPP Test?'; the form closes (spec 001 §4). */
async function runTest(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: /Test Connection/ }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'FAPP Test?' });
  await confirm.getByText('Do you want to test?').waitFor();
  const yes = confirm.getByRole('button', { name: 'Yes' });
  // A click during the confirmation's opening animation can be lost: click until it closes.
  await expect
    .poll(
      async () => {
        if (await yes.isVisible()) await yes.click({ timeout: 2_000 }).catch(() => undefined);
        return yes.isVisible();
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(false);
  await form.waitFor({ state: 'hidden' });
}

async function listApiServers(token: string): Promise<ApiServerList> {
  const answer = await api<ApiServerList>(suite.server, 'GET', '/v1/config/api-server?page=1&page_size=25', {
    token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('API Config (admin)', () => {
  it('adds, tests (real function server), edits with the password kept, and deletes an API server', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    await openApiConfig(page);
    await page.getByText('No Data...').waitFor();

    // Add.
    const form = await fillForm(page, {
      id: SERVER_ID,
      url: functionServer.url,
      username: FAPP.username,
      password: FAPP.password,
    });
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Data saved successfully').waitFor();
    await form.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: SERVER_ID });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain(functionServer.url);
    expect(await row.innerText()).toContain(`${ALPHA.code} · ${ALPHA.name}`);
    expect(await page.content()).not.toContain(FAPP.password);
    const { access_token: adminToken } = await loginAdmin(server);
    const stored = await listApiServers(adminToken);
    expect(stored.result_list).toEqual([
      expect.objectContaining({
        companycode: ALPHA.code,
        api_serverid: SERVER_ID,
        api_url_callfunction: functionServer.url,
        api_username: FAPP.username,
        has_password: true,
      }),
    ]);
    expect(JSON.stringify(stored)).not.toContain(FAPP.password);
    await page.getByText('Data saved successfully').waitFor({ state: 'hidden', timeout: 10_000 });
    await screenshot(page, 'api-config-en');
    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'ตั้งค่า API' }).waitFor();
    await page.getByRole('columnheader', { name: 'ชื่อผู้ใช้ API' }).waitFor();
    await screenshot(page, 'api-config-th');
    await switchLanguage(page, 'en');

    // Test Connection of the saved record (the stored password): the function server's info.
    await row.getByRole('button', { name: `Edit ${SERVER_ID}` }).click();
    const edit = dialog(page, `Edit API config: ${SERVER_ID}`);
    await edit.waitFor();
    await edit.getByText('password stored').waitFor();
    await runTest(page, edit);
    const result = dialog(page, `Test Connection: ${functionServer.url}`);
    await result.waitFor();
    await result.getByText('FAPP Test: connected successfully').waitFor();
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
      await result.getByText(field, { exact: true }).waitFor();
    }
    await result.getByText(FAPP.clientUUID).waitFor();
    await result.getByText('1.0.0').waitFor();
    expect(await result.locator('[data-field="percentTotalCPUUsage"]').innerText()).toMatch(/^[\d.,]+ %$/);
    expect(await result.locator('[data-field="megaByteTotalMemory"]').innerText()).toMatch(/^[\d.,]+ MB$/);
    await screenshot(page, 'api-config-test-en');
    await result.getByRole('button', { name: 'Close' }).last().click();
    await result.waitFor({ state: 'hidden' });

    // Edit: a new username with the password left blank is refused (decision 0024) …
    await row.getByRole('button', { name: `Edit ${SERVER_ID}` }).click();
    await edit.waitFor();
    expect(await edit.getByLabel(/^API Password/).inputValue()).toBe('');
    expect(await edit.getByLabel('API ServerID').getAttribute('readonly')).not.toBeNull();
    await edit
      .getByText('Changing the URL or username needs the password again.', { exact: false })
      .waitFor();
    await edit.getByLabel('API Username').fill('demo-renamed');
    await edit.getByRole('button', { name: 'Save' }).click();
    const refused = page
      .locator('.ant-modal-confirm')
      .filter({ hasText: 'Re-enter the password when you change the address' });
    await refused.waitFor();
    await refused.getByRole('button', { name: 'OK' }).click();
    await refused.waitFor({ state: 'hidden' });
    // … and saved with the password typed again.
    await edit.getByLabel(/^API Password/).fill(FAPP.password);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('demo-renamed').waitFor();
    expect((await listApiServers(adminToken)).result_list[0]).toMatchObject({
      api_username: 'demo-renamed',
      has_password: true,
    });

    // Delete, after the confirmation.
    await row.getByRole('button', { name: `Delete ${SERVER_ID}` }).click();
    const confirm = dialog(page, 'Delete data?');
    await confirm.getByText(`Do you want to delete API server ${SERVER_ID}`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Data deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await listApiServers(adminToken)).total_count).toBe(0);
  });

  it('fails clearly with a wrong password and with a closed port, showing the server message', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    await openApiConfig(page);

    let form = await fillForm(page, {
      id: 'FAPP-WRONG',
      url: functionServer.url,
      username: FAPP.username,
      password: 'not-the-password',
    });
    await runTest(page, form);
    let failure = dialog(page, 'FAPP Test not successful');
    await failure
      .getByText('FAPP Test failed: the API server did not accept the username or password (HTTP 401)')
      .waitFor();
    await failure.getByRole('button', { name: 'OK' }).click();
    await failure.waitFor({ state: 'hidden' });

    const port = await closedPort();
    const deadUrl = `http://127.0.0.1:${port}/api`;
    form = await fillForm(page, { id: 'FAPP-CLOSED', url: deadUrl, username: 'x', password: 'y' });
    await runTest(page, form);
    failure = dialog(page, 'FAPP Test not successful');
    await failure.getByText(`FAPP Test failed: cannot connect to ${deadUrl}`, { exact: false }).waitFor();
    await failure.getByRole('button', { name: 'OK' }).click();
    // Nothing was saved by testing.
    const { access_token: adminToken } = await loginAdmin(server);
    const ids = (await listApiServers(adminToken)).result_list.map((row) => row.api_serverid);
    expect(ids).not.toContain('FAPP-WRONG');
    expect(ids).not.toContain('FAPP-CLOSED');
  });
});

describe('API Config (user)', () => {
  it("shows 'No access' to a user, and the server answers 403", async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInWithForm(page, plainUser.id, plainUser.password);
    await page.goto('/companyconfig');
    await page.getByText('No access').waitFor();
    expect(await page.getByRole('heading', { name: 'API Config' }).count()).toBe(0);
    const { access_token: token } = await login(server, plainUser.id, plainUser.password);
    const list = await api(server, 'GET', '/v1/config/api-server?page=1&page_size=25', { token });
    expect(list.status).toBe(403);
    const test = await api(
      server,
      'GET',
      `/v1/test/fapp/connection?company_code=${ALPHA.code}&api_server_id=X`,
      {
        token,
      },
    );
    expect(test.status).toBe(403);
  });
});
