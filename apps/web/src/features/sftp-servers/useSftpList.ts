import { DEFAULT_PAGE_SIZE } from '@lis/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSftpServers, sftpKeys } from './sftp-api';
import { useSftpDialogs } from './useSftpDialogs';

const lastPage = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The paged sFTP server list (server-side paging), optionally of one company. */
export function useSftpList() {
  const [company, setCompany] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const query = useQuery({
    queryKey: sftpKeys.list(company, page, pageSize),
    queryFn: ({ signal }) => fetchSftpServers(company, page, pageSize, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const { showError } = useSftpDialogs();
  const showErrorRef = useRef(showError);
  useEffect(() => {
    showErrorRef.current = showError;
  });
  const { error, data } = query;
  useEffect(() => {
    if (error) showErrorRef.current(error);
  }, [error]);

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

  const changeCompany = useCallback((next: string) => {
    setCompany(next);
    setPage(1);
  }, []);

  return {
    servers: query.isError ? [] : (data?.result_list ?? []),
    total: query.isError ? 0 : total,
    company,
    changeCompany,
    page,
    pageSize,
    changePage,
    isPending: query.isPending,
    isFetching: query.isFetching,
  };
}
