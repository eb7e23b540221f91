import type { MaintenanceStatusResponse } from '@lis/contracts';
import { Alert, Tooltip } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { untilText } from '../../ui/maintenance/maintenance-time';
import { maintenanceWordsMessages } from '../../ui/maintenance/maintenance-words.i18n';
import { maintenanceBannerMessages } from './maintenance-banner.i18n';
import { maintenanceLines } from './maintenance-status';

/**
 * "ACME: In maintenance until 06:00 (SAT-NIGHT)" (issue 34): one line per end and windows, above the
 * monitoring report while any of the caller's companies is in a maintenance window; nothing otherwise.
 */
export function MaintenanceBanner({ active }: { active: MaintenanceStatusResponse['active'] }) {
  const t = useT(maintenanceBannerMessages);
  const words = useT(maintenanceWordsMessages);
  const lines = maintenanceLines(active);
  if (lines.length === 0) return null;
  // One line a group, compact above the report; what it means on hover (the report's rows come first).
  return (
    <Tooltip title={t('help')} placement="bottomLeft">
      <Alert
        type="warning"
        showIcon
        role="status"
        data-testid="maintenance-banner"
        style={{ marginBottom: 12, paddingBlock: 6 }}
        title={lines.map((line) => (
          <div key={`${line.until}|${line.windows.join(',')}`}>
            {t('line', {
              companies: line.companies.join(', '),
              state: words('inMaintenanceUntil', { until: untilText(line.until) }),
              windows: line.windows.join(', '),
            })}
          </div>
        ))}
      />
    </Tooltip>
  );
}
