import { LegacyReport } from '../features/legacy-report';

/** Route /legacyreport: every signed-in user; the server limits the rows to the user's companies. */
export function LegacyReportPage() {
  return <LegacyReport />;
}
