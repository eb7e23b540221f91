import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { LisServer } from './server.js';

/**
 * Spec 000 §2 "Navigation menu", in the table's order (labels in English), with the three screens of
 * the route table the spec's menu leaves out (issue 17): the two reports and Chain Job Config;
 * Calendars and Maintenance Windows (issue 34); Alerts for everyone and Alert Config (issue 35).
 */
export const MONITORING_MENU = [
  'Report Legacy Monitoring',
  'Report Legacy Manual',
  'Report Legacy Task Monitoring',
  'System Log',
  'Quartz Monitor',
  'Create Structure',
  'Download Source And Response File',
  'Application Log',
  'Daily Report',
  'Expected Run Job',
  'Alerts',
] as const;
/** admin and super_admin. */
export const CONFIG_MENU = [
  'Job Config',
  'Pull Job Config',
  'Pull Job Config Log',
  'Chain Job Config',
  'Calendars',
  'Maintenance Windows',
  'Alert Config',
  'API Config',
  'sFTP Config',
  'DMS Config',
  'Email Content',
  'User Registration',
] as const;
export const EMPLOYEE_MENU = 'Employee Config';
export const SETTINGS_MENU = 'Settings';
export const BACK_TO_PORTAL = 'Back to Portal';

export const EXPECTED_MENU = {
  user: [...MONITORING_MENU, BACK_TO_PORTAL],
  admin: [...MONITORING_MENU, ...CONFIG_MENU, BACK_TO_PORTAL],
  super_admin: [...MONITORING_MENU, ...CONFIG_MENU, EMPLOYEE_MENU, SETTINGS_MENU, BACK_TO_PORTAL],
} as const;

const THAI = /[\u0E00-\u0E7F]/;
export const hasThai = (text: string) => THAI.test(text);

/** The side navigation (`<Menu aria-label="Main navigation">`, or its Thai name). */
export function navigationMenu(page: Page): Locator {
  return page.getByRole('menu', { name: /^(Main navigation|เมนูหลัก)$/ });
}

export async function menuLabels(page: Page): Promise<string[]> {
  const texts = await navigationMenu(page).getByRole('menuitem').allInnerTexts();
  return texts.map((text) => text.trim());
}

/**
 * Waits until the menu shows exactly `expected` (the role loads after the first paint, the menu grows).
 * Fails with the labels it saw.
 */
export async function expectMenu(page: Page, expected: readonly string[]): Promise<void> {
  await expect.poll(() => menuLabels(page), { timeout: 15_000, interval: 200 }).toEqual([...expected]);
}

/** The header's language switch (Ant Design Segmented: EN / ไทย). */
export async function switchLanguage(page: Page, language: 'en' | 'th'): Promise<void> {
  const label = language === 'th' ? 'ไทย' : 'EN';
  await page.locator('.ant-segmented').getByText(label, { exact: true }).first().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

/** The sign-in form of /auth/signin (English or Thai labels both hold the English word). */
export function signInForm(page: Page) {
  return {
    username: page.getByLabel('Username'),
    password: page.getByLabel('Password', { exact: false }).and(page.locator('input')),
    submit: page.getByRole('button', { name: /^(Sign in|เข้าสู่ระบบ)$/ }),
  };
}

export async function openSignIn(page: Page): Promise<void> {
  await page.goto('/auth/signin');
  await signInForm(page).username.waitFor();
}

/** Signs in with the login form and waits for the layout of /legacyreport. */
export async function signInWithForm(page: Page, username: string, password: string): Promise<void> {
  await openSignIn(page);
  const form = signInForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
  await page.waitForURL((url) => url.pathname === '/legacyreport');
  await navigationMenu(page).waitFor();
}

/**
 * Signs in with a one-time password (the first start's, or `lis user reset-password`): the console shows
 * only the change-password screen; chooses `newPassword` there and waits for the layout.
 */
export async function signInWithOneTimePassword(
  page: Page,
  username: string,
  oneTimePassword: string,
  newPassword: string,
): Promise<void> {
  await openSignIn(page);
  const form = signInForm(page);
  await form.username.fill(username);
  await form.password.fill(oneTimePassword);
  await form.submit.click();
  await page.getByText(/^(Choose your own password|ตั้งรหัสผ่านของคุณเอง)$/).waitFor();
  await page.getByLabel(/^(One-time password|รหัสผ่านใช้ครั้งเดียว)$/).fill(oneTimePassword);
  await page.getByLabel(/^(New password|รหัสผ่านใหม่)$/).fill(newPassword);
  await page.getByLabel(/^(Confirm new password|ยืนยันรหัสผ่านใหม่)$/).fill(newPassword);
  await page.getByRole('button', { name: /^(Change password|เปลี่ยนรหัสผ่าน)$/ }).click();
  await navigationMenu(page).waitFor();
}

/** The one-time password the first-start notice (stderr) gives a user, or undefined. */
export function oneTimePasswordOf(serverOutput: string, username: string): string | undefined {
  const name = username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^ {4}${name} +(\\S+) +\\(`, 'm').exec(serverOutput)?.[1];
}

export async function signInAsAdmin(page: Page, server: LisServer): Promise<void> {
  await signInWithForm(page, server.adminUsername, server.adminPassword);
}

/** What the console keeps under LG_APPLICATION, or null. */
export async function storedSession(page: Page): Promise<{ access_token: string; user_id: string } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('LG_APPLICATION'));
  return raw ? (JSON.parse(raw) as { access_token: string; user_id: string }) : null;
}

/** Waits until the menu has `count` entries, every one of them in Thai script. */
export async function expectThaiMenu(page: Page, count: number): Promise<string[]> {
  await expect
    .poll(
      async () => {
        const labels = await menuLabels(page);
        return labels.length === count && labels.every(hasThai) ? 'thai' : labels.join(' | ');
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe('thai');
  return menuLabels(page);
}
