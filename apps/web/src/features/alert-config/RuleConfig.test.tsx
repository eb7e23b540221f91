import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { openDialog } from '../../testing/form-steps';
import { resetBetweenTests } from '../../testing/render-screen';
import { getButton, setupUser } from '../../testing/user';
import { serveAlertConfig, showAlertConfig } from './alert-config-testing';

async function showRules(user: UserEvent) {
  await showAlertConfig();
  await user.click(screen.getByRole('tab', { name: 'Rules' }));
  return (await screen.findByText('DEADLINES')).closest('tr')!;
}

/** Picks `option` of the multi-select named `label` in `dialog` (its dropdown is in the body). */
async function pick(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1)!);
}

async function save(user: UserEvent, dialog: HTMLElement) {
  await user.click(getButton('Save', dialog));
  expect(await screen.findByText('Data saved successfully')).toBeTruthy();
}

describe('Alert Config: rules (issue 35)', { timeout: 60_000 }, () => {
  resetBetweenTests();

  it('lists a rule: its conditions in words, jobs, channels and escalation', async () => {
    const user = setupUser();
    const api = serveAlertConfig();
    const rule = await showRules(user);
    expect(api.calls('GET', '/v1/alert-rules')[0]?.url.searchParams.get('company_code')).toBe('ACME');
    expect(within(rule).getByText('Files late')).toBeTruthy();
    expect(within(rule).getByText('Files missing')).toBeTruthy();
    expect(rule.textContent).toContain('PAYROLL-IN');
    expect(rule.textContent).toContain('OPS-HOOK');
    expect(rule.textContent).toContain('after 30 min → OPS-MAIL');
  });

  it('makes a rule of some jobs: conditions, the jobs picked from the company’s, channels, escalation', async () => {
    const user = setupUser();
    const api = serveAlertConfig();
    await showRules(user);
    const dialog = await openDialog(user, 'New rule', 'New alert rule');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'BANK-FILES' } });
    await pick(user, dialog, 'Conditions', 'Files late');
    await pick(user, dialog, 'Conditions', 'Run error');
    await user.click(within(dialog).getByText('These jobs'));
    await pick(user, dialog, 'Choose the jobs', 'BANK-IN: Bank statements');
    await pick(user, dialog, 'Choose the jobs', 'PULL-RATES: Rates');
    await pick(user, dialog, 'Channels', 'OPS-HOOK · Webhook');
    // Half an escalation is refused before anything is sent.
    fireEvent.change(within(dialog).getByLabelText('Escalate after'), { target: { value: '45' } });
    await user.click(getButton('Save', dialog));
    expect(await within(dialog).findByText('give both the minutes and the channel, or neither')).toBeTruthy();
    expect(api.calls('POST', '/v1/alert-rules')).toHaveLength(0);
    await pick(user, dialog, 'to channel', 'OPS-MAIL · E-mail');
    await save(user, dialog);
    expect(api.calls('POST', '/v1/alert-rules').map((call) => call.body)).toEqual([
      {
        company_code: 'ACME',
        name: 'BANK-FILES',
        enabled: true,
        conditions: ['MISSING', 'LATE', 'RUN_ERROR'],
        jobs: ['BANK-IN', 'PULL-RATES'],
        channels: ['OPS-HOOK'],
        escalate_after_minutes: 45,
        escalate_to: 'OPS-MAIL',
      },
    ]);
  });

  it('edits a rule to cover all jobs (an empty list) without escalation', async () => {
    const user = setupUser();
    const api = serveAlertConfig();
    await showRules(user);
    const dialog = await openDialog(user, 'Edit DEADLINES', 'Edit alert rule: DEADLINES');
    await user.click(within(dialog).getByText('All jobs of the company'));
    fireEvent.change(within(dialog).getByLabelText('Escalate after'), { target: { value: '' } });
    const escalateTo = within(dialog).getByRole('combobox', { name: 'to channel' }).closest('.ant-select')!;
    fireEvent.mouseEnter(escalateTo);
    const clear = escalateTo.querySelector<HTMLElement>('.ant-select-clear');
    if (!clear) throw new Error('no clear button on the escalation channel');
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(escalateTo.textContent).not.toContain('OPS-MAIL'));
    await save(user, dialog);
    await waitFor(() => expect(api.calls('PUT', '/v1/alert-rules')).toHaveLength(1));
    expect(api.calls('PUT', '/v1/alert-rules')[0]?.body).toEqual({
      company_code: 'ACME',
      name: 'DEADLINES',
      enabled: true,
      conditions: ['LATE', 'MISSING'],
      jobs: [],
      channels: ['OPS-HOOK'],
      escalate_after_minutes: null,
      escalate_to: null,
    });
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    const user = setupUser();
    serveAlertConfig();
    await showAlertConfig();
    await user.click(screen.getByRole('tab', { name: 'กฎ' }));
    const rule = (await screen.findByText('DEADLINES')).closest('tr')!;
    expect(within(rule).getByText('ไฟล์ไม่มาตามกำหนด')).toBeTruthy();
    expect(rule.textContent).toContain('หลัง 30 นาที → OPS-MAIL');
  });
});
