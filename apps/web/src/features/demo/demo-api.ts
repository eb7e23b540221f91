import type { DemoRemoveResponse, DemoStatus } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

export const demoKeys = { status: ['demo', 'status'] as const };

/** GET /v1/demo: whether the DEMO company of the first start exists. */
export function fetchDemoStatus(signal?: AbortSignal): Promise<DemoStatus> {
  return call('GET /v1/demo', { signal });
}

/** DELETE /v1/demo (super_admin): removes the demo company, its jobs, runs, files and peers. */
export function removeDemo(): Promise<DemoRemoveResponse> {
  return call('DELETE /v1/demo');
}
