import { DailyReport } from '../features/reports';

/** Route /daily-report?companycode&date_from&date_to (also /report outside the layout). */
export function DailyReportPage() {
  return <DailyReport />;
}
