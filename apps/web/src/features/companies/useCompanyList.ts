import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { companyKeys, fetchCompanies } from './company-api';
import { useCompanyDialogs } from './useCompanyDialogs';

/** Every company (GET v1/company_master, no status filter), reloaded each time the drawer opens. */
export function useCompanyList() {
  const query = useQuery({
    queryKey: companyKeys.list(),
    queryFn: ({ signal }) => fetchCompanies(signal),
    staleTime: 0,
    // A failure shows a dialog at once rather than after silent retries.
    retry: false,
  });

  const { showError } = useCompanyDialogs();
  const showErrorRef = useRef(showError);
  useEffect(() => {
    showErrorRef.current = showError;
  });
  const { error, data } = query;
  useEffect(() => {
    if (error) showErrorRef.current(error);
  }, [error]);

  const companies = useMemo(() => (query.isError ? [] : (data?.result_list ?? [])), [query.isError, data]);
  return {
    companies,
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
  };
}
