import { CalendarOutlined } from '@ant-design/icons';
import { SHARED_CALENDAR_COMPANY } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { calendarKeys, fetchCalendars } from './calendar-api';
import { triggerCalendarMessages } from './trigger-calendar.i18n';
import { splitTriggerCalendars, TRIGGER_CALENDAR_SEPARATOR } from './trigger-calendars';

/** What a cron trigger list shows beside each trigger (job-tools' CronTriggerAddon). */
export interface TriggerCalendarAddon {
  values: readonly string[];
  onChange: (values: string[]) => void;
  render: (index: number, expression: string) => ReactNode;
}

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
 * A calendar Select beside each cron trigger of a form, kept in the form's field `field` (names
 * `|`-joined, aligned with the triggers; none by default). The form must hold `field` (a hidden item).
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
    render: (index, expression) => (
      <Select<string>
        size="small"
        prefix={<CalendarOutlined aria-hidden />}
        aria-label={t('calendarOf', { expression })}
        value={values[index] ?? ''}
        loading={loading}
        options={options}
        popupMatchSelectWidth={false}
        style={{ minWidth: 150, maxWidth: 220 }}
        data-testid="trigger-calendar"
        onChange={(name) => {
          const next = Array.from(
            { length: Math.max(values.length, index + 1) },
            (_, at) => values[at] ?? '',
          );
          next[index] = name;
          onChange(next);
        }}
      />
    ),
  };
}
