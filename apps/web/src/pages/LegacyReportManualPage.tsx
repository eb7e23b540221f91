import { LegacyReport } from '../features/legacy-report';

/** Route /legacyreport-manual: the monitoring report without menus (menu-visibility), refresh off at first. */
export function LegacyReportManualPage() {
  return <LegacyReport variant="manual" />;
}
