import { ToolOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { maintenanceWordsMessages } from './maintenance-words.i18n';
import { untilText } from './maintenance-time';

/** "In maintenance until 06:00" (issue 34): a company's maintenance window holds until `until` (ISO). */
export function MaintenanceUntilTag({ until, now }: { until: string; now?: number }) {
  const t = useT(maintenanceWordsMessages);
  return (
    <Tooltip title={t('maintenanceHelp')}>
      <Tag
        color="purple"
        icon={<ToolOutlined />}
        style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}
        data-testid="maintenance-until"
      >
        {t('inMaintenanceUntil', { until: untilText(until, now) })}
      </Tag>
    </Tooltip>
  );
}
