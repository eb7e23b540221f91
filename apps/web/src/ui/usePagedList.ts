import { DEFAULT_PAGE_SIZE } from '@lis/contracts';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useErrorEffect } from './resource/useErrorEffect';

export interface PagedReply<T> {
  result_list: T[];
  total_count: number;
}

export interface PagedListSource<T> {
  queryKey: (page: number, pageSize: number) => QueryKey;
  fetch: (page: number, pageSize: number, signal: AbortSignal) => Promise<PagedReply<T>>;
  /** Shown at once when the load fails (spec 001 §8), rather than after silent retries. */
  showError: (error: unknown) => void;
}

const lastPage = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/**
 * A server-paged list: page and page size (10/25/50/100, default 25), the error dialog on failure,
 * and a step back to the last page when a delete empties the current one. `reset()` goes to page 1
 * (for a changed filter); `restart()` also goes back to the default page size.
 */
export function usePagedList<T>(source: PagedListSource<T>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const query = useQuery({
    queryKey: source.queryKey(page, pageSize),
    queryFn: ({ signal }) => source.fetch(page, pageSize, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const { error, data } = query;
  useErrorEffect(error, source.showError);

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
  const reset = useCallback(() => setPage(1), []);
  /** A new search: page 1 at the default page size (spec 000 §2: a new System Log search uses 25). */
  const restart = useCallback(() => {
    setPage(1);
    setPageSize(DEFAULT_PAGE_SIZE);
  }, []);

  const rows = useMemo(() => (query.isError ? [] : (data?.result_list ?? [])), [query.isError, data]);
  return {
    rows,
    total: query.isError ? 0 : total,
    page,
    pageSize,
    changePage,
    reset,
    restart,
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    refetch: query.refetch,
  };
}
