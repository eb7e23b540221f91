import { DEFAULT_PAGE_SIZE } from '@lis/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dmsServerKeys, fetchDmsServers } from './dms-server-api';
import { useDmsServerDialogs } from './useDmsServerDialogs';

const lastPage = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The paged list (server-side paging) and the error dialog when it fails. */
export function useDmsServerList() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const query = useQuery({
    queryKey: dmsServerKeys.list(page, pageSize),
    queryFn: ({ signal }) => fetchDmsServers(page, pageSize, signal),
    placeholderData: keepPreviousData,
    // A failure shows a dialog at once (spec 001 §8) rather than after silent retries.
    retry: false,
  });

  const { showError } = useDmsServerDialogs();
  const showErrorRef = useRef(showError);
  useEffect(() => {
    showErrorRef.current = showError;
  });
  const { error, data } = query;
  useEffect(() => {
    if (error) showErrorRef.current(error);
  }, [error]);

  // After a delete the current page may no longer exist: go to the last one.
  const total = data?.total_count ?? 0;
  useEffect(() => {
    if (data && page > lastPage(total, pageSize)) setPage(lastPage(total, pageSize));
  }, [data, total, page, pageSize]);

  const changePage = useCallback(
    (nextPage: number, nextSize: number) => {
      if (nextSize !== pageSize) {
        setPageSize(nextSize);
        setPage(1);
      } else setPage(nextPage);
    },
    [pageSize],
  );

  const servers = useMemo(() => (query.isError ? [] : (data?.result_list ?? [])), [query.isError, data]);

  return {
    servers,
    total: query.isError ? 0 : total,
    page,
    pageSize,
    changePage,
    isPending: query.isPending,
    isFetching: query.isFetching,
  };
}
