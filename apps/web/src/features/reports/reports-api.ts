import { DEFAULT_SID, type DailyReportResponse, type ExpectedRunJobResponse } from '@lis/contracts';
import { api } from '../../platform/api/http';

export const reportKeys = {
  daily: (companies: string[], from: string, to: string) => ['daily-report', companies, from, to] as const,
  expected: (companies: string[]) => ['expected-run-job', companies] as const,
};

export function fetchDailyReport(
  companies: string[],
  dateFrom: string,
  dateTo: string,
  signal?: AbortSignal,
) {
  return api.get<DailyReportResponse>(
    'v1/legacy/daily-report',
    { sid: DEFAULT_SID, company_code: companies, date_from: dateFrom, date_to: dateTo },
    signal,
  );
}

export function fetchExpectedRunJobs(companies: string[], signal?: AbortSignal) {
  return api.get<ExpectedRunJobResponse>(
    'v1/legacy/expected-running-job-report',
    { sid: DEFAULT_SID, company_code: companies },
    signal,
  );
}
