import type { MaintenanceStatusResponse } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../platform/api/endpoint-client';

export const maintenanceStatusKeys = { all: ['maintenance-status'] as const };

/** GET /v1/maintenance-windows/status: which of the caller's companies are in maintenance now, until when. */
export function fetchMaintenanceStatus(signal?: AbortSignal) {
  return call('GET /v1/maintenance-windows/status', { signal });
}

/** Companies sharing one end and the same windows, shown on one line of the banner. */
export interface MaintenanceLine {
  companies: string[];
  until: string;
  windows: string[];
}

/** The companies in maintenance at `now` (a window ended since the answer is left out), grouped by end and windows. */
export function maintenanceLines(
  active: MaintenanceStatusResponse['active'],
  now: number = Date.now(),
): MaintenanceLine[] {
  const lines = new Map<string, MaintenanceLine>();
  for (const company of active) {
    if (!(Date.parse(company.until) > now)) continue;
    const key = `${company.until}|${company.windows.join(',')}`;
    const line = lines.get(key);
    if (line) line.companies.push(company.company_code);
    else
      lines.set(key, { companies: [company.company_code], until: company.until, windows: company.windows });
  }
  return [...lines.values()];
}

/**
 * The caller's companies in maintenance now (issue 34), asked again by `refresh` (the screen's own
 * refresh cadence). A server that does not know the route (or fails) shows no banner, not an error.
 */
export function useMaintenanceStatus() {
  const query = useQuery({
    queryKey: maintenanceStatusKeys.all,
    queryFn: ({ signal }) => fetchMaintenanceStatus(signal),
    retry: false,
  });
  const { refetch } = query;
  return {
    active: query.isError ? [] : (query.data?.active ?? []),
    refresh: refetch,
  };
}
