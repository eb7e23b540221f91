import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, createCompany, createUserWithRole, loginAdmin, portalToken } from './support/api.js';
import { EXPECTED_MENU, expectMenu, navigationMenu, storedSession } from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const PORTAL_USER = 'portal-user';
/** The server's message (apps/server/src/i18n/messages.ts portalTokenInvalid). */
const INVALID = /^The portal sign-on is not valid or has expired/;

const suite = useE2eSuite(async (server) => {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, 'ACME', 'Acme Trading');
  await createUserWithRole(server, token, PORTAL_USER, 'user', 'ACME');
});

function ingressAddress(token: string, redirect?: string): string {
  const query = new URLSearchParams({ token });
  if (redirect !== undefined) query.set('redirect', redirect);
  return `/ingress?${query.toString()}`;
}

/** The page must never keep the portal token in its address (nor in the history entry). */
async function expectNoTokenInAddress(page: Page, token: string): Promise<void> {
  expect(page.url()).not.toContain(token);
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
}

async function expectIngressFailure(page: Page, reason: RegExp): Promise<void> {
  await page.getByText('Sign-in from the portal was not successful').waitFor();
  await expect.poll(() => page.locator('.ant-result-subtitle').innerText()).toMatch(reason);
  expect(await storedSession(page)).toBeNull();
  expect(await navigationMenu(page).count()).toBe(0);
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
}

describe('/ingress (the portal hands over its token)', () => {
  it('a valid token ends on the redirect target, signed in, with the token gone from the address', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    const token = await portalToken(server.portalTokenSecret, PORTAL_USER);
    await page.goto(ingressAddress(token, '/legacytask'));
    await page.waitForURL((url) => url.pathname === '/legacytask');
    await expectMenu(page, EXPECTED_MENU.user);
    await page.getByRole('heading', { name: 'Report Legacy Task Monitoring' }).waitFor();
    await expectNoTokenInAddress(page, token);

    const session = await storedSession(page);
    expect(session?.user_id).toBe(PORTAL_USER);
    expect(session?.access_token).not.toBe(token);
    expect((await api(server, 'GET', '/v1/version', { token: session?.access_token })).status).toBe(200);
    // The portal's token is not a LIS token.
    expect((await api(server, 'GET', '/v1/version', { token })).status).toBe(401);

    // Going back does not return to an address holding the token.
    const history = await page.evaluate(() => window.history.length);
    if (history > 1) {
      await page.goBack();
      await expectNoTokenInAddress(page, token);
    }
  });

  it('a token signed with another secret shows an error and stores no session', async () => {
    const { page } = await suite.open();
    const forged = await portalToken(crypto.randomBytes(32).toString('base64url'), PORTAL_USER);
    await page.goto(ingressAddress(forged, '/legacytask'));
    await expectIngressFailure(page, INVALID);
    await expectNoTokenInAddress(page, forged);
    expect(new URL(page.url()).pathname).toBe('/ingress');

    await page.goto('/legacytask');
    await page.waitForURL((url) => url.pathname === '/auth/signin');
  });

  it('an expired token, or one naming an unknown user, is refused the same way', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    const expired = await portalToken(server.portalTokenSecret, PORTAL_USER, { expiresInSeconds: -120 });
    await page.goto(ingressAddress(expired));
    await expectIngressFailure(page, INVALID);

    const stranger = await portalToken(server.portalTokenSecret, 'nobody-here');
    await page.goto(ingressAddress(stranger));
    await expectIngressFailure(page, /^This user was not found in the system/);
  });

  it('the browser under test reaches nothing but the test server (a request elsewhere fails and is recorded)', async () => {
    const tab = await suite.open();
    const elsewhere = ['http://192.0.2.1/steal', 'https://evil.example/steal'];
    const outcomes: string[] = [];
    for (const url of elsewhere) {
      // A navigation: the console's Content-Security-Policy would stop a fetch before it is a request.
      outcomes.push(
        await tab.page.goto(url).then(
          () => 'reached',
          (error: Error) => error.message,
        ),
      );
    }
    expect(outcomes).toEqual([
      expect.stringContaining('ERR_PROXY_CONNECTION_FAILED'),
      expect.stringContaining('ERR_PROXY_CONNECTION_FAILED'),
    ]);
    expect(tab.foreignRequests).toEqual(elsewhere);
    tab.foreignRequests.length = 0; // seen here on purpose: the suite's own check after the test passes
  });

  for (const redirect of [
    'https://evil.example/steal',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ]) {
    it(`does not follow redirect=${redirect}`, async () => {
      const { server } = suite;
      const { page } = await suite.open();
      const token = await portalToken(server.portalTokenSecret, PORTAL_USER);
      await page.goto(ingressAddress(token, redirect));
      // Signed in, and kept on this console: its home screen.
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/legacyreport');
      await expectMenu(page, EXPECTED_MENU.user);
      expect(new URL(page.url()).origin).toBe(server.url);
      expect(page.url()).not.toContain('evil');
      await expectNoTokenInAddress(page, token);
    });
  }
});
