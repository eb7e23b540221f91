import { MessageResponse } from '../common.js';
import {
  MaintenanceKey,
  MaintenanceListQuery,
  MaintenanceListResponse,
  MaintenanceStatusQuery,
  MaintenanceStatusResponse,
  MaintenanceWindow,
  MaintenanceWrite,
} from '../maintenance.js';
import type { EndpointTable } from './endpoint.js';

/** Maintenance windows (issue 34): per company or for all, one-off or recurring; and who is in one now. */
export const maintenanceEndpoints = {
  'GET /v1/maintenance-windows': { query: MaintenanceListQuery, response: MaintenanceListResponse },
  'POST /v1/maintenance-windows': { body: MaintenanceWrite, response: MaintenanceWindow },
  'PUT /v1/maintenance-windows': { body: MaintenanceWrite, response: MaintenanceWindow },
  'DELETE /v1/maintenance-windows': { query: MaintenanceKey, response: MessageResponse },
  'GET /v1/maintenance-windows/status': {
    query: MaintenanceStatusQuery,
    response: MaintenanceStatusResponse,
  },
} as const satisfies EndpointTable;
