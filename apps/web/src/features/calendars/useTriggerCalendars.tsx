import { CalendarOutlined } from '@ant-design/icons';
import {
  formatTriggerCalendarEntry,
  SHARED_CALENDAR_COMPANY,
  type TriggerCalendarEntry,
} from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { calendarKeys, fetchCalendars } from './calendar-api';
import { triggerCalendarMessages } from './trigger-calendar.i18n';
import { splitTriggerCalendars, TRIGGER_CALENDAR_SEPARATOR, triggerEntryOf } from './trigger-calendars';
import { TriggerRuleSelect } from './TriggerRuleSelect';

/** What a cron trigger list shows beside each trigger (job-tools' CronTriggerAddon). */
export interface TriggerCalendarAddon {
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Two cells: the calendar, and its business-day rule. */
  columns: readonly string[];
  render: (index: number, expression: string) => ReactNode;
}

/**
 * The calendar's cell, and the rule's (its Select and, for the N-th day, its number): `auto`, so that
 * the track is never narrower than what it holds and takes the room the row has left.
 */
const COLUMNS = ['minmax(120px, 190px)', 'auto'] as const;

/** The calendars a company's triggers may use: its own and the shared ones (its own hide a shared namesake). */
export function useCompanyCalendarNames(companyCode: string) {
  const query = useQuery({
    queryKey: calendarKeys.list(companyCode),
    queryFn: ({ signal }) => fetchCalendars(companyCode, signal),
    enabled: companyCode !== '' && companyCode !== SHARED_CALENDAR_COMPANY,
    retry: false,
    staleTime: 60_000,
  });
  const calendars = query.data?.result_list ?? [];
  const own = new Set(calendars.filter((c) => c.company_code === companyCode).map((c) => c.name));
  return {
    loading: query.isFetching,
    calendars: calendars.filter((c) => c.company_code === companyCode || !own.has(c.name)),
  };
}

/**
 * A calendar Select and a business-day rule Select beside each cron trigger of a form, kept in the
 * form's field `field`: one entry per trigger, `NAME` or `NAME;RULE` (the contract's text form),
 * `|`-joined and aligned with the triggers; none by default. The rule needs a calendar: without one it
 * is disabled, and clearing the calendar drops it. The form must hold `field` (a hidden item).
 */
export function useTriggerCalendars(companyCode: string, field: string): TriggerCalendarAddon {
  const t = useT(triggerCalendarMessages);
  const form = Form.useFormInstance();
  const value = Form.useWatch<string | undefined>(field, form);
  const { calendars, loading } = useCompanyCalendarNames(companyCode);
  const values = splitTriggerCalendars(value);
  const onChange = (next: string[]) => {
    form.setFieldValue(field, next.some(Boolean) ? next.join(TRIGGER_CALENDAR_SEPARATOR) : '');
  };
  const change = (index: number, entry: TriggerCalendarEntry) => {
    const next = Array.from({ length: Math.max(values.length, index + 1) }, (_, at) => values[at] ?? '');
    next[index] = formatTriggerCalendarEntry(entry);
    onChange(next);
  };
  const options = [
    { value: '', label: t('none') },
    ...calendars.map((calendar) => ({
      value: calendar.name,
      label:
        calendar.company_code === SHARED_CALENDAR_COMPANY
          ? `${calendar.name} (${t('shared')})`
          : calendar.name,
    })),
  ];
  return {
    values,
    onChange,
    columns: COLUMNS,
    render: (index, expression) => {
      const entry = triggerEntryOf(values[index] ?? '');
      return (
        <>
          <Select<string>
            size="small"
            prefix={<CalendarOutlined aria-hidden />}
            aria-label={t('calendarOf', { expression })}
            value={entry.name}
            loading={loading}
            options={options}
            popupMatchSelectWidth={false}
            style={{ width: '100%' }}
            data-testid="trigger-calendar"
            onChange={(name) => change(index, { name, ...(name && entry.rule ? { rule: entry.rule } : {}) })}
          />
          <TriggerRuleSelect
            expression={expression}
            rule={entry.name ? entry.rule : undefined}
            disabled={!entry.name}
            onChange={(rule) => change(index, { name: entry.name, ...(rule ? { rule } : {}) })}
          />
        </>
      );
    },
  };
}
