import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Switch, Tag, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { monitoringMessages } from './monitoring.i18n';
import { REFRESH_INTERVALS, type AutoRefresh } from './useAutoRefresh';

interface Props {
  autoRefresh: AutoRefresh;
  refreshing?: boolean;
  /** The manual Refresh button; absent on the task screen, which has none (spec 000 §2). */
  onRefresh?: () => void;
}

/**
 * Spec 000 §2: the ON/OFF switch, the interval (10/20/30/60 s) and the manual Refresh button. The
 * switch says whether the screen is really refreshing: OFF while a row action holds it (issue 17),
 * with the "paused" tag; switching it on (or Refresh) starts it again.
 */
export function AutoRefreshBar({ autoRefresh, refreshing = false, onRefresh }: Props) {
  const t = useT(monitoringMessages);
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text id="legacy-report-auto-refresh">{t('autoRefresh')}</Typography.Text>
      <Switch
        aria-labelledby="legacy-report-auto-refresh"
        checked={autoRefresh.running}
        checkedChildren={t('on')}
        unCheckedChildren={t('off')}
        onChange={autoRefresh.switchTo}
      />
      <Select<number>
        aria-label={t('autoRefresh')}
        style={{ width: 112 }}
        value={autoRefresh.interval}
        onChange={autoRefresh.setInterval}
        options={REFRESH_INTERVALS.map((ms) => ({ value: ms, label: t('seconds', { seconds: ms / 1000 }) }))}
      />
      {onRefresh && (
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
          {t('refresh')}
        </Button>
      )}
      {autoRefresh.enabled && autoRefresh.held && <Tag color="orange">{t('refreshPaused')}</Tag>}
    </Flex>
  );
}
