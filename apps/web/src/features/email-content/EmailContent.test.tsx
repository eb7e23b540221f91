import { EMAIL_CONDITIONS, type EmailContentItem } from '@lis/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company, fakeApi, page } from '../../testing/fake-api';
import { jsonResponse, type MockEndpoint } from '../../testing/mock-fetch';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { testUser } from '../../testing/test-users';
import { EmailContent } from './EmailContent';
import { getButton, setupUser } from '../../testing/user';

const ADMIN = testUser({
  username: 'somchai',
  displayName: 'somchai',
  companies: ['ACME'],
  allCompanies: false,
  companyFilter: ['ACME'],
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

function fakeServer(routes: Record<string, MockEndpoint> = {}) {
  const stored: Record<string, { subject: string; body: string }> = {
    finished: { subject: 'งาน %LEGACY_ID% เสร็จแล้ว', body: '<p>เรียนทีม %COMPANY_CODE%</p>' },
  };
  const { calls } = fakeApi({
    'GET /v1/company_master': () => page([company('ACME', 'Acme Trading')]),
    'GET /v1/config/email-content': ({ url }) => ({
      result_list: EMAIL_CONDITIONS.map((condition) => ({
        sid: '555',
        company_code: url.searchParams.get('company_code'),
        condition,
        content_subject: b64(stored[condition]?.subject ?? ''),
        content_body: b64(stored[condition]?.body ?? ''),
      })),
      total_count: 4,
    }),
    'POST /v1/config/email-content': ({ body }) => {
      for (const item of body as EmailContentItem[])
        stored[item.condition] = { subject: unb64(item.content_subject), body: unb64(item.content_body) };
      return { message: 'Saved data successfully' };
    },
    ...routes,
  });
  return { stored, calls };
}

const renderEmailContent = () => renderScreen(<EmailContent />, { user: ADMIN });

resetBetweenTests();

describe('Email Content screen', { timeout: 30_000 }, () => {
  it('loads the templates of the first admin company, decoded from base64 of UTF-8', async () => {
    const api = fakeServer();
    renderEmailContent();
    const subject = (await screen.findByLabelText('Subject', {
      selector: '#email-finished-subject',
    })) as HTMLInputElement;
    expect(subject.value).toBe('งาน %LEGACY_ID% เสร็จแล้ว');
    expect((document.querySelector('#email-finished-body') as HTMLTextAreaElement).value).toBe(
      '<p>เรียนทีม %COMPANY_CODE%</p>',
    );
    expect(api.calls('GET', '/v1/config/email-content')[0]?.url.searchParams.get('company_code')).toBe(
      'ACME',
    );
    for (const label of ['Job Finished', 'Job Warning', 'Job Error', 'Function Error'])
      expect(screen.getByRole('tab', { name: label })).toBeTruthy();
  });

  it('inserts a variable, saves all four conditions as base64 of UTF-8, then reloads', async () => {
    const api = fakeServer();
    const user = setupUser();
    renderEmailContent();
    const body = (await screen.findByLabelText('Body (HTML)', {
      selector: '#email-finished-body',
    })) as HTMLTextAreaElement;
    await user.clear(body);
    await user.type(body, 'ข้อความ: ');
    const panel = body.closest<HTMLElement>('[role="tabpanel"]')!;
    await user.click(getButton('%MESSAGE%', panel));
    await waitFor(() => expect(body.value).toBe('ข้อความ: %MESSAGE%'));
    await user.click(getButton(/Save/));
    await screen.findByText('Saved data successfully');
    const [save] = api.calls('POST', '/v1/config/email-content');
    expect(save?.url.searchParams.get('company_code')).toBe('ACME');
    const items = save?.body as EmailContentItem[];
    expect(items.map((i) => i.condition)).toEqual([...EMAIL_CONDITIONS]);
    expect(items[0]).toEqual({
      sid: '555',
      company_code: 'ACME',
      condition: 'finished',
      content_subject: b64('งาน %LEGACY_ID% เสร็จแล้ว'),
      content_body: b64('ข้อความ: %MESSAGE%'),
    });
    await waitFor(() => expect(api.calls('GET', '/v1/config/email-content').length).toBe(2));
  });

  it("shows the server's message when saving fails", async () => {
    fakeServer({
      'POST /v1/config/email-content': () => jsonResponse({ message: 'Company ACME is not active' }, 400),
    });
    const user = setupUser();
    renderEmailContent();
    await screen.findByLabelText('Subject', { selector: '#email-finished-subject' });
    await user.click(getButton(/Save/));
    expect(await screen.findByText('Company ACME is not active')).toBeTruthy();
  });

  it('previews the body in a sandboxed frame with HTML-escaped sample values', async () => {
    fakeServer();
    renderEmailContent();
    const body = (await screen.findByLabelText('Body (HTML)', {
      selector: '#email-finished-body',
    })) as HTMLTextAreaElement;
    fireEvent.change(body, {
      target: { value: '<h1>%COMPANY_CODE%</h1><img src=x onerror="window.__pwned=1">' },
    });
    const panel = body.closest<HTMLElement>('[role="tabpanel"]')!;
    fireEvent.click(getButton(/Preview/, panel));
    const frame = (await screen.findByTestId('email-preview-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<h1>ACME</h1>');
    expect(doc).toContain("default-src 'none'");
    expect(screen.getByTestId('email-preview-subject').textContent).toBe('งาน LEGACY_0001 เสร็จแล้ว');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
