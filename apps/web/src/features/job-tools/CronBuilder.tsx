import { Button, Checkbox, Flex, InputNumber, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import {
  buildCronExpression,
  DEFAULT_SCHEDULE,
  MINUTE_INTERVALS,
  SCHEDULE_KINDS,
  WEEKDAYS,
  type CronSchedule,
  type Weekday,
} from './cron-builder';
import { jobToolsMessages } from './job-tools.i18n';

interface Props {
  /**
   * Called after each change the user makes (the built expression, or null while incomplete), and
   * by the Use button (for the schedule as it first shows).
   */
  onBuild: (expression: string | null) => void;
}

const fieldLabel = { minWidth: 96, display: 'inline-block' } as const;

/** The cron builder: a few common schedules, each turned into a Quartz expression as it is edited. */
export function CronBuilder({ onBuild }: Props) {
  const t = useT(jobToolsMessages);
  const [schedule, setSchedule] = useState<CronSchedule>(DEFAULT_SCHEDULE);
  const expression = buildCronExpression(schedule);

  const change = (changes: Partial<CronSchedule>) => {
    const next = { ...schedule, ...changes };
    setSchedule(next);
    onBuild(buildCronExpression(next));
  };
  // The schedule holds NaN for a cleared field (so it builds nothing); the input shows it empty.
  const numberOrNaN = (value: number | null) => value ?? Number.NaN;
  const shown = (value: number) => (Number.isNaN(value) ? null : value);

  const time = (
    <Space>
      <span style={fieldLabel}>{t('builderAt')}</span>
      <InputNumber
        aria-label={t('builderHour')}
        min={0}
        max={23}
        precision={0}
        value={shown(schedule.hour)}
        onChange={(value) => change({ hour: numberOrNaN(value) })}
      />
      :
      <InputNumber
        aria-label={t('builderMinute')}
        min={0}
        max={59}
        precision={0}
        value={shown(schedule.minute)}
        onChange={(value) => change({ minute: numberOrNaN(value) })}
      />
    </Space>
  );

  return (
    <Flex vertical gap={12} data-testid="cron-builder">
      <Radio.Group
        optionType="button"
        value={schedule.kind}
        onChange={(event) => change({ kind: event.target.value as CronSchedule['kind'] })}
        options={SCHEDULE_KINDS.map((kind) => ({ value: kind, label: t(kind) }))}
      />
      {schedule.kind === 'everyMinutes' && (
        <Space wrap>
          <span style={fieldLabel}>{t('builderInterval')}</span>
          <Radio.Group
            aria-label={t('everyMinutes')}
            optionType="button"
            value={schedule.intervalMinutes}
            onChange={(event) => change({ intervalMinutes: Number(event.target.value) })}
            options={MINUTE_INTERVALS.map((minutes) => ({ value: minutes, label: String(minutes) }))}
          />
          {t('builderMinutes')}
        </Space>
      )}
      {schedule.kind === 'hourly' && (
        <Space>
          <span style={fieldLabel}>{t('builderAtMinute')}</span>
          <InputNumber
            aria-label={t('builderMinute')}
            min={0}
            max={59}
            precision={0}
            value={shown(schedule.minute)}
            onChange={(value) => change({ minute: numberOrNaN(value) })}
          />
        </Space>
      )}
      {schedule.kind === 'weekly' && (
        <Space wrap>
          <span style={fieldLabel}>{t('builderOn')}</span>
          <Checkbox.Group
            value={[...schedule.weekdays]}
            onChange={(days) => change({ weekdays: days as Weekday[] })}
            options={WEEKDAYS.map((day) => ({ value: day, label: t(day) }))}
          />
        </Space>
      )}
      {schedule.kind === 'monthly' && (
        <Space wrap>
          <span style={fieldLabel}>{t('builderDay')}</span>
          <InputNumber
            aria-label={t('builderDay')}
            min={1}
            max={31}
            precision={0}
            disabled={schedule.dayOfMonth === 'last'}
            value={schedule.dayOfMonth === 'last' ? null : shown(schedule.dayOfMonth)}
            onChange={(value) => change({ dayOfMonth: numberOrNaN(value) })}
          />
          <Checkbox
            checked={schedule.dayOfMonth === 'last'}
            onChange={(event) => change({ dayOfMonth: event.target.checked ? 'last' : 1 })}
          >
            {t('builderLastDay')}
          </Checkbox>
        </Space>
      )}
      {(schedule.kind === 'daily' || schedule.kind === 'weekly' || schedule.kind === 'monthly') && time}
      {expression ? (
        <Space>
          <Typography.Text code data-testid="cron-builder-expression">
            {expression}
          </Typography.Text>
          <Button size="small" onClick={() => onBuild(expression)}>
            {t('builderUse')}
          </Button>
        </Space>
      ) : (
        <Typography.Text type="warning">
          {schedule.kind === 'weekly' && schedule.weekdays.length === 0
            ? t('builderNoWeekday')
            : t('builderIncomplete')}
        </Typography.Text>
      )}
    </Flex>
  );
}
