import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useErrorEffect } from '../../ui/resource/useErrorEffect';
import { companyKeys, fetchCompanies } from './company-api';
import { useCompanyErrors } from './useCompanyActions';

/** Every company (GET v1/company_master, no status filter), reloaded each time the drawer opens. */
export function useCompanyList() {
  const query = useQuery({
    queryKey: companyKeys.list(),
    queryFn: ({ signal }) => fetchCompanies(signal),
    staleTime: 0,
    // A failure shows a dialog at once rather than after silent retries.
    retry: false,
  });
  const { data } = query;
  useErrorEffect(query.error, useCompanyErrors());

  const companies = useMemo(() => (query.isError ? [] : (data?.result_list ?? [])), [query.isError, data]);
  return {
    companies,
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
  };
}
