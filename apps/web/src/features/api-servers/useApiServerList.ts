import { usePagedList } from '../../ui/usePagedList';
import { apiServerKeys, fetchApiServers } from './api-server-api';
import { useApiServerDialogs } from './useApiServerDialogs';

/** The paged list (server-side paging) and the error dialog when it fails. */
export function useApiServerList() {
  const { showError } = useApiServerDialogs();
  const { rows, ...list } = usePagedList({ queryKey: apiServerKeys.list, fetch: fetchApiServers, showError });
  return { servers: rows, ...list };
}
