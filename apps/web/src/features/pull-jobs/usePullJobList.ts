import { useCallback, useState } from 'react';
import { usePagedList } from '../../ui/usePagedList';
import { EMPTY_PULL_JOB_SEARCH, fetchPullJobs, pullJobKeys, type PullJobSearch } from './pull-job-api';
import { usePullJobDialogs } from './usePullJobDialogs';

/** The paged list of pull jobs (legacy_type=PULL_WAIT) matching the last search. */
export function usePullJobList() {
  const [search, setSearch] = useState<PullJobSearch>(EMPTY_PULL_JOB_SEARCH);
  const { showError } = usePullJobDialogs();
  const { rows, reset, ...list } = usePagedList({
    queryKey: (page, pageSize) => pullJobKeys.list(search, page, pageSize),
    fetch: (page, pageSize, signal) => fetchPullJobs(search, page, pageSize, signal),
    showError,
  });
  const changeSearch = useCallback(
    (next: PullJobSearch) => {
      setSearch(next);
      reset();
    },
    [reset],
  );
  return { jobs: rows, search, changeSearch, ...list };
}
