import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  canRunOpenSsh,
  startOpenSshServer,
  type OpenSshServer,
} from '../apps/server/src/test-support/openssh-server.js';
import { api, createCompany, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { signInAsAdmin, switchLanguage } from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const COMPANY = { code: 'ALPHA', name: 'Alpha Logistics' };
const SERVER_ID = 'ALPHA-SFTP-01';

interface SftpListBody {
  result_list: {
    sftp_server_id: string;
    sftp_username: string;
    sftp_port: number;
    has_password: boolean;
    has_private_key: boolean;
  }[];
}

const suite = useE2eSuite(async (server) => {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, COMPANY.code, COMPANY.name);
});

let sshd: OpenSshServer;
beforeAll(async () => {
  if (!canRunOpenSsh()) throw new Error('No /usr/sbin/sshd: apt-get install -y openssh-server');
  sshd = await startOpenSshServer();
  if (!sshd.password) throw new Error(`No password login: ${sshd.passwordSkipReason}`);
}, 30_000);
afterAll(async () => {
  await sshd?.stop();
});

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function openScreen(page: Page): Promise<void> {
  await signInAsAdmin(page, suite.server);
  await page.goto('/sftpconfig');
  await page.getByRole('heading', { name: 'sFTP Config' }).waitFor();
}

/** Clicks Test Connection and answers the result dialog's text (success or failure), then closes it. */
async function testConnection(page: Page, form: Locator): Promise<string> {
  await form.getByRole('button', { name: 'Test Connection' }).click();
  const result = page
    .getByRole('dialog')
    .filter({ hasText: /Test sFTP: success|Not successful|Please fill in complete data/ });
  await result.waitFor({ timeout: 20_000 });
  const text = await result.innerText();
  await result.getByRole('button', { name: /^(Close|OK)$/ }).click();
  await result.waitFor({ state: 'hidden' });
  return text;
}

async function fill(field: Locator, value: string): Promise<void> {
  await field.fill('');
  await field.fill(value);
}

describe('sFTP Config (admin)', () => {
  it('adds a server tested with a password against a real OpenSSH, edits it to key login, deletes it', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    await openScreen(page);
    await page.getByText('No Data...').waitFor();

    // Add: the spec's warning first, then a real test with the password, then Save.
    await page.getByRole('button', { name: 'Add sFTP Server Config' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Add sFTP Server Config' });
    await form.waitFor();
    expect(await testConnection(page, form)).toContain('Please fill in complete data');
    await expect.poll(() => form.getByLabel('sFTP Port').inputValue()).toBe('22');
    await form.getByText(`${COMPANY.code} · ${COMPANY.name}`).waitFor();
    await form.getByLabel('sFTP Server ID').fill(SERVER_ID);
    await form.getByLabel('sFTP IP').fill(sshd.host);
    await fill(form.getByLabel('sFTP Port'), String(sshd.port));
    await form.getByLabel('sFTP Username').fill(sshd.passwordUser ?? '');
    await form.getByLabel(/sFTP Password/).fill(sshd.password ?? '');
    const passwordTest = await testConnection(page, form);
    expect(passwordTest).toContain('Test sFTP: success');
    expect(passwordTest).toContain('Root folder (/) of the server:');
    // The root listing of the real server (chrooted or not, a Linux root holds these).
    expect(passwordTest).toMatch(/\b(etc|usr|tmp)\b/);

    // A wrong password fails clearly, with the server's message.
    await fill(form.getByLabel(/sFTP Password/), 'not-the-password');
    const wrong = await testConnection(page, form);
    expect(wrong).toContain('Not successful');
    expect(wrong).toContain('did not accept the username, password or private key');
    await fill(form.getByLabel(/sFTP Password/), sshd.password ?? '');

    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved data successfully').first().waitFor();
    await form.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: SERVER_ID });
    await row.waitFor();
    expect(await row.innerText()).toContain(String(sshd.port));
    expect(await row.innerText()).toContain(sshd.passwordUser ?? '');

    const { access_token: token } = await loginAdmin(server);
    const list = async () =>
      (
        await api<SftpListBody>(server, 'GET', `/v1/config/sftp-server?company_code=${COMPANY.code}`, {
          token,
        })
      ).body.result_list;
    expect(await list()).toEqual([
      expect.objectContaining({
        sftp_server_id: SERVER_ID,
        sftp_port: sshd.port,
        has_password: true,
        has_private_key: false,
      }),
    ]);
    const listing = await api(server, 'GET', `/v1/config/sftp-server?company_code=${COMPANY.code}`, {
      token,
    });
    expect(JSON.stringify(listing.body)).not.toContain(sshd.password ?? '');

    await page.getByText('Saved data successfully').first().waitFor({ state: 'hidden', timeout: 10_000 });
    await screenshot(page, 'sftp-config-en');
    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'ตั้งค่า sFTP' }).waitFor();
    await page.getByRole('button', { name: 'เพิ่มการตั้งค่า sFTP Server' }).waitFor();
    await screenshot(page, 'sftp-config-th');
    await switchLanguage(page, 'en');

    // Edit: the record is fetched, the id is locked, the stored password tests without being typed.
    await row.getByRole('button', { name: `Edit ${SERVER_ID}` }).click();
    const edit = page.getByRole('dialog').filter({ hasText: `Edit sFTP Server Config: ${SERVER_ID}` });
    await edit.waitFor();
    expect(await edit.getByLabel('sFTP Server ID').getAttribute('readonly')).not.toBeNull();
    await edit.getByText('stored', { exact: true }).waitFor();
    expect(await edit.getByLabel(/sFTP Password/).inputValue()).toBe('');
    await edit.getByTestId('sftp-test-hint').waitFor();
    expect(await testConnection(page, edit)).toContain('Test sFTP: success');

    // Switch to key login (the key user), tested with the pasted key, then saved.
    await fill(edit.getByLabel('sFTP Username'), sshd.keyUser);
    await edit.getByLabel(/Private Key/).fill(sshd.privateKey);
    const keyTest = await testConnection(page, edit);
    expect(keyTest).toContain('Test sFTP: success');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await list())[0]?.sftp_username).toBe(sshd.keyUser);
    // A new user name keeps only the secret typed with it: the stored password is dropped (decision 0024).
    expect((await list())[0]).toMatchObject({ has_password: false, has_private_key: true });
    await expect.poll(() => row.innerText()).toContain(sshd.keyUser);

    // The saved key tests again from the stored secret.
    await row.getByRole('button', { name: `Edit ${SERVER_ID}` }).click();
    await edit.waitFor();
    expect(await testConnection(page, edit)).toContain('Test sFTP: success');
    await edit.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await edit.waitFor({ state: 'hidden' });

    // Delete, after the confirmation.
    await row.getByRole('button', { name: `Delete ${SERVER_ID}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete data?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Deleted successfully').first().waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No Data...').waitFor();
    expect(await list()).toEqual([]);
  });

  it('fails clearly against a closed port', async () => {
    const { page } = await suite.open();
    await openScreen(page);
    await page.getByRole('button', { name: 'Add sFTP Server Config' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Add sFTP Server Config' });
    await form.waitFor();
    const port = await closedPort();
    await form.getByLabel('sFTP Server ID').fill('CLOSED');
    await form.getByLabel('sFTP IP').fill('127.0.0.1');
    await fill(form.getByLabel('sFTP Port'), String(port));
    await form.getByLabel('sFTP Username').fill(sshd.keyUser);
    await form.getByLabel(/Private Key/).fill(sshd.privateKey);
    const text = await testConnection(page, form);
    expect(text).toContain('Not successful');
    expect(text).toContain(
      `cannot connect to 127.0.0.1:${port} (refused, unreachable or no answer within 10 seconds)`,
    );
  });
});
