import { DeleteOutlined } from '@ant-design/icons';
import type { CalendarDefinition, NamedCalendar } from '@lis/contracts';
import { Button, Flex, Select, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { calendarMessages } from './calendars.i18n';
import { useCalendarWords } from './useCalendarWords';

interface Props {
  id?: string;
  value?: CalendarDefinition;
  onChange?: (value: CalendarDefinition | undefined) => void;
  disabled?: boolean;
  /** The calendars that may be copied in (the company's and the shared ones, not the edited one). */
  candidates: readonly NamedCalendar[];
}

const keyOf = (calendar: NamedCalendar) => `${calendar.company_code}/${calendar.name}`;

/** The base calendar: a copy of another calendar's definition, shown read-only, replaced or removed. */
export function BaseCalendarField({ id, value, onChange, disabled, candidates }: Props) {
  const t = useT(calendarMessages);
  const words = useCalendarWords();
  return (
    <Flex vertical gap={6} id={id}>
      {value ? (
        <Flex align="start" gap={8}>
          <ol className="calendar-base-lines" data-testid="calendar-base" aria-label={t('base')}>
            {words.describe(value).map((line, at) => (
              <li key={at}>
                <Typography.Text>{line}</Typography.Text>
              </li>
            ))}
          </ol>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('removeBase')}
            onClick={() => onChange?.(undefined)}
          />
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('baseNone')}</Typography.Text>
      )}
      <Select<string>
        aria-label={t('chooseBase')}
        placeholder={t('chooseBase')}
        value={null}
        disabled={disabled || candidates.length === 0}
        showSearch={{ optionFilterProp: 'label' }}
        options={candidates.map((calendar) => ({
          value: keyOf(calendar),
          label: calendar.company_code === '*' ? `${calendar.name} (*)` : calendar.name,
        }))}
        onChange={(key) => onChange?.(candidates.find((calendar) => keyOf(calendar) === key)?.definition)}
      />
    </Flex>
  );
}
