import { useQuery } from '@tanstack/react-query';
import { Flex, Spin } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import { displayTimeZone, setDisplayTimeZone } from '../table-dates';
import { ServerTimeZoneContext } from './server-time-zone-context';
import { timeZoneMessages } from './time-zone.i18n';

export const SERVER_ENV_QUERY_KEY = ['server-env'] as const;

/**
 * Reads the server's time zone (`GET /v1/env` → `time_zone`, i.e. LIS_TIMEZONE) once per session and
 * makes it the zone of every time shown (ui/table-dates) before any screen renders, so no table is
 * ever drawn in the browser's zone first. If the server cannot say, the browser's zone is kept and
 * the header says so.
 */
export function ServerTimeZoneGate({ children }: { children: ReactNode }) {
  const t = useT(timeZoneMessages);
  const env = useQuery({
    queryKey: SERVER_ENV_QUERY_KEY,
    queryFn: () => call('GET /v1/env'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const serverZone = env.data?.time_zone ?? '';
  const value = useMemo(() => {
    const fromServer = serverZone !== '' && setDisplayTimeZone(serverZone);
    return { zone: displayTimeZone(), fromServer };
  }, [serverZone]);
  if (env.isPending)
    return (
      <Flex justify="center" style={{ paddingBlock: 96 }} aria-label={t('loading')}>
        <Spin size="large" />
      </Flex>
    );
  return <ServerTimeZoneContext.Provider value={value}>{children}</ServerTimeZoneContext.Provider>;
}
