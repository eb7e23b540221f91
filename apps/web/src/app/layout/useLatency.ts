import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../platform/api/endpoint-client';
import { readSession } from '../../platform/session/session';
import { FAILED_LATENCY, pingIntervalMs } from './latency';
import { measureLatency } from './ping';

/**
 * The latest network latency in ms (-1 when it failed, null before the first measurement): reads the
 * ping settings once, then pings at once and every `workflow_ping_interval` ms.
 */
export function useLatency(): number | null {
  const settings = useQuery({
    queryKey: ['ping-settings'],
    queryFn: () => call('GET /v1/workflow/ping-settings'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [latency, setLatency] = useState<number | null>(null);
  const data = settings.data;

  useEffect(() => {
    if (!data) return undefined;
    const controller = new AbortController();
    const userId = readSession()?.user_id ?? '';
    const measure = async () => {
      const ms = await measureLatency(data, userId, controller.signal);
      if (!controller.signal.aborted) setLatency(ms);
    };
    void measure();
    const timer = setInterval(() => void measure(), pingIntervalMs(data.workflow_ping_interval));
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [data]);

  return settings.isError ? FAILED_LATENCY : latency;
}
