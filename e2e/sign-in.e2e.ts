import { describe, expect, it } from 'vitest';
import { api } from './support/api.js';
import { pathOf, screenshot } from './support/browser.js';
import {
  BACK_TO_PORTAL,
  EXPECTED_MENU,
  expectMenu,
  navigationMenu,
  openSignIn,
  signInAsAdmin,
  signInForm,
  storedSession,
} from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const suite = useE2eSuite();

describe('sign-in form', () => {
  it('signs the admin in with the configured password and lands on /legacyreport inside the layout', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await openSignIn(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await screenshot(page, 'login-en');

    await signInAsAdmin(page, server);
    expect(pathOf(page)).toBe('/legacyreport');
    // The layout: side menu (the admin is super_admin), header with the user and the sign-out button.
    await expectMenu(page, EXPECTED_MENU.super_admin);
    await expect
      .poll(() =>
        navigationMenu(page)
          .getByRole('menuitem', { name: 'Report Legacy Monitoring' })
          .getAttribute('class'),
      )
      .toMatch(/ant-menu-item-selected/);
    await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('current-user-name').innerText()).toBe('LIS Administrator');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Report Legacy Monitoring' }).isVisible())
      .toBe(true);

    const session = await storedSession(page);
    expect(session?.user_id).toBe(server.adminUsername);
    const version = await api(server, 'GET', '/v1/version', { token: session?.access_token });
    expect(version.status).toBe(200);
  });

  it('shows the error dialog for a wrong password and stays on the sign-in page', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await openSignIn(page);
    const form = signInForm(page);
    await form.username.fill(server.adminUsername);
    await form.password.fill(`${server.adminPassword}-wrong`);
    await form.submit.click();

    const dialog = page.getByRole('dialog').filter({ hasText: 'Not successful' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Please check your Username, Password.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/auth/signin');
    expect(await storedSession(page)).toBeNull();
  });

  it('warns when a field is empty, without asking the server', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/auth/login')) loginCalls.push(request.url());
    });
    await openSignIn(page);
    const form = signInForm(page);

    for (const fill of [async () => undefined, () => form.username.fill(server.adminUsername)]) {
      await fill();
      await form.submit.click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Check information' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Please fill in Username and Password.');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(loginCalls).toEqual([]);
    expect(pathOf(page)).toBe('/auth/signin');
  });
});

describe('the session guard', () => {
  it('sends a visitor without a session to the sign-in page and back to where they were going', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await page.goto('/legacytask?company=ACME');
    await page.waitForURL((url) => url.pathname === '/auth/signin');
    const form = signInForm(page);
    await form.username.fill(server.adminUsername);
    await form.password.fill(server.adminPassword);
    await form.submit.click();
    await page.waitForURL((url) => url.pathname === '/legacytask');
    expect(pathOf(page)).toBe('/legacytask?company=ACME');
    await expectMenu(page, EXPECTED_MENU.super_admin);
  });
});

describe('sign-out', () => {
  it('leaves through /logout, revokes the token, and guards the screens again', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    const token = (await storedSession(page))?.access_token;
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/logout');
    await page.getByText('You have signed out').waitFor();
    const portal = page.getByRole('link', { name: BACK_TO_PORTAL });
    await portal.waitFor();
    expect(await portal.getAttribute('href')).toBe(server.portalUrl);
    expect(await storedSession(page)).toBeNull();

    // The server refuses the old token.
    await expect.poll(async () => (await api(server, 'GET', '/v1/version', { token })).status).toBe(401);

    await page.goto('/legacyreport');
    await page.waitForURL((url) => url.pathname === '/auth/signin');
    await signInForm(page).username.waitFor();
    expect(await navigationMenu(page).count()).toBe(0);
  });

  it('"Back to Portal" in the menu signs out the same way', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await signInAsAdmin(page, server);
    const token = (await storedSession(page))?.access_token;

    await navigationMenu(page).getByRole('menuitem', { name: BACK_TO_PORTAL }).click();
    await page.waitForURL((url) => url.pathname === '/logout');
    await page.getByText('You have signed out').waitFor();
    await page.getByRole('link', { name: BACK_TO_PORTAL }).waitFor();
    expect(await storedSession(page)).toBeNull();
    await expect.poll(async () => (await api(server, 'GET', '/v1/version', { token })).status).toBe(401);
  });
});
