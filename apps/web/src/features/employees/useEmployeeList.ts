import { DEFAULT_PAGE_SIZE } from '@lis/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EMPTY_FILTERS, employeeKeys, fetchUsers, type EmployeeFilters } from './employee-api';
import { lastPage, visibleUsers } from './employee-rows';
import { useEmployeeDialogs } from './useEmployeeDialogs';

function sameFilters(a: EmployeeFilters, b: EmployeeFilters): boolean {
  return a.id === b.id && a.company_code === b.company_code && a.role_access === b.role_access;
}

/** The paged user list (server-side paging), its search criteria, and the error dialog when it fails. */
export function useEmployeeList() {
  const [filters, setFilters] = useState<EmployeeFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const query = useQuery({
    queryKey: employeeKeys.list(filters, page, pageSize),
    queryFn: ({ signal }) => fetchUsers(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
    // A failure shows a dialog at once (spec 001 §8) rather than after silent retries.
    retry: false,
  });

  const { showError } = useEmployeeDialogs();
  const showErrorRef = useRef(showError);
  useEffect(() => {
    showErrorRef.current = showError;
  });
  const { error, data, refetch } = query;
  useEffect(() => {
    if (error) showErrorRef.current(error);
  }, [error]);

  // After a delete (or a shorter result) the current page may no longer exist: go to the last one.
  const total = data?.total_count ?? 0;
  useEffect(() => {
    if (data && page > lastPage(total, pageSize)) setPage(lastPage(total, pageSize));
  }, [data, total, page, pageSize]);

  const search = useCallback(
    (next: EmployeeFilters) => {
      if (sameFilters(next, filters) && page === 1) void refetch();
      setFilters(next);
      setPage(1);
    },
    [filters, page, refetch],
  );

  const changePage = useCallback(
    (nextPage: number, nextSize: number) => {
      if (nextSize !== pageSize) {
        setPageSize(nextSize);
        setPage(1);
      } else setPage(nextPage);
    },
    [pageSize],
  );

  const users = useMemo(
    () => (query.isError ? [] : visibleUsers(data?.result_list ?? [])),
    [query.isError, data],
  );

  return {
    users,
    total: query.isError ? 0 : total,
    page,
    pageSize,
    filters,
    search,
    changePage,
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
  };
}
