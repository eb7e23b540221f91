import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { zoneLabel } from '../table-dates';
import { useServerTimeZone } from './server-time-zone-context';
import { timeZoneMessages } from './time-zone.i18n';

/** The header's "Asia/Bangkok (UTC+07:00)": the zone every time of the console is shown in. */
export function ServerTimeZoneTag() {
  const t = useT(timeZoneMessages);
  const { zone, fromServer } = useServerTimeZone();
  const label = zoneLabel(zone);
  return (
    <Tooltip title={fromServer ? t('zoneTooltip', { zone: label }) : t('zoneUnknown', { zone: label })}>
      <Tag
        icon={<ClockCircleOutlined />}
        color={fromServer ? 'default' : 'warning'}
        variant="filled"
        style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}
        data-testid="server-time-zone"
        translate="no"
      >
        {t('zoneTag', { zone: label })}
      </Tag>
    </Tooltip>
  );
}
