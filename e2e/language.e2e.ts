import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import {
  EXPECTED_MENU,
  expectMenu,
  expectThaiMenu,
  openSignIn,
  signInAsAdmin,
  signInForm,
  switchLanguage,
} from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const suite = useE2eSuite();

const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('LIS_LANGUAGE'));
const documentLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** What the layout shows in Thai: every menu entry, the sign-out button, the product name. */
async function expectThaiShell(page: Page): Promise<void> {
  const labels = await expectThaiMenu(page, EXPECTED_MENU.super_admin.length);
  expect(labels.filter((label) => (EXPECTED_MENU.super_admin as readonly string[]).includes(label))).toEqual(
    [],
  );
  expect(labels.at(-1)).toBe('กลับสู่พอร์ทัล');
  await page.getByRole('button', { name: 'ออกจากระบบ' }).waitFor();
  expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
  await page.getByText('ระบบจัดตารางงานเชื่อมต่อระบบเดิม').waitFor();
  expect(await documentLanguage(page)).toBe('th');
}

describe('language switch', () => {
  it('turns the sign-in page into Thai, and Ant Design dialogs with it', async () => {
    const { page } = await suite.open();
    await openSignIn(page);
    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    await page.getByText('รหัสผ่าน (Password)').waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);
    await screenshot(page, 'login-th');

    await signInForm(page).submit.click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'ตรวจสอบข้อมูล' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('กรุณากรอก Username และ Password');
    await dialog.getByRole('button', { name: 'ตกลง' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    expect(await storedLanguage(page)).toBe('th');
  });

  it('turns the menu, the header and Ant Design components into Thai; the choice survives a reload', async () => {
    const { page } = await suite.open();
    await signInAsAdmin(page, suite.server);
    await expectMenu(page, EXPECTED_MENU.super_admin);
    expect(await documentLanguage(page)).toBe('en');

    // Ant Design's own texts (the pagination of Employee Config) in English first.
    await page.goto('/employee');
    await page.getByRole('heading', { name: 'Employee Config' }).waitFor();
    await page.getByTitle('Previous Page').waitFor();

    await switchLanguage(page, 'th');
    await expectThaiShell(page);
    await page.getByRole('heading', { name: 'ตั้งค่าพนักงาน' }).waitFor();
    await page.getByTitle('หน้าก่อนหน้า').waitFor();
    await page.getByText('/ หน้า').first().waitFor();
    expect(await page.getByTitle('Previous Page').count()).toBe(0);
    expect(await storedLanguage(page)).toBe('th');

    await page.reload();
    await expectThaiShell(page);
    await page.getByTitle('หน้าก่อนหน้า').waitFor();

    // And back.
    await switchLanguage(page, 'en');
    await expectMenu(page, EXPECTED_MENU.super_admin);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByTitle('Previous Page').waitFor();
    await page.reload();
    await expectMenu(page, EXPECTED_MENU.super_admin);
    expect(await storedLanguage(page)).toBe('en');
  });
});
