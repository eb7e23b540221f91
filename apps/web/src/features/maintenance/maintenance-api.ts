import type { MaintenanceWrite } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

/** The query keys: every list, one company's list. */
export const maintenanceKeys = {
  all: ['maintenance-windows'] as const,
  lists: () => ['maintenance-windows', 'list'] as const,
  list: (companyCode: string) => ['maintenance-windows', 'list', companyCode] as const,
};

/** GET /v1/maintenance-windows: the company's windows and those of every company (`*`). */
export function fetchMaintenanceWindows(companyCode: string, signal?: AbortSignal) {
  return call('GET /v1/maintenance-windows', { query: { company_code: companyCode }, signal });
}

/** POST creates, PUT replaces (by company and name); the server refuses a bad one with its message. */
export function saveMaintenanceWindow(mode: 'add' | 'edit', body: MaintenanceWrite) {
  return mode === 'add'
    ? call('POST /v1/maintenance-windows', { body })
    : call('PUT /v1/maintenance-windows', { body });
}

export function deleteMaintenanceWindow(companyCode: string, name: string) {
  return call('DELETE /v1/maintenance-windows', { query: { company_code: companyCode, name } });
}
