import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, createCompany, createUserWithRole, login, loginAdmin, type NewUser } from './support/api.js';
import { screenshot } from './support/browser.js';
import { navigationMenu, signInAsAdmin, signInWithForm } from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const ALPHA = { code: 'ALPHA', name: 'Alpha Logistics' };
const SERVER_ID = 'DMS-E2E';
const TOKEN = 'Dms-Bearer-Token-e2e-7f3a';

interface DmsList {
  result_list: Record<string, unknown>[];
  total_count: number;
}

let plainUser: NewUser;

const suite = useE2eSuite(async (server) => {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, ALPHA.code, ALPHA.name);
  plainUser = await createUserWithRole(server, token, 'dms.viewer', 'user', ALPHA.code);
});

const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ hasText: title });

async function chooseCompany(page: Page, form: Locator, label: string): Promise<void> {
  await form.getByRole('combobox', { name: 'Company' }).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.getByTitle(label, { exact: true }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

async function listDms(token: string): Promise<DmsList> {
  const answer = await api<DmsList>(suite.server, 'GET', '/v1/config/dms?page=1&size=25', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** 'Success / saved data successfully', then OK. */
async function acknowledgeSuccess(page: Page): Promise<void> {
  const success = page.locator('.ant-modal-confirm').filter({ hasText: 'saved data successfully' }).last();
  await success.locator('.ant-modal-confirm-title').getByText('Success', { exact: true }).waitFor();
  await success.getByRole('button', { name: 'OK' }).click();
  await success.waitFor({ state: 'hidden' });
}

describe('DMS Config (admin)', () => {
  it('adds, edits (token kept) and deletes a DMS server; the token never reaches the page', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    await navigationMenu(page).getByRole('menuitem', { name: 'DMS Config' }).click();
    await page.waitForURL((url) => url.pathname === '/dmsconfig');
    await page.getByRole('heading', { name: 'DMS Config' }).waitFor();
    await page.getByText('No Data...').waitFor();

    // The spec's required-field message.
    await page.getByRole('button', { name: /Add Dms Config/ }).click();
    const form = dialog(page, 'Add Dms Config');
    await form.waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    const warning = page
      .locator('.ant-modal-confirm')
      .filter({ hasText: 'Please fill in complete data: fill in SID, Company Code and Dms Server ID' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'OK' }).click();
    await warning.waitFor({ state: 'hidden' });

    // Add.
    await chooseCompany(page, form, `${ALPHA.code} · ${ALPHA.name}`);
    await form.getByLabel('Dms Server ID').fill(SERVER_ID);
    await form.getByLabel('Dms URL').fill('http://127.0.0.1:9100/dms');
    await form.getByLabel('Dms Token').fill(TOKEN);
    await form.getByRole('button', { name: 'Save' }).click();
    await acknowledgeSuccess(page);
    const row = page.getByRole('row').filter({ hasText: SERVER_ID });
    await row.waitFor();
    await row.getByText('stored', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('http://127.0.0.1:9100/dms');
    expect(await page.content()).not.toContain(TOKEN);
    const { access_token: adminToken } = await loginAdmin(server);
    const stored = await listDms(adminToken);
    expect(stored.result_list).toEqual([
      expect.objectContaining({
        companycode: ALPHA.code,
        dms_serverid: SERVER_ID,
        dms_url: 'http://127.0.0.1:9100/dms',
        has_token: true,
      }),
    ]);
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    await page.getByText('25 / page').waitFor();
    await screenshot(page, 'dms-config-en');

    // Edit: the id is locked; a new URL with the token left blank is refused (decision 0024) …
    await row.getByRole('button', { name: `Edit ${SERVER_ID}` }).click();
    const edit = dialog(page, `Edit Dms Config: ${SERVER_ID}`);
    await edit.waitFor();
    expect(await edit.getByLabel('Dms Server ID').inputValue()).toBe(SERVER_ID);
    expect(await edit.getByLabel('Dms Server ID').getAttribute('readonly')).not.toBeNull();
    expect(await edit.getByLabel(/^Dms Token/).inputValue()).toBe('');
    await edit.getByLabel('Dms URL').fill('https://dms.alpha.test/api');
    await edit.getByRole('button', { name: 'Save' }).click();
    const refused = page
      .locator('.ant-modal-confirm')
      .filter({ hasText: 'Re-enter the token when you change the address' });
    await refused.waitFor();
    await refused.getByRole('button', { name: 'OK' }).click();
    await refused.waitFor({ state: 'hidden' });
    // … and saved with the token typed again.
    await edit.getByLabel(/^Dms Token/).fill(TOKEN);
    await edit.getByRole('button', { name: 'Save' }).click();
    await acknowledgeSuccess(page);
    await row.getByText('https://dms.alpha.test/api').waitFor();
    expect((await listDms(adminToken)).result_list[0]).toMatchObject({
      dms_url: 'https://dms.alpha.test/api',
      has_token: true,
    });

    // Delete, after the confirmation.
    await row.getByRole('button', { name: `Delete ${SERVER_ID}` }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Delete data?' });
    await confirm.getByText(`Do you want to delete Dms server ${SERVER_ID}`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Data deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await listDms(adminToken)).total_count).toBe(0);
  });
});

describe('DMS Config (user)', () => {
  it("shows 'No access' to a user, and the server answers 403", async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInWithForm(page, plainUser.id, plainUser.password);
    await page.goto('/dmsconfig');
    await page.getByText('No access').waitFor();
    const { access_token: token } = await login(server, plainUser.id, plainUser.password);
    expect((await api(server, 'GET', '/v1/config/dms?page=1&size=25', { token })).status).toBe(403);
    const add = await api(server, 'POST', '/v1/config/dms', {
      token,
      body: { companycode: ALPHA.code, dms_serverid: 'X' },
    });
    expect(add.status).toBe(403);
  });
});
