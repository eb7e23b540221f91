import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../platform/api/endpoint-client';

/** The most jobs a company's job list offers (one unpaged page). */
export const COMPANY_JOBS_MAX = 1000;

export interface CompanyJob {
  legacyId: string;
  legacyName: string;
}

export const companyJobKeys = {
  all: ['company-jobs'] as const,
  of: (company: string) => ['company-jobs', company] as const,
};

/**
 * Every job of `company`, by legacy id: GET /v1/config/job-config leaves pull jobs out unless asked
 * for them, so both lists are merged.
 */
export async function fetchCompanyJobs(company: string, signal?: AbortSignal): Promise<CompanyJob[]> {
  const page = (legacyType?: 'PULL_WAIT') =>
    call('GET /v1/config/job-config', {
      query: { company_code: company, legacy_type: legacyType, page_size: COMPANY_JOBS_MAX },
      signal,
    });
  const [jobs, pullJobs] = await Promise.all([page(), page('PULL_WAIT')]);
  return [...jobs.result_list, ...pullJobs.result_list]
    .map((row) => ({ legacyId: row.legacyid, legacyName: row.legacyname }))
    .sort((a, b) => a.legacyId.localeCompare(b.legacyId));
}

/** "J1: Job one", as a job list shows a job. */
export function jobOptionLabel(legacyId: string, legacyName: string): string {
  return legacyName ? `${legacyId}: ${legacyName}` : legacyId;
}

/** A company's jobs as select options ('id: name'), reloaded when the company changes. */
export function useCompanyJobs(company: string | undefined) {
  const query = useQuery({
    queryKey: companyJobKeys.of(company ?? ''),
    queryFn: ({ signal }) => fetchCompanyJobs(company ?? '', signal),
    enabled: Boolean(company),
    retry: false,
  });
  return useMemo(() => {
    const jobs = query.data ?? [];
    return {
      options: jobs.map((job) => ({
        value: job.legacyId,
        label: jobOptionLabel(job.legacyId, job.legacyName),
      })),
      nameOf: (legacyId: string) => jobs.find((job) => job.legacyId === legacyId)?.legacyName ?? '',
      loading: Boolean(company) && query.isFetching,
      error: query.error,
    };
  }, [company, query.data, query.isFetching, query.error]);
}
