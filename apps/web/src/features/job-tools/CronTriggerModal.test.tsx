import type { CronCheckRequest, CronCheckResponse } from '@lis/contracts';
import { cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { CronTriggerModal } from './CronTriggerModal';
import { callsTo, findDialog, renderWithProviders } from './job-tools-testing';

/** A fake cron check: valid when the expression starts with '0 ', described by the expression. */
function fakeCronServer() {
  return mockFetch({
    'POST /v1/cron/check': ({ body }) => {
      const { expression, language } = body as CronCheckRequest;
      const answer: CronCheckResponse = expression.startsWith('0 ')
        ? {
            valid: true,
            description: `${language === 'th' ? 'ทุกวัน' : 'Runs'} ${expression}`,
            time_zone: 'Asia/Bangkok',
            next_fire_times: ['2026-11-21T01:30:00.000Z', '2026-11-22T01:30:00.000Z'],
          }
        : {
            valid: false,
            message: `Invalid cron expression: ${expression}`,
            time_zone: 'Asia/Bangkok',
            next_fire_times: [],
          };
      return answer;
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  // The fire times are shown in the server's zone (ui/table-dates), whatever the machine's.
  vi.stubEnv('TZ', 'UTC');
  setDisplayTimeZone('Asia/Bangkok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  setDisplayTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
});

function renderModal() {
  const onOk = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<CronTriggerModal open onClose={onClose} onOk={onOk} />);
  return { onOk, onClose };
}

describe('CronTriggerModal', { timeout: 30_000 }, () => {
  it("shows the server's message under the input for an invalid expression, and OK stays off", async () => {
    const fetchMock = fakeCronServer();
    const user = userEvent.setup();
    const { onOk } = renderModal();
    const dialog = await findDialog('Select Cron trigger');
    await user.type(within(dialog).getByLabelText('Cron expression'), '* * *');
    await user.click(within(dialog).getByRole('button', { name: 'Validator' }));
    expect(await within(dialog).findByText('Invalid cron expression: * * *')).toBeTruthy();
    expect((within(dialog).getByLabelText('Chosen expression') as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByRole('button', { name: 'OK' }).hasAttribute('disabled')).toBe(true);
    // The builder's first schedule was checked on opening, then the typed one.
    expect(callsTo(fetchMock, 'POST', '/v1/cron/check').map((call) => call.body)).toEqual([
      { expression: '0 0 8 * * ?', language: 'en', count: 5 },
      { expression: '* * *', language: 'en', count: 5 },
    ]);
    expect(onOk).not.toHaveBeenCalled();
  });

  it('a valid expression becomes the chosen one: description, next fires in local time, OK', async () => {
    fakeCronServer();
    const user = userEvent.setup();
    const { onOk } = renderModal();
    const dialog = await findDialog('Select Cron trigger');
    await user.type(within(dialog).getByLabelText('Cron expression'), '  0 30 8 * * ?  ');
    await user.click(within(dialog).getByRole('button', { name: 'Validator' }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Chosen expression') as HTMLInputElement).value).toBe(
        '0 30 8 * * ?',
      ),
    );
    expect(await within(dialog).findByText('Runs 0 30 8 * * ?')).toBeTruthy();
    const fires = within(dialog).getByTestId('cron-next-fires');
    expect(
      within(fires)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['21-11-2026 08:30:00', '22-11-2026 08:30:00']);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledWith('0 30 8 * * ?');
  });

  it("OK takes the builder's expression as it first shows, without a Use click (issue 17)", async () => {
    fakeCronServer();
    const user = userEvent.setup();
    const { onOk } = renderModal();
    const dialog = await findDialog('Select Cron trigger');
    expect(await within(dialog).findByText('Runs 0 0 8 * * ?')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
    await user.click(ok);
    expect(onOk).toHaveBeenCalledWith('0 0 8 * * ?');
  });

  it("the builder's result becomes the chosen expression and is checked by the server", async () => {
    const fetchMock = fakeCronServer();
    const user = userEvent.setup();
    const { onOk } = renderModal();
    const dialog = await findDialog('Select Cron trigger');
    const chosen = within(dialog).getByLabelText('Chosen expression') as HTMLInputElement;
    expect(chosen.value).toBe('0 0 8 * * ?');
    await user.click(within(dialog).getByRole('button', { name: 'Use' }));
    expect(chosen.value).toBe('0 0 8 * * ?');
    await user.click(within(dialog).getByText('Weekly'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fri' }));
    const hour = within(dialog).getByLabelText('Hour');
    await user.clear(hour);
    await user.type(hour, '17');
    await waitFor(() => expect(chosen.value).toBe('0 0 17 ? * MON,FRI'));
    expect(await within(dialog).findByText('Runs 0 0 17 ? * MON,FRI')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/v1/cron/check').at(-1)?.body).toEqual({
      expression: '0 0 17 ? * MON,FRI',
      language: 'en',
      count: 5,
    });

    // No weekday: nothing to choose, OK is off.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mon' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fri' }));
    expect(within(dialog).getByText('Choose at least one day of the week.')).toBeTruthy();
    expect(chosen.value).toBe('');
    expect(within(dialog).getByRole('button', { name: 'OK' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByText('Monthly'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Last day of the month' }));
    await waitFor(() => expect(chosen.value).toBe('0 0 17 L * ?'));
    await user.click(within(dialog).getByText('Every N minutes'));
    await user.click(within(dialog).getByText('15'));
    await waitFor(() => expect(chosen.value).toBe('0 0/15 * * * ?'));
    await within(dialog).findByText('Runs 0 0/15 * * * ?');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledWith('0 0/15 * * * ?');
  });

  it('speaks Thai and asks for the Thai description; Close discards', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    const fetchMock = fakeCronServer();
    const user = userEvent.setup();
    const { onOk, onClose } = renderModal();
    const dialog = await findDialog('เลือก Cron trigger');
    await user.click(within(dialog).getByText('รายวัน'));
    await user.click(within(dialog).getByText('รายชั่วโมง'));
    expect(await within(dialog).findByText('ทุกวัน 0 0 * * * ?')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/v1/cron/check').at(-1)?.body).toMatchObject({ language: 'th' });
    await user.click(within(dialog).getAllByRole('button', { name: 'ปิด' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
    expect(onOk).not.toHaveBeenCalled();
  });
});
