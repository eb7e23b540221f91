import { DEFAULT_SID } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

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
  return call('GET /v1/legacy/daily-report', {
    query: { sid: DEFAULT_SID, company_code: companies, date_from: dateFrom, date_to: dateTo },
    signal,
  });
}

export function fetchExpectedRunJobs(companies: string[], signal?: AbortSignal) {
  return call('GET /v1/legacy/expected-running-job-report', {
    query: { sid: DEFAULT_SID, company_code: companies },
    signal,
  });
}
