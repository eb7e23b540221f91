import type { NamedCalendar } from '@lis/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../../testing/find-dialog';
import { resetBetweenTests } from '../../../testing/render-screen';
import { getButton, setupUser } from '../../../testing/user';
import { buildJobConfig } from '../testing/build-job-config';
import { fakeJobServer, renderJobConfig } from '../testing/job-config-test-kit';

resetBetweenTests();

const calendar = (company_code: string, name: string): NamedCalendar => ({
  company_code,
  name,
  description: '',
  definition: { type: 'weekly', exclude: ['SAT', 'SUN'] },
  used_by: [],
  updated_at: '2026-11-01T00:00:00.000Z',
  updated_by: null,
});

const CALENDARS = [calendar('ACME', 'TH-HOLIDAYS'), calendar('*', 'WEEKEND'), calendar('*', 'TH-HOLIDAYS')];

/** The calendar Select of the trigger row showing `expression`. */
const calendarOf = (dialog: HTMLElement, expression: string) =>
  within(dialog).getByRole('combobox', { name: `Calendar of trigger ${expression}` });
const shown = (select: HTMLElement) =>
  select.closest('.ant-select')?.querySelector('.ant-select-content, .ant-select-selection-item')
    ?.textContent;

describe('A calendar per cron trigger (issue 34)', { timeout: 60_000 }, () => {
  it("shows each trigger's calendar, changes one, drops one with its trigger, and sends them aligned", async () => {
    const stored = { ...buildJobConfig({ cron_trigger: '0 0 8 * * ?|0 0 12 * * ?|0 0 18 * * ?' }) };
    const api = fakeJobServer([Object.assign(stored, { trigger_calendars: '|TH-HOLIDAYS|' })], {
      'GET /v1/calendars': () => ({ result_list: CALENDARS }),
    });
    const user = setupUser();
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(getButton('Edit ACME INV01'));
    const dialog = await findDialog('Edit Job Config: INV01');
    expect(api.calls('GET', '/v1/calendars')[0]?.url.searchParams.get('company_code')).toBe('ACME');
    expect(shown(calendarOf(dialog, '0 0 8 * * ?'))).toBe('No calendar');
    expect(shown(calendarOf(dialog, '0 0 12 * * ?'))).toBe('TH-HOLIDAYS');

    // The 18:00 trigger gets the shared weekend (the company's TH-HOLIDAYS hides the shared namesake).
    await user.click(calendarOf(dialog, '0 0 18 * * ?'));
    await waitFor(() => expect(screen.queryAllByTitle('TH-HOLIDAYS (shared)')).toHaveLength(0));
    await user.click((await screen.findAllByTitle('WEEKEND (shared)')).at(-1)!);
    await waitFor(() => expect(shown(calendarOf(dialog, '0 0 18 * * ?'))).toBe('WEEKEND (shared)'));
    // Deleting the 08:00 trigger takes its (empty) calendar with it: the others keep theirs.
    await user.click(within(dialog).getByLabelText('Delete 0 0 8 * * ?'));
    expect(shown(calendarOf(dialog, '0 0 12 * * ?'))).toBe('TH-HOLIDAYS');

    await user.click(within(dialog).getByTestId('job-form-save'));
    await findDialog('Saved data successfully');
    const [put] = api.calls('PUT', '/v1/config/job-config/update');
    expect(put?.body).toMatchObject({
      cron_trigger: '0 0 12 * * ?|0 0 18 * * ?',
      trigger_calendars: 'TH-HOLIDAYS|WEEKEND',
    });
  });

  it('sends no calendar as an empty text', async () => {
    const api = fakeJobServer(undefined, { 'GET /v1/calendars': () => ({ result_list: CALENDARS }) });
    const user = setupUser();
    renderJobConfig();
    await within(screen.getByTestId('job-config-table')).findByText('INV01');
    await user.click(getButton('Edit ACME INV01'));
    const dialog = await findDialog('Edit Job Config: INV01');
    await user.click(within(dialog).getByTestId('job-form-save'));
    await findDialog('Saved data successfully');
    const [put] = api.calls('PUT', '/v1/config/job-config/update');
    expect(put?.body).toMatchObject({ cron_trigger: '0 0 12 * * ?', trigger_calendars: '' });
  });
});
