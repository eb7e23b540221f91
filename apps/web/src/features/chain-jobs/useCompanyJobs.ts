import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { chainJobKeys, fetchCompanyJobs } from './chain-job-api';
import { memberLabel } from './chain-job-form';

/** The Legacy ID options of a company ('id: name'), reloaded when the company changes. */
export function useCompanyJobs(company: string | undefined) {
  const query = useQuery({
    queryKey: chainJobKeys.companyJobs(company ?? ''),
    queryFn: ({ signal }) => fetchCompanyJobs(company ?? '', signal),
    enabled: Boolean(company),
    retry: false,
  });
  return useMemo(() => {
    const jobs = query.data ?? [];
    return {
      options: jobs.map((job) => ({ value: job.legacyId, label: memberLabel(job.legacyId, job.legacyName) })),
      nameOf: (legacyId: string) => jobs.find((job) => job.legacyId === legacyId)?.legacyName ?? '',
      loading: Boolean(company) && query.isFetching,
      error: query.error,
    };
  }, [company, query.data, query.isFetching, query.error]);
}
