import { Alert, Space, Spin, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { tableTime } from '../../ui/table-dates';
import { useErrorText } from '../../ui/useErrorDialog';
import { jobToolsMessages } from './job-tools.i18n';
import type { CronCheckState } from './useCronCheck';

/** Spec 001 §9: quartz times read dd-mm-yyyy hh:mm:ss; shown in the server's zone. */
export function formatFireTime(iso: string): string {
  return tableTime(iso);
}

/** The description and next fire times of the chosen expression, or why it is not valid. */
export function CronCheckPanel({ expression, check }: { expression: string; check: CronCheckState }) {
  const t = useT(jobToolsMessages);
  const errorText = useErrorText();
  if (!expression) return <Typography.Text type="secondary">{t('cronNoneChosen')}</Typography.Text>;
  if (check.error) return <Alert type="error" showIcon title={errorText(check.error)} />;
  if (check.checking || !check.result)
    return (
      <Space>
        <Spin size="small" />
        <Typography.Text type="secondary">{t('cronChecking')}</Typography.Text>
      </Space>
    );
  const { result } = check;
  if (!result.valid) return <Alert type="error" showIcon title={result.message} data-testid="cron-invalid" />;
  return (
    <div data-testid="cron-check">
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        {result.description}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('cronNextFires')}</Typography.Text>
      <ol style={{ margin: '4px 0', paddingInlineStart: 24 }} data-testid="cron-next-fires">
        {result.next_fire_times.map((time) => (
          <li key={time}>
            <Typography.Text code>{formatFireTime(time)}</Typography.Text>
          </li>
        ))}
      </ol>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('cronServerZone', { zone: result.time_zone })}
      </Typography.Text>
    </div>
  );
}
