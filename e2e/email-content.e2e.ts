import { describe, expect, it } from 'vitest';
import { api, createCompany, loginAdmin } from './support/api.js';
import { screenshot } from './support/browser.js';
import { signInAsAdmin, switchLanguage } from './support/console.js';
import { useE2eSuite } from './support/suite.js';

const COMPANY = { code: 'ALPHA', name: 'Alpha Logistics' };
const SUBJECT = 'แจ้งเตือน: งาน %LEGACY_ID% เสร็จสมบูรณ์';
const BODY =
  '<h1 id="greeting">เรียนทีม %COMPANY_CODE%</h1>\n' +
  '<p>หมายเลขงาน <b>%JOB_INSTANCE_NO%</b></p>\n' +
  '<img src=x onerror="window.top.__lisPwned = 1; parent.__lisPwned = 1">\n' +
  '<script>parent.__lisPwned = 2</script>';

interface EmailListBody {
  result_list: { condition: string; content_subject: string; content_body: string }[];
}

const suite = useE2eSuite(async (server) => {
  const { access_token: token } = await loginAdmin(server);
  await createCompany(server, token, COMPANY.code, COMPANY.name);
});

describe('Email Content (admin)', () => {
  it('saves a Thai subject and body, shows them after a reload, and previews them without running script', async () => {
    const { server } = suite;
    const { page } = await suite.open();
    const cspReports: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|frame-src/i.test(message.text())) cspReports.push(message.text());
    });
    await signInAsAdmin(page, server);
    await page.goto('/emailcontent');
    await page.getByRole('heading', { name: 'Email Content' }).waitFor();
    await page.getByText(`${COMPANY.code} · ${COMPANY.name}`).waitFor();
    for (const tab of ['Job Finished', 'Job Warning', 'Job Error', 'Function Error'])
      await page.getByRole('tab', { name: tab }).waitFor();

    const subject = page.locator('#email-finished-subject');
    const body = page.locator('#email-finished-body');
    await subject.fill(SUBJECT);
    await body.fill(BODY);
    // A variable inserted at the caret (end of the body).
    await body.press('End');
    await body.press('Control+End');
    await page
      .getByRole('tabpanel', { name: 'Job Finished' })
      .getByRole('button', { name: '%MESSAGE%' })
      .click();
    await expect.poll(() => body.inputValue()).toBe(`${BODY}%MESSAGE%`);
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved data successfully').first().waitFor();
    await page.getByText('Unsaved changes').waitFor({ state: 'hidden' });

    // What the server stored: base64 of the UTF-8 text.
    const { access_token: token } = await loginAdmin(server);
    const stored = await api<EmailListBody>(
      server,
      'GET',
      `/v1/config/email-content?company_code=${COMPANY.code}`,
      {
        token,
      },
    );
    const finished = stored.body.result_list.find((item) => item.condition === 'finished');
    expect(Buffer.from(finished?.content_subject ?? '', 'base64').toString('utf8')).toBe(SUBJECT);
    expect(Buffer.from(finished?.content_body ?? '', 'base64').toString('utf8')).toBe(`${BODY}%MESSAGE%`);

    // A reload shows them back.
    await page.reload();
    await expect.poll(() => page.locator('#email-finished-subject').inputValue()).toBe(SUBJECT);
    expect(await page.locator('#email-finished-body').inputValue()).toBe(`${BODY}%MESSAGE%`);
    await page.getByText('Saved data successfully').first().waitFor({ state: 'hidden', timeout: 10_000 });
    await screenshot(page, 'email-content-en');

    // The preview renders the HTML in a sandboxed frame, with the sample values, and runs no script.
    await page
      .getByRole('tabpanel', { name: 'Job Finished' })
      .getByRole('button', { name: 'Preview' })
      .click();
    const preview = page.getByRole('dialog').filter({ hasText: 'Preview: Job Finished' });
    await preview.waitFor();
    expect(await preview.getByTestId('email-preview-subject').innerText()).toBe(
      'แจ้งเตือน: งาน LEGACY_0001 เสร็จสมบูรณ์',
    );
    const iframe = preview.getByTestId('email-preview-frame');
    expect(await iframe.getAttribute('sandbox')).toBe('');
    const frame = preview.frameLocator('[data-testid="email-preview-frame"]');
    await expect.poll(() => frame.locator('#greeting').innerText()).toBe(`เรียนทีม ${COMPANY.code}`);
    expect(await frame.locator('b').innerText()).toBe('20250101-000001');
    // The broken image has settled (its error event, had it a handler that could run, has fired).
    await expect
      .poll(() => frame.locator('img').evaluate((img) => (img as HTMLImageElement).complete))
      .toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { __lisPwned?: number }).__lisPwned),
    ).toBeUndefined();
    await screenshot(page, 'email-content-preview-en');
    await preview.getByRole('tab', { name: 'HTML source' }).click();
    expect(await preview.getByTestId('email-preview-source').innerText()).toContain('<script>');
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'hidden' });
    expect(cspReports.filter((text) => /frame-src/.test(text))).toEqual([]);

    await switchLanguage(page, 'th');
    await page.getByRole('heading', { name: 'เนื้อหาอีเมล' }).waitFor();
    await page.getByRole('tab', { name: 'งานเสร็จสมบูรณ์' }).waitFor();
    await screenshot(page, 'email-content-th');
  });
});
