import { usePagedList } from '../../ui/usePagedList';
import { dmsServerKeys, fetchDmsServers } from './dms-server-api';
import { useDmsServerDialogs } from './useDmsServerDialogs';

/** The paged list (server-side paging) and the error dialog when it fails. */
export function useDmsServerList() {
  const { showError } = useDmsServerDialogs();
  const { rows, ...list } = usePagedList({ queryKey: dmsServerKeys.list, fetch: fetchDmsServers, showError });
  return { servers: rows, ...list };
}
