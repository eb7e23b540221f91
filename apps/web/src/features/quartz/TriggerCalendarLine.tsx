import { CalendarOutlined } from '@ant-design/icons';
import { SHARED_CALENDAR_COMPANY } from '@lis/contracts';
import { Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { useBusinessDayRuleText } from '../../ui/business-day-rule';
import { quartzMessages } from './quartz.i18n';

/** The calendar a trigger fires by (issue 34), shared or not, and its business-day rule in words. */
export function TriggerCalendarLine({
  name,
  company,
  rule,
}: {
  name: string;
  company?: string;
  rule?: string;
}) {
  const t = useT(quartzMessages);
  const ruleText = useBusinessDayRuleText();
  return (
    <div style={{ marginTop: 4, fontSize: 12, lineHeight: 1.4 }} data-testid="quartz-calendar">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <CalendarOutlined aria-label={t('calendar')} /> <span translate="no">{name}</span>
        {company === SHARED_CALENDAR_COMPANY && ` (${t('calendarShared')})`}
      </Typography.Text>
      {rule && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="quartz-calendar-rule">
            {ruleText(rule)}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
