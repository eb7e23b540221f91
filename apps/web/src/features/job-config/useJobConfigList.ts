import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { usePagedList } from '../../ui/usePagedList';
import { EMPTY_FILTERS, fetchJobConfigs, jobConfigKeys, type JobConfigFilters } from './job-config-api';
import { useJobConfigDialogs } from './useJobConfigDialogs';

/** The paged job list with the filters of the last Search (server-side paging). */
export function useJobConfigList() {
  const [filters, setFilters] = useState<JobConfigFilters>(EMPTY_FILTERS);
  const { showError } = useJobConfigDialogs();
  const queryClient = useQueryClient();
  const { rows, reset, ...list } = usePagedList({
    queryKey: (page, pageSize) => jobConfigKeys.list(filters, page, pageSize),
    fetch: (page, pageSize, signal) => fetchJobConfigs(filters, page, pageSize, signal),
    showError,
  });
  const search = useCallback(
    (next: JobConfigFilters) => {
      setFilters(next);
      reset();
      // Search again with the same criteria still asks the server.
      void queryClient.invalidateQueries({ queryKey: jobConfigKeys.list(next, 1, list.pageSize) });
    },
    [reset, queryClient, list.pageSize],
  );
  return { jobs: rows, filters, search, ...list };
}
