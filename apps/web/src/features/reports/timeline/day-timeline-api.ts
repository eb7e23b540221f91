import { DEFAULT_SID, type DayTimelineResponse } from '@lis/contracts';
import { api } from '../../../platform/api/http';

export const dayTimelineKeys = {
  day: (companies: string[], day: string) => ['day-timeline', companies, day] as const,
};

/** `GET /v1/reports/day-timeline`: `day` as yyyymmdd ('' for today in the reports' zone). */
export function fetchDayTimeline(companies: string[], day: string, signal?: AbortSignal) {
  return api.get<DayTimelineResponse>(
    'v1/reports/day-timeline',
    { sid: DEFAULT_SID, company_code: companies, date: day || undefined },
    signal,
  );
}
