import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLanguage, useT } from '../../platform/i18n/I18nProvider';
import { sortedUnique } from './calendar-form';
import { calendarMessages } from './calendars.i18n';

interface ListProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** A sorted list of values as tags, each removable by its own labelled button. */
function TagList({
  values,
  label,
  onRemove,
  disabled,
}: {
  values: readonly string[];
  label: (value: string) => string;
  onRemove: (value: string) => void;
  disabled?: boolean;
}) {
  const t = useT(calendarMessages);
  if (values.length === 0) return <Typography.Text type="secondary">{t('noDates')}</Typography.Text>;
  return (
    <Flex wrap gap={4} role="list" style={{ maxHeight: 132, overflowY: 'auto' }}>
      {values.map((value) => (
        <Tag key={value} role="listitem" style={{ marginInlineEnd: 0 }}>
          {label(value)}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            disabled={disabled}
            aria-label={t('remove', { value: label(value) })}
            style={{ height: 18, width: 18, minWidth: 18, marginInlineStart: 4 }}
            onClick={() => onRemove(value)}
          />
        </Tag>
      ))}
    </Flex>
  );
}

/** dd/mm/yyyy for a yyyy-mm-dd date, as the console writes days. */
const dayText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Holiday dates: a date picker adds a day (yyyy-mm-dd) to the sorted list. */
export function DateListInput({ id, value = [], onChange, disabled }: ListProps) {
  const t = useT(calendarMessages);
  const add = (day: Dayjs | null) => {
    if (day) onChange?.(sortedUnique([...value, day.format('YYYY-MM-DD')]));
  };
  return (
    <Flex vertical gap={6} id={id}>
      <DatePicker
        value={null}
        format="DD/MM/YYYY"
        placeholder={t('addDate')}
        aria-label={t('addDate')}
        disabled={disabled}
        onChange={add}
        style={{ width: 200 }}
      />
      <TagList
        values={value}
        label={dayText}
        disabled={disabled}
        onRemove={(day) => onChange?.(value.filter((other) => other !== day))}
      />
    </Flex>
  );
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const pad = (n: number) => String(n).padStart(2, '0');

/** Annual days: a month and a day (29 February allowed) add mm-dd to the sorted list. */
export function MonthDayListInput({ id, value = [], onChange, disabled }: ListProps) {
  const t = useT(calendarMessages);
  const [month, setMonth] = useState(1);
  const [day, setDay] = useState(1);
  const { language } = useLanguage();
  const monthName = new Intl.DateTimeFormat(language === 'th' ? 'th-TH' : 'en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  const monthLabel = (m: number) => monthName.format(new Date(Date.UTC(2000, m - 1, 1)));
  const label = (monthDay: string) =>
    `${Number(monthDay.slice(3))} ${monthLabel(Number(monthDay.slice(0, 2)))}`;
  const days = DAYS_IN_MONTH[month - 1] ?? 31;
  return (
    <Flex vertical gap={6} id={id}>
      <Space.Compact>
        <Select
          aria-label={t('month')}
          showSearch={{ optionFilterProp: 'label' }}
          value={month}
          disabled={disabled}
          style={{ width: 150 }}
          options={DAYS_IN_MONTH.map((_, at) => ({ value: at + 1, label: monthLabel(at + 1) }))}
          onChange={(next: number) => {
            setMonth(next);
            setDay((current) => Math.min(current, DAYS_IN_MONTH[next - 1] ?? 31));
          }}
        />
        <Select
          aria-label={t('day')}
          showSearch={{ optionFilterProp: 'label' }}
          value={day}
          disabled={disabled}
          style={{ width: 80 }}
          options={Array.from({ length: days }, (_, at) => ({ value: at + 1, label: String(at + 1) }))}
          onChange={(next: number) => setDay(next)}
        />
        <Button
          icon={<PlusOutlined />}
          disabled={disabled}
          onClick={() => onChange?.(sortedUnique([...value, `${pad(month)}-${pad(day)}`]))}
        >
          {t('addDay')}
        </Button>
      </Space.Compact>
      <TagList
        values={value}
        label={label}
        disabled={disabled}
        onRemove={(monthDay) => onChange?.(value.filter((other) => other !== monthDay))}
      />
    </Flex>
  );
}
