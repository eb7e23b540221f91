import type { NamedCalendar } from '@lis/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { fakeApi } from '../../testing/fake-api';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { getButton, setupUser } from '../../testing/user';
import { CronTriggerList } from '../job-tools';
import { useTriggerCalendars } from './useTriggerCalendars';

resetBetweenTests();

const named = (name: string, company_code = 'ACME'): NamedCalendar => ({
  company_code,
  name,
  description: '',
  definition: { type: 'weekly', exclude: ['SAT', 'SUN'] },
  used_by: [],
  updated_at: '2026-11-01T00:00:00.000Z',
  updated_by: null,
});

const TRIGGERS = '0 0 8 ? * *|0 30 17 ? * MON-FRI|0 0 12 * * ?';

interface Values {
  cron_trigger: string;
  trigger_calendars: string;
}

function Triggers() {
  const addon = useTriggerCalendars('ACME', 'trigger_calendars');
  return (
    <>
      <Form.Item name="cron_trigger" label="Cron Trigger">
        <CronTriggerList addon={addon} />
      </Form.Item>
      <Form.Item name="trigger_calendars" hidden>
        <Input />
      </Form.Item>
    </>
  );
}

/** A job form's triggers with their calendars and rules: Submit reports `trigger_calendars`. */
function showTriggers(calendars: string) {
  fakeApi({ 'GET /v1/calendars': () => ({ result_list: [named('TH-BANK'), named('WEEKEND', '*')] }) });
  const onSubmit = vi.fn<(value: string) => void>();
  renderScreen(
    <Form<Values>
      initialValues={{ cron_trigger: TRIGGERS, trigger_calendars: calendars }}
      onFinish={(values) => onSubmit(values.trigger_calendars)}
    >
      <Triggers />
      <Button htmlType="submit">Submit</Button>
    </Form>,
  );
  return onSubmit;
}

const rule = (expression: string) =>
  screen.getByRole('combobox', { name: `Business-day rule of trigger ${expression}` });
const ruleNumber = (expression: string) =>
  screen.queryByRole('spinbutton', { name: `Which business day, trigger ${expression}` });
const shown = (combobox: HTMLElement) => combobox.closest('.ant-select')!.textContent;

async function choose(combobox: HTMLElement, title: string) {
  const user = setupUser();
  await user.click(combobox);
  const options = await screen.findAllByTitle(title);
  await user.click(options.filter((option) => option.closest('.ant-select-item-option')).at(-1)!);
}

describe("A trigger's business-day rule beside its calendar (issue 34)", { timeout: 60_000 }, () => {
  it('reads NAME;RULE back: the calendar, the rule and its number', async () => {
    showTriggers('TH-BANK;nth=3|WEEKEND;shift=next|TH-BANK;nth=-2');
    // The browser suite finds the calendar's Select by its test id (a row has two Selects now).
    await waitFor(() =>
      expect(screen.getAllByTestId('trigger-calendar').map((select) => select.textContent)).toEqual([
        'TH-BANK',
        'WEEKEND (shared)',
        'TH-BANK',
      ]),
    );
    expect(shown(rule('0 0 8 ? * *'))).toBe('N-th business day');
    expect((ruleNumber('0 0 8 ? * *') as HTMLInputElement).value).toBe('3');
    expect(shown(rule('0 30 17 ? * MON-FRI'))).toBe('If excluded: next business day');
    expect(ruleNumber('0 30 17 ? * MON-FRI')).toBeNull();
    expect(shown(rule('0 0 12 * * ?'))).toBe('N-th from the month’s end');
    expect((ruleNumber('0 0 12 * * ?') as HTMLInputElement).value).toBe('2');
  });

  it('writes NAME;RULE: the last business day, an N-th day, a shift; none without a calendar', async () => {
    const user = setupUser();
    const onSubmit = showTriggers('TH-BANK||');
    await waitFor(() => expect(rule('0 0 8 ? * *').closest('.ant-select-disabled')).toBeNull());
    // No calendar: no rule to choose.
    expect(rule('0 30 17 ? * MON-FRI').closest('.ant-select-disabled')).not.toBeNull();

    await choose(rule('0 0 8 ? * *'), 'Last business day');
    await choose(
      screen.getByRole('combobox', { name: 'Calendar of trigger 0 0 12 * * ?' }),
      'WEEKEND (shared)',
    );
    await choose(rule('0 0 12 * * ?'), 'N-th business day');
    fireEvent.change(ruleNumber('0 0 12 * * ?')!, { target: { value: '5' } });
    fireEvent.blur(ruleNumber('0 0 12 * * ?')!);
    await user.click(getButton('Submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith('TH-BANK;nth=-1||WEEKEND;nth=5'));

    await choose(screen.getByRole('combobox', { name: 'Calendar of trigger 0 0 8 ? * *' }), 'No calendar');
    await choose(
      screen.getByRole('combobox', { name: 'Calendar of trigger 0 30 17 ? * MON-FRI' }),
      'TH-BANK',
    );
    await choose(rule('0 30 17 ? * MON-FRI'), 'If excluded: previous business day');
    await user.click(getButton('Submit'));
    // Clearing a calendar drops its rule.
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith('|TH-BANK;shift=previous|WEEKEND;nth=5'));
  });

  it('warns when an N-th business day meets a cron whose day fields are not * or ?', async () => {
    showTriggers('|TH-BANK;nth=1|');
    await waitFor(() => expect(shown(rule('0 30 17 ? * MON-FRI'))).toBe('N-th business day'));
    expect(rule('0 30 17 ? * MON-FRI').closest('.ant-select-status-warning')).not.toBeNull();
  });

  it('lines the calendar and rule cells up in one grid, whatever the expressions’ lengths', async () => {
    showTriggers('');
    const rows = await screen.findAllByTestId('cron-trigger-row');
    expect(rows).toHaveLength(3);
    const grid = rows[0]!.parentElement!;
    expect(grid.style.display).toBe('grid');
    expect(grid.style.gridTemplateColumns.split(/ (?![^(]*\))/)).toHaveLength(4);
    for (const row of rows) {
      expect(row.parentElement).toBe(grid);
      expect(row.style.gridTemplateColumns).toBe('subgrid');
      // expression, calendar, rule, delete: one cell per column
      expect(row.children).toHaveLength(4);
    }
  });

  it('speaks Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    showTriggers('TH-BANK;nth=-1||');
    const combobox = await screen.findByRole('combobox', { name: 'กฎวันทำการของทริกเกอร์ 0 0 8 ? * *' });
    await waitFor(() => expect(shown(combobox)).toBe('วันทำการสุดท้าย'));
    expect(within(document.body).getAllByText('ไม่ใช้กฎวันทำการ').length).toBeGreaterThan(0);
  });
});
