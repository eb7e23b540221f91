import type { DemoRemoveResponse, DemoStatus } from '@lis/contracts';
import { api } from '../../platform/api/http';

export const demoKeys = { status: ['demo', 'status'] as const };

/** GET /v1/demo: whether the DEMO company of the first start exists. */
export function fetchDemoStatus(signal?: AbortSignal): Promise<DemoStatus> {
  return api.get<DemoStatus>('v1/demo', undefined, signal);
}

/** DELETE /v1/demo (super_admin): removes the demo company, its jobs, runs, files and peers. */
export function removeDemo(): Promise<DemoRemoveResponse> {
  return api.delete<DemoRemoveResponse>('v1/demo');
}
