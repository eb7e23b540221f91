import { useCallback, useState } from 'react';
import { usePagedList } from '../../ui/usePagedList';
import { chainJobKeys, EMPTY_CHAIN_JOB_SEARCH, fetchChainJobs, type ChainJobSearch } from './chain-job-api';
import { useChainJobDialogs } from './useChainJobDialogs';

/** The paged chain list: loaded on open, then with the search applied by the Search button. */
export function useChainJobList() {
  const [search, setSearch] = useState<ChainJobSearch>(EMPTY_CHAIN_JOB_SEARCH);
  const { showError } = useChainJobDialogs();
  const { rows, reset, ...list } = usePagedList({
    queryKey: (page, pageSize) => chainJobKeys.list(search, page, pageSize),
    fetch: (page, pageSize, signal) => fetchChainJobs(search, page, pageSize, signal),
    showError,
  });
  const applySearch = useCallback(
    (next: ChainJobSearch) => {
      setSearch(next);
      reset();
    },
    [reset],
  );
  return { chains: rows, search, applySearch, ...list };
}
