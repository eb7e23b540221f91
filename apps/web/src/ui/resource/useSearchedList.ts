import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { usePagedList, type PagedReply } from '../usePagedList';
import { useLatest } from './useLatest';

/**
 * What a Search with the criteria already shown does: `never` more than go to page 1; `first-page`
 * invalidates the first page of the criteria, so the server is always asked again; `same` asks the
 * server again when the criteria are unchanged (by that test) and page 1 is shown.
 */
export type SearchAgain<F> = 'never' | 'first-page' | { same: (a: F, b: F) => boolean };

interface SearchedListSource<T, F> {
  initial: F;
  queryKey: (filters: F, page: number, pageSize: number) => QueryKey;
  fetch: (filters: F, page: number, pageSize: number, signal: AbortSignal) => Promise<PagedReply<T>>;
  showError: (error: unknown) => void;
  searchAgain?: SearchAgain<F>;
}

/** A server-paged list with the criteria of the last Search (or filter choice); a new search shows page 1. */
export function useSearchedList<T, F>(source: SearchedListSource<T, F>) {
  const [filters, setFilters] = useState<F>(source.initial);
  const queryClient = useQueryClient();
  const latest = useLatest(source);
  const { reset, ...list } = usePagedList({
    queryKey: (page, pageSize) => source.queryKey(filters, page, pageSize),
    fetch: (page, pageSize, signal) => source.fetch(filters, page, pageSize, signal),
    showError: source.showError,
  });
  const { page, pageSize, refetch } = list;

  const search = useCallback(
    (next: F) => {
      const { searchAgain = 'never', queryKey } = latest.current;
      if (typeof searchAgain === 'object' && searchAgain.same(next, filters) && page === 1) void refetch();
      setFilters(next);
      reset();
      if (searchAgain === 'first-page')
        void queryClient.invalidateQueries({ queryKey: queryKey(next, 1, pageSize) });
    },
    [latest, filters, page, pageSize, refetch, reset, queryClient],
  );

  return { ...list, filters, search };
}
