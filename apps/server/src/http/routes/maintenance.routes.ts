import {
  MaintenanceKey,
  MaintenanceListQuery,
  MaintenanceListResponse,
  MaintenanceStatusQuery,
  MaintenanceStatusResponse,
  MaintenanceWindow,
  MaintenanceWrite,
  MessageResponse,
} from '@lis/contracts';
import { visibleCompanies } from '../../modules/access/access.js';
import { requireMaintenanceWriter } from '../../modules/maintenance/maintenance.service.js';
import { message } from '../../i18n/messages.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['maintenance'];

/**
 * Maintenance windows (issue 34, docs/maintenance-windows.md): any role of the company lists them
 * (with those of every company) and asks who is in maintenance; its admin writes its own, a
 * super_admin those of every company (`*`) and any company's.
 */
export function maintenanceRoutes(app: TypedApp, ctx: AppContext): void {
  const service = ctx.services.maintenance;

  app.get(
    '/v1/maintenance-windows',
    {
      config: { policy: { access: 'signed-in', company: { from: 'query', field: 'company_code' } } },
      schema: { tags, querystring: MaintenanceListQuery, response: { 200: MaintenanceListResponse } },
    },
    async (request) => service.list(request.query.company_code),
  );

  for (const [method, mode] of [
    ['POST', 'insert'],
    ['PUT', 'update'],
  ] as const) {
    app.route({
      method,
      url: '/v1/maintenance-windows',
      config: { policy: { access: 'admin', company: { from: 'body', field: 'company_code' } } },
      schema: { tags, body: MaintenanceWrite, response: { 200: MaintenanceWindow } },
      handler: async (request) => {
        const body = request.body;
        const identity = requireIdentity(request);
        requireMaintenanceWriter(identity, body.company_code);
        request.auditTarget = `${body.company_code}|${body.name}`;
        const saved = await service.save(body, mode, identity.username);
        request.auditDetails = saved.audit;
        return saved.window;
      },
    });
  }

  app.delete(
    '/v1/maintenance-windows',
    {
      config: { policy: { access: 'admin', company: { from: 'query', field: 'company_code' } } },
      schema: { tags, querystring: MaintenanceKey, response: { 200: MessageResponse } },
    },
    async (request) => {
      const query = request.query;
      const identity = requireIdentity(request);
      requireMaintenanceWriter(identity, query.company_code);
      request.auditTarget = `${query.company_code}|${query.name}`;
      const deleted = await service.delete(query, identity.username);
      request.auditDetails = deleted.audit;
      return { message: message(request.language, 'maintenanceDeleted', { name: deleted.name }) };
    },
  );

  app.get(
    '/v1/maintenance-windows/status',
    {
      // A named company was checked by the route policy; none named: the caller's companies.
      config: { policy: { access: 'signed-in', company: { from: 'query', field: 'company_code' } } },
      schema: { tags, querystring: MaintenanceStatusQuery, response: { 200: MaintenanceStatusResponse } },
    },
    async (request) => {
      const query = request.query;
      const companies = query.company_code
        ? [query.company_code]
        : visibleCompanies(requireIdentity(request));
      return service.status(companies, query);
    },
  );
}
