import { LegacyReport } from '../features/monitoring/LegacyReport';

/** Route /legacyreport: every signed-in user; the server limits the rows to the user's companies. */
export function LegacyReportPage() {
  return <LegacyReport />;
}
