import { DEFAULT_SID } from '@lis/contracts';
import { call } from '../../../platform/api/endpoint-client';

export const dayTimelineKeys = {
  day: (companies: string[], day: string) => ['day-timeline', companies, day] as const,
};

/** `GET /v1/reports/day-timeline`: `day` as yyyymmdd ('' for today in the reports' zone). */
export function fetchDayTimeline(companies: string[], day: string, signal?: AbortSignal) {
  return call('GET /v1/reports/day-timeline', {
    query: { sid: DEFAULT_SID, company_code: companies, date: day || undefined },
    signal,
  });
}
