import type { NamedCalendar } from '@lis/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../testing/find-dialog';
import { resetBetweenTests } from '../../testing/render-screen';
import { getButton, setupUser } from '../../testing/user';
import { buildChain, fakeChainServer, renderChainJobScreen } from './chain-job-test-server';

resetBetweenTests();

const WEEKEND: NamedCalendar = {
  company_code: 'A',
  name: 'WEEKEND',
  description: '',
  definition: { type: 'weekly', exclude: ['SAT', 'SUN'] },
  used_by: [],
  updated_at: '2026-11-01T00:00:00.000Z',
  updated_by: null,
};

describe('A calendar per chain trigger (issue 34)', { timeout: 60_000 }, () => {
  it('sends TriggerCalendars aligned with CronTrigger', async () => {
    const night = buildChain('NIGHT', { cronTrigger: '0 0 1 * * ?|0 0 13 * * ?' });
    const api = fakeChainServer([night], {
      'GET /v1/calendars': () => ({ result_list: [WEEKEND] }),
      'PUT /v1/chainjob/update': () => ({ message: 'Saved NIGHT' }),
    });
    const user = setupUser();
    renderChainJobScreen();
    await screen.findByText('NIGHT');
    await user.click(getButton('Edit A NIGHT'));
    const dialog = await findDialog('Edit Chain Job Config: NIGHT');
    await user.click(within(dialog).getByRole('combobox', { name: 'Calendar of trigger 0 0 13 * * ?' }));
    await user.click((await screen.findAllByTitle('WEEKEND')).at(-1)!);
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('cron-trigger-row')[1]?.textContent).toContain('WEEKEND'),
    );
    await user.click(getButton('Save', dialog));
    expect(await screen.findByText('Saved NIGHT')).toBeTruthy();
    expect(api.calls('GET', '/v1/calendars')[0]?.url.searchParams.get('company_code')).toBe('A');
    expect(api.calls('PUT', '/v1/chainjob/update').at(-1)!.body).toMatchObject({
      CronTrigger: '0 0 1 * * ?|0 0 13 * * ?',
      TriggerCalendars: '|WEEKEND',
    });
  });

  it('keeps a business-day rule beside the calendar: read back, changed, sent as NAME;RULE', async () => {
    const night = buildChain('NIGHT', {
      cronTrigger: '0 0 1 * * ?|0 0 13 * * ?',
      triggerCalendars: 'WEEKEND;nth=-1|',
    });
    const api = fakeChainServer([night], {
      'GET /v1/calendars': () => ({ result_list: [WEEKEND] }),
      'PUT /v1/chainjob/update': () => ({ message: 'Saved NIGHT' }),
    });
    const user = setupUser();
    renderChainJobScreen();
    await screen.findByText('NIGHT');
    await user.click(getButton('Edit A NIGHT'));
    const dialog = await findDialog('Edit Chain Job Config: NIGHT');
    const ruleOf = (expression: string) =>
      within(dialog).getByRole('combobox', { name: `Business-day rule of trigger ${expression}` });
    await waitFor(() =>
      expect(ruleOf('0 0 1 * * ?').closest('.ant-select')?.textContent).toBe('Last business day'),
    );
    // The second trigger has no calendar yet: no rule to choose.
    expect(ruleOf('0 0 13 * * ?').closest('.ant-select-disabled')).not.toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Calendar of trigger 0 0 13 * * ?' }));
    await user.click((await screen.findAllByTitle('WEEKEND')).at(-1)!);
    await waitFor(() => expect(ruleOf('0 0 13 * * ?').closest('.ant-select-disabled')).toBeNull());
    await user.click(ruleOf('0 0 13 * * ?'));
    await user.click((await screen.findAllByTitle('If excluded: previous business day')).at(-1)!);
    await user.click(getButton('Save', dialog));
    expect(await screen.findByText('Saved NIGHT')).toBeTruthy();
    expect(api.calls('PUT', '/v1/chainjob/update').at(-1)!.body).toMatchObject({
      CronTrigger: '0 0 1 * * ?|0 0 13 * * ?',
      TriggerCalendars: 'WEEKEND;nth=-1|WEEKEND;shift=previous',
    });
  });
});
