import { WEEKDAYS, type CalendarType } from '@lis/contracts';
import { Checkbox, Col, Form, Input, Row, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { messageRule } from '../../ui/resource/form-fields';
import { checkExpression, checkTime } from './calendar-form';
import { calendarMessages, weekdayMessages } from './calendars.i18n';
import { DateListInput, MonthDayListInput } from './list-inputs';

const MONTH_DAYS = Array.from({ length: 31 }, (_, at) => at + 1);

/** The fields of one calendar type (the others' are not shown, and not sent). */
export function CalendarTypeFields({ type }: { type: CalendarType }) {
  const t = useT(calendarMessages);
  const day = useT(weekdayMessages);
  switch (type) {
    case 'holiday':
      return (
        <Form.Item name="dates" label={t('dates')}>
          <DateListInput />
        </Form.Item>
      );
    case 'annual':
      return (
        <Form.Item name="days" label={t('days')}>
          <MonthDayListInput />
        </Form.Item>
      );
    case 'weekly':
      return (
        <Form.Item name="weekdays" label={t('weekdays')}>
          <Checkbox.Group
            aria-label={t('weekdays')}
            options={WEEKDAYS.map((weekday) => ({ value: weekday, label: day(weekday) }))}
          />
        </Form.Item>
      );
    case 'monthly':
      return (
        <Form.Item name="monthDays" label={t('monthDays')}>
          <Checkbox.Group aria-label={t('monthDays')} style={{ display: 'block' }}>
            <Row gutter={[0, 2]}>
              {MONTH_DAYS.map((number) => (
                <Col key={number} span={3}>
                  <Checkbox value={number} aria-label={t('monthDay', { day: number })}>
                    {number}
                  </Checkbox>
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
      );
    case 'daily':
      return (
        <>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="from" label={t('from')} required rules={[messageRule(t, checkTime)]}>
                <Input autoComplete="off" maxLength={12} placeholder="08:00:00" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="to" label={t('to')} required rules={[messageRule(t, checkTime)]}>
                <Input autoComplete="off" maxLength={12} placeholder="17:00:00" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            {t('timeHint')}
          </Typography.Paragraph>
          <Form.Item name="invert" valuePropName="checked" extra={t('invertHint')}>
            <Checkbox>{t('invert')}</Checkbox>
          </Form.Item>
        </>
      );
    case 'cron':
      return (
        <Form.Item
          name="expression"
          label={t('expression')}
          required
          extra={t('expressionHint')}
          rules={[messageRule(t, checkExpression)]}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={200} placeholder="* * 0-7,18-23 ? * *" />
        </Form.Item>
      );
  }
}
