import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, createCompany, login, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import {
  EMPLOYEE_MENU,
  EXPECTED_MENU,
  expectMenu,
  navigationMenu,
  signInAsAdmin,
  signInWithOneTimePassword,
  switchLanguage,
} from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const ALPHA = { code: 'ALPHA', name: 'Alpha Logistics' };
const BETA = { code: 'BETA', name: 'Beta Insurance' };
const EMPLOYEE = {
  id: 'somchai.admin',
  firstName: 'Somchai',
  lastName: 'Jaidee',
  password: 'Employee-Pass-2024!',
};
const EMPLOYEE_OWN_PASSWORD = 'Somchai-Own-Choice-2024!';

interface UserListBody {
  result_list: {
    id: string;
    first_name: string;
    last_name: string;
    list_company: { company_code: string; role_access: string }[];
  }[];
  total_count: number;
}

const suite = useE2eSuite(async (server) => {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, ALPHA.code, ALPHA.name);
  await createCompany(server, token, BETA.code, BETA.name);
});

/** Sets the roles of a multiple Ant Design Select to exactly `wanted` (labels of the role list). */
async function chooseRoles(page: Page, select: Locator, wanted: string[]): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.waitFor();
  for (const role of ['User', 'Admin', 'Super Admin']) {
    const option = dropdown.getByTitle(role, { exact: true });
    const selected = /\bant-select-item-option-selected\b/.test((await option.getAttribute('class')) ?? '');
    if (selected !== wanted.includes(role)) await option.click();
  }
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
}

describe('Employee Config (super_admin)', () => {
  it('adds an employee with two companies and roles; the employee then sees only their menus', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    await expectMenu(page, EXPECTED_MENU.super_admin);
    await navigationMenu(page).getByRole('menuitem', { name: EMPLOYEE_MENU }).click();
    await page.waitForURL((url) => url.pathname === '/employee');
    await page.getByRole('heading', { name: 'Employee Config' }).waitFor();

    await page.getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add Employee' });
    await dialog.waitFor();
    await dialog.getByLabel('User ID').fill(EMPLOYEE.id);
    await dialog.getByLabel('First name').fill(EMPLOYEE.firstName);
    await dialog.getByLabel('Last name').fill(EMPLOYEE.lastName);
    await dialog.getByLabel('Password', { exact: true }).fill(EMPLOYEE.password);

    // Company A first (it decides the role), then company B.
    await dialog.getByRole('checkbox', { name: ALPHA.name }).check();
    await dialog.getByRole('checkbox', { name: BETA.name }).check();
    await chooseRoles(page, dialog.getByRole('combobox', { name: `Role Access: ${ALPHA.name}` }), ['Admin']);
    await chooseRoles(page, dialog.getByRole('combobox', { name: `Role Access: ${BETA.name}` }), ['User']);
    await screenshot(page, 'employee-modal-en');

    await dialog.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByText('Data saved successfully');
    await saved.waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The list shows the employee, one row per company.
    const rows = page
      .getByRole('row')
      .filter({ hasText: ALPHA.code })
      .or(page.getByRole('row').filter({ hasText: BETA.code }));
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByText(EMPLOYEE.id, { exact: true }).waitFor();
    await saved.waitFor({ state: 'hidden', timeout: 10_000 }); // the toast, out of the screenshots
    await screenshot(page, 'employee-config-en');
    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'ตั้งค่าพนักงาน' }).waitFor();
    await screenshot(page, 'employee-config-th');
    await switchLanguage(page, 'en');

    // What the server stored.
    const { access_token: adminToken } = await loginAdmin(server);
    const stored = await api<UserListBody>(server, 'GET', `/v1/user?id=${EMPLOYEE.id}`, {
      token: adminToken,
    });
    expect(stored.status).toBe(200);
    expect(stored.body.result_list[0]).toMatchObject({
      id: EMPLOYEE.id,
      first_name: EMPLOYEE.firstName,
      last_name: EMPLOYEE.lastName,
      list_company: [
        { company_code: ALPHA.code, role_access: 'admin' },
        { company_code: BETA.code, role_access: 'user' },
      ],
    });

    // The employee signs in with the password given in the form, a one-time password (decision 0020):
    // only the change-password screen until they choose their own; then admin menus, no Employee Config.
    const { page: employeePage } = await suite.open();
    await signInWithOneTimePassword(employeePage, EMPLOYEE.id, EMPLOYEE.password, EMPLOYEE_OWN_PASSWORD);
    await expectMenu(employeePage, EXPECTED_MENU.admin);
    await expect
      .poll(() => employeePage.getByTestId('current-user-name').innerText())
      .toBe(`${EMPLOYEE.firstName} ${EMPLOYEE.lastName}`);
    await employeePage.goto('/employee');
    await employeePage.getByText('No access').waitFor();

    // And the server refuses them the user list.
    const { access_token: employeeToken } = await login(server, EMPLOYEE.id, EMPLOYEE_OWN_PASSWORD);
    const list = await api(server, 'GET', '/v1/user?page=1&page_size=25', { token: employeeToken });
    expect(list.status).toBe(403);
    const self = await api<UserListBody>(server, 'GET', `/v1/user?id=${EMPLOYEE.id}`, {
      token: employeeToken,
    });
    expect(self.status).toBe(200);
  });

  it('refuses to save without a user id or a company, with the messages of the form', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    await page.goto('/employee');
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add Employee' });
    await dialog.waitFor();
    // A click during the dialog's opening animation can be lost: press Save until the form answers.
    const required = dialog.getByText('please fill in the User ID field');
    await expect
      .poll(
        async () => {
          if (!(await required.isVisible())) await dialog.getByRole('button', { name: 'Save' }).click();
          return required.isVisible();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await dialog.getByText('please select at least 1 Company').waitFor();
    // The footer's Close (the corner ✕ is named "Close" too).
    await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
