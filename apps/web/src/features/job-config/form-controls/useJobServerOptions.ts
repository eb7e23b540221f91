import { useQuery } from '@tanstack/react-query';
import {
  fetchApiServerOptions,
  fetchDmsServerOptions,
  fetchSftpServerOptions,
  type ServerOption,
} from './server-options-api';

const OPTIONS_STALE_MS = 30_000;

export interface JobServerOptions {
  sftp: ServerOption[];
  api: ServerOption[];
  dms: ServerOption[];
  loading: { sftp: boolean; api: boolean; dms: boolean };
}

/**
 * The sFTP, API and DMS server options of `companyCode` for the job forms; loaded when a company is
 * chosen and again when it changes (empty lists while none is chosen).
 */
export function useJobServerOptions(companyCode: string): JobServerOptions {
  const enabled = companyCode !== '';
  const sftp = useQuery({
    queryKey: ['job-server-options', 'sftp', companyCode],
    queryFn: ({ signal }) => fetchSftpServerOptions(companyCode, signal),
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });
  const apiServers = useQuery({
    queryKey: ['job-server-options', 'api', companyCode],
    queryFn: ({ signal }) => fetchApiServerOptions(companyCode, signal),
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });
  const dms = useQuery({
    queryKey: ['job-server-options', 'dms', companyCode],
    queryFn: ({ signal }) => fetchDmsServerOptions(companyCode, signal),
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });
  return {
    sftp: (enabled && sftp.data) || [],
    api: (enabled && apiServers.data) || [],
    dms: (enabled && dms.data) || [],
    loading: {
      sftp: enabled && sftp.isFetching,
      api: enabled && apiServers.isFetching,
      dms: enabled && dms.isFetching,
    },
  };
}
