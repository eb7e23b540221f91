import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { findDialog } from '../../testing/find-dialog';
import { openDialog } from '../../testing/form-steps';
import { resetBetweenTests } from '../../testing/render-screen';
import { getButton, setupUser } from '../../testing/user';
import { serveAlertConfig, showAlertConfig } from './alert-config-testing';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const fill = (dialog: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

async function save(user: UserEvent, dialog: HTMLElement) {
  await user.click(getButton('Save', dialog));
  expect(await screen.findByText('Data saved successfully')).toBeTruthy();
}

describe('Alert Config: channels (issue 35)', { timeout: 60_000 }, () => {
  resetBetweenTests();

  it("lists the company's channels: kind, language, where they send (URLs masked), the secret's tag", async () => {
    const api = serveAlertConfig();
    await showAlertConfig();
    expect(api.calls('GET', '/v1/alert-channels')[0]?.url.searchParams.get('company_code')).toBe('ACME');
    const hook = rowOf('OPS-HOOK');
    expect(hook.textContent).toContain('Webhook');
    expect(hook.textContent).toContain('https://hooks.acme.test/lis?…');
    expect(within(hook).getByTestId('channel-secret').textContent).toBe('Secret stored');
    const mail = rowOf('OPS-MAIL');
    expect(mail.textContent).toContain('E-mail');
    expect(mail.textContent).toContain('Thai');
    expect(mail.textContent).toContain('ops@acme.test, oncall@acme.test');
    expect(within(mail).queryByTestId('channel-secret')).toBeNull();
  });

  it('makes a webhook: its secret is required, and sent as typed', async () => {
    const user = setupUser();
    const api = serveAlertConfig();
    await showAlertConfig();
    const dialog = await openDialog(user, 'New channel', 'New alert channel');
    fill(dialog, 'Name', 'PARTNER-HOOK');
    fill(dialog, 'URL', ' https://partner.test/lis ');
    await user.click(getButton('Save', dialog));
    expect(await within(dialog).findByText('please fill in the signing secret')).toBeTruthy();
    fill(dialog, 'Signing secret', 'short');
    expect(await within(dialog).findByText('16 to 256 characters')).toBeTruthy();
    fill(dialog, 'Signing secret', ' a-secret-of-32-characters-long ');
    await save(user, dialog);
    expect(api.calls('POST', '/v1/alert-channels').map((call) => call.body)).toEqual([
      {
        company_code: 'ACME',
        name: 'PARTNER-HOOK',
        kind: 'webhook',
        language: 'en',
        enabled: true,
        url: 'https://partner.test/lis',
        secret: ' a-secret-of-32-characters-long ',
      },
    ]);
  });

  it('never shows a stored secret or URL: empty on edit keeps them (not sent); a typed secret is sent', async () => {
    const user = setupUser();
    const api = serveAlertConfig();
    await showAlertConfig();
    let dialog = await openDialog(user, 'Edit OPS-HOOK', 'Edit alert channel: OPS-HOOK');
    const secret = within(dialog).getByLabelText(/Signing secret/) as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    expect((within(dialog).getByLabelText('URL') as HTMLInputElement).value).toBe('');
    expect(dialog.textContent).toContain('Stored: https://hooks.acme.test/lis?…. Leave empty to keep it.');
    expect(within(dialog).getByText('stored')).toBeTruthy();
    await save(user, dialog);
    expect(api.calls('PUT', '/v1/alert-channels').at(-1)?.body).toEqual({
      company_code: 'ACME',
      name: 'OPS-HOOK',
      kind: 'webhook',
      language: 'en',
      enabled: true,
    });

    dialog = await openDialog(user, 'Edit OPS-HOOK', 'Edit alert channel: OPS-HOOK');
    fill(dialog, /Signing secret/, 'a-new-secret-0123456789');
    await save(user, dialog);
    expect(api.calls('PUT', '/v1/alert-channels').at(-1)?.body).toMatchObject({
      name: 'OPS-HOOK',
      secret: 'a-new-secret-0123456789',
    });
    expect(api.calls('PUT', '/v1/alert-channels').at(-1)?.body).not.toHaveProperty('url');
  });

  it('makes an e-mail channel: recipients only (no URL, no secret), in Thai', async () => {
    const user = setupUser();
    const api = serveAlertConfig();
    await showAlertConfig();
    const dialog = await openDialog(user, 'New channel', 'New alert channel');
    fill(dialog, 'Name', 'OPS-MAIL2');
    await user.click(within(dialog).getByText('E-mail'));
    await user.click(within(dialog).getByText('Thai'));
    const recipients = within(dialog).getByRole('combobox', { name: 'Recipients' });
    await user.type(recipients, 'a@acme.test{Enter}b@acme.test{Enter}');
    expect(within(dialog).queryByLabelText(/Signing secret/)).toBeNull();
    expect(within(dialog).queryByLabelText('URL')).toBeNull();
    await save(user, dialog);
    expect(api.calls('POST', '/v1/alert-channels').at(-1)?.body).toEqual({
      company_code: 'ACME',
      name: 'OPS-MAIL2',
      kind: 'email',
      language: 'th',
      enabled: true,
      recipients: ['a@acme.test', 'b@acme.test'],
    });
  });

  it("sends a test alert and shows the receiver's answer: status, answer, error", async () => {
    const user = setupUser();
    const api = serveAlertConfig({
      'POST /v1/alert-channels/test': () => ({
        message: 'The test alert was not delivered to OPS-HOOK',
        delivered: false,
        status: 401,
        answer: '{"error":"bad signature"}',
        error: 'HTTP 401',
      }),
    });
    await showAlertConfig();
    await user.click(getButton('Send test alert OPS-HOOK', rowOf('OPS-HOOK')));
    const dialog = await findDialog('Test alert: OPS-HOOK');
    expect(api.calls('POST', '/v1/alert-channels/test').map((call) => call.body)).toEqual([
      { company_code: 'ACME', name: 'OPS-HOOK' },
    ]);
    const result = within(dialog).getByTestId('alert-channel-test-result');
    expect(within(result).getByText('Not delivered')).toBeTruthy();
    expect(within(result).getByText('The test alert was not delivered to OPS-HOOK')).toBeTruthy();
    expect(result.querySelector('[data-field="status"]')?.textContent).toBe('401');
    expect(result.querySelector('[data-field="answer"]')?.textContent).toBe('{"error":"bad signature"}');
    expect(result.querySelector('[data-field="error"]')?.textContent).toBe('HTTP 401');
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    serveAlertConfig();
    await showAlertConfig();
    expect(screen.getByText('ตั้งค่าการแจ้งเตือน')).toBeTruthy();
    expect(within(rowOf('OPS-HOOK')).getByTestId('channel-secret').textContent).toBe('มีรหัสลับแล้ว');
    expect(getButton('ส่งการแจ้งเตือนทดสอบ OPS-HOOK')).toBeTruthy();
  });
});
