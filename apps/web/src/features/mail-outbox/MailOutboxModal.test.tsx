import type { MailOutboxRow } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { MailOutboxButton } from './MailOutboxButton';

const row = (seq: number, overrides: Partial<MailOutboxRow> = {}): MailOutboxRow => ({
  seq,
  company_code: 'DEMO',
  legacy_id: 'DEMO_ORDERS_CSV',
  job_instance_no: `DEMO_ORDERS_CSV_${seq}`,
  condition: 'FINISHED',
  mail_to: 'operations@demo.example',
  mail_cc: '',
  subject: `[LIS demo] finished ${seq}`,
  status: 'KEPT',
  attempts: 0,
  last_error: null,
  created_at: '2026-11-21T03:04:05.000Z',
  sent_at: null,
  message_id: null,
  ...overrides,
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the mail outbox', { timeout: 30_000 }, () => {
  it("lists the company's e-mails and shows a body in a sandboxed frame", async () => {
    const fetchMock = mockFetch({
      'GET /v1/mail-outbox': ({ url }) => {
        expect(url.searchParams.get('company_code')).toBe('DEMO');
        return {
          result_list: [row(2), row(1, { status: 'SENT', sent_at: '2026-11-21T03:05:00.000Z' })],
          total_count: 2,
        };
      },
      'GET /v1/mail-outbox/body': ({ url }) => ({
        seq: Number(url.searchParams.get('seq')),
        subject: '[LIS demo] finished 2',
        body_html: '<p>The job <b>DEMO_ORDERS_CSV</b> finished.</p><script>parent.alert(1)</script>',
      }),
    });
    render(
      <TestProviders>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <MailOutboxButton company="DEMO" />
        </ConfigProvider>
      </TestProviders>,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /Mail outbox/ }));
    const table = await screen.findByTestId('mail-outbox-table');
    expect(await within(table).findByText('[LIS demo] finished 2')).toBeTruthy();
    const tags = [...table.querySelectorAll('.ant-tag')].map((tag) => tag.textContent);
    expect(tags).toEqual(['Kept', 'Sent']);
    expect(screen.getByText(/LIS_SMTP_HOST/)).toBeTruthy();

    await userEvent.click(within(table).getAllByRole('button', { name: 'View' })[0] as HTMLElement);
    const frame = (await screen.findByTestId('mail-body-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain("default-src 'none'");
    expect(frame.getAttribute('srcdoc')).toContain('<b>DEMO_ORDERS_CSV</b>');
    expect(screen.getByTestId('mail-body-subject').textContent).toBe('[LIS demo] finished 2');
  });

  it('explains an UNKNOWN e-mail, shows its attempts and last error, and resends it only after a confirmation', async () => {
    const unknown = row(3, {
      status: 'UNKNOWN',
      attempts: 1,
      last_error: 'outcome unknown, not resent: ETIMEDOUT: no progress in 600000 ms',
      message_id: '<lis.r3.finished@demo.example>',
    });
    const resent: unknown[] = [];
    mockFetch({
      'GET /v1/mail-outbox': () => ({
        result_list: [unknown, row(2, { status: 'SENT', attempts: 1 })],
        total_count: 2,
      }),
      'POST /v1/mail-outbox/resend': ({ body }) => {
        resent.push(body);
        return { message: 'E-mail 3 is queued to be sent again, with the same Message-ID' };
      },
    });
    render(
      <TestProviders>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <MailOutboxButton company="DEMO" />
        </ConfigProvider>
      </TestProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Mail outbox/ }));
    const table = await screen.findByTestId('mail-outbox-table');
    const tag = await within(table).findByTestId('mail-status-3');
    expect(tag.textContent).toBe('Unknown');
    expect(screen.getByText(/LIS does not send them again by itself/)).toBeTruthy();
    expect(within(table).getByText(/outcome unknown, not resent/)).toBeTruthy();
    await userEvent.hover(tag);
    expect(await screen.findByText(/never confirmed it/)).toBeTruthy();

    // Only the UNKNOWN row offers Resend; nothing is sent before the confirmation.
    const resendButtons = within(table).getAllByRole('button', { name: 'Resend' });
    expect(resendButtons).toHaveLength(1);
    await userEvent.click(resendButtons[0] as HTMLElement);
    await screen.findAllByText('Send e-mail 3 again?');
    expect(resent).toEqual([]);
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/queued to be sent again/)).toBeTruthy();
    expect(resent).toEqual([{ company_code: 'DEMO', seq: 3 }]);
  });

  it('filters by status and creation days (sent to the server), shows a refusal, and speaks Thai', async () => {
    const asked: Record<string, string | null>[] = [];
    mockFetch({
      'GET /v1/mail-outbox': ({ url }) => {
        const query = {
          status: url.searchParams.get('status'),
          date_from: url.searchParams.get('date_from'),
          date_to: url.searchParams.get('date_to'),
          page: url.searchParams.get('page'),
        };
        asked.push(query);
        if (query.date_from && query.date_to && query.date_from > query.date_to)
          return jsonResponse({ message: 'date_from must not be later than date_to' }, 400);
        const rows = [row(5, { status: 'FAILED' }), row(4, { status: 'SENT' })];
        return {
          result_list: query.status ? rows.filter((r) => r.status === query.status) : rows,
          total_count: 2,
        };
      },
    });
    const user = userEvent.setup();
    render(
      <TestProviders>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <MailOutboxButton company="DEMO" />
        </ConfigProvider>
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: /Mail outbox/ }));
    const table = await screen.findByTestId('mail-outbox-table');
    expect(await within(table).findByText('[LIS demo] finished 4')).toBeTruthy();
    expect(asked[0]).toEqual({ status: null, date_from: null, date_to: null, page: '1' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Failed'));
    await waitFor(() => expect(within(table).queryByText('[LIS demo] finished 4')).toBeNull(), {
      timeout: 10_000,
    });
    expect(asked.at(-1)).toMatchObject({ status: 'FAILED' });

    await user.click(screen.getByLabelText('Created from'));
    await user.type(screen.getByLabelText('Created from'), '20/11/2026{Enter}');
    await user.click(screen.getByLabelText('Created to'));
    await user.type(screen.getByLabelText('Created to'), '21/11/2026{Enter}');
    await waitFor(
      () =>
        expect(asked.at(-1)).toEqual({
          status: 'FAILED',
          date_from: '20261120',
          date_to: '20261121',
          page: '1',
        }),
      { timeout: 10_000 },
    );

    // A reversed range: the server's refusal is shown as it says it.
    await user.clear(screen.getByLabelText('Created to'));
    await user.type(screen.getByLabelText('Created to'), '19/11/2026{Enter}');
    expect(
      await screen.findByText('date_from must not be later than date_to', {}, { timeout: 10_000 }),
    ).toBeTruthy();

    cleanup();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    render(
      <TestProviders>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <MailOutboxButton company="DEMO" />
        </ConfigProvider>
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: /กล่องอีเมลขาออก/ }));
    await screen.findByTestId('mail-outbox-table');
    expect(screen.getByRole('combobox', { name: 'สถานะ' })).toBeTruthy();
    expect(screen.getByLabelText('สร้างตั้งแต่วันที่')).toBeTruthy();
    expect(screen.getByLabelText('สร้างถึงวันที่')).toBeTruthy();
    expect(screen.getByText('ทุกสถานะ')).toBeTruthy();
  }, 120_000);
});
