import { LegacyReport } from '../features/monitoring/LegacyReport';

/** Route /legacyreport-manual: the monitoring report without menus (menu-visibility), refresh off at first. */
export function LegacyReportManualPage() {
  return <LegacyReport variant="manual" />;
}
