import type { ServerCheckKind, ServerReachability } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnType } from 'antd';
import { useMemo } from 'react';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import { ReachabilityTag } from './ReachabilityTag';
import { reachabilityMessages } from './server-reachability.i18n';

/** How often a config list asks again what the checks found (they run every few minutes). */
const REFRESH_MS = 60_000;

export const reachabilityKeys = {
  of: (kind: ServerCheckKind, company: string) => ['server-reachability', kind, company] as const,
};

/**
 * GET /v1/config/server-reachability of one kind (of `company`; '' every company the admin has),
 * asked again every minute; a failed ask shows no tag (the list itself says what is wrong).
 */
export function useServerReachability(kind: ServerCheckKind, company: string) {
  const query = useQuery({
    queryKey: reachabilityKeys.of(kind, company),
    queryFn: ({ signal }) =>
      call('GET /v1/config/server-reachability', {
        query: { kind, ...(company ? { company_code: company } : {}) },
        signal,
      }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  return useMemo(() => {
    const rows = new Map<string, ServerReachability>();
    for (const row of query.data?.result_list ?? [])
      rows.set(`${row.company_code}\u0000${row.server_id}`, row);
    return {
      loaded: query.data !== undefined,
      intervalSeconds: query.data?.check_interval_seconds,
      of: (company: string, id: string) => rows.get(`${company}\u0000${id}`),
    };
  }, [query.data]);
}

/** The config list's "Connection" column: each server's ReachabilityTag. */
export function useReachabilityColumn<Row>(
  kind: ServerCheckKind,
  company: string,
  keyOf: (row: Row) => { company: string; id: string },
): TableColumnType<Row> {
  const t = useT(reachabilityMessages);
  const reachability = useServerReachability(kind, company);
  return {
    key: 'reachability',
    title: t('connection'),
    width: 170,
    render: (_, row) => {
      if (!reachability.loaded) return null;
      const { company: code, id } = keyOf(row);
      return (
        <ReachabilityTag
          reachability={reachability.of(code, id)}
          intervalSeconds={reachability.intervalSeconds}
        />
      );
    },
  };
}
