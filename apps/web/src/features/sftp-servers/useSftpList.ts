import { useCallback, useState } from 'react';
import { usePagedList } from '../../ui/usePagedList';
import { fetchSftpServers, sftpKeys } from './sftp-api';
import { useSftpDialogs } from './useSftpDialogs';

/** The paged sFTP server list (server-side paging), optionally of one company. */
export function useSftpList() {
  const [company, setCompany] = useState('');
  const { showError } = useSftpDialogs();
  const { rows, reset, ...list } = usePagedList({
    queryKey: (page, pageSize) => sftpKeys.list(company, page, pageSize),
    fetch: (page, pageSize, signal) => fetchSftpServers(company, page, pageSize, signal),
    showError,
  });
  const changeCompany = useCallback(
    (next: string) => {
      setCompany(next);
      reset();
    },
    [reset],
  );
  return { servers: rows, company, changeCompany, ...list };
}
