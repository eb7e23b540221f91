import {
  CompanyListQuery,
  CompanyListResponse,
  CompanyWrite,
  DEFAULT_SID,
  MessageResponse,
  RoleListResponse,
} from '@lis/contracts';
import { visibleCompanies } from '../../modules/access/access.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

export function companyRoutes(app: TypedApp, ctx: AppContext): void {
  const superAdmin = { policy: { access: 'super_admin' } } as const;

  /** The company master, limited to the caller's companies unless their list holds `*`. */
  app.get(
    '/v1/company_master',
    {
      config: { policy: { access: 'signed-in' } },
      schema: { querystring: CompanyListQuery, response: { 200: CompanyListResponse } },
    },
    async (request) => {
      const query = request.query;
      const rows = await ctx.companies.list({
        status: query.status,
        sid: query.sid,
        codes: visibleCompanies(requireIdentity(request)),
      });
      return { result_list: rows, total_count: rows.length };
    },
  );

  app.post(
    '/v1/company_master',
    { config: superAdmin, schema: { body: CompanyWrite, response: { 200: MessageResponse } } },
    async (request) => {
      const body = request.body;
      request.auditTarget = body.company_code;
      request.auditDetails = { after: body };
      const created = await ctx.companies.create(
        {
          sid: body.sid ?? DEFAULT_SID,
          company_code: body.company_code,
          company_name: body.company_name,
          status: body.status ?? 'active',
        },
        ctx.clock.now(),
      );
      if (!created)
        throw new HttpError(
          'COMPANY_CODE_TAKEN',
          message(request.language, 'companyDuplicate', { company: body.company_code }),
        );
      return { message: message(request.language, 'userCreated') };
    },
  );

  app.put(
    '/v1/company_master',
    { config: superAdmin, schema: { body: CompanyWrite, response: { 200: MessageResponse } } },
    async (request) => {
      const body = request.body;
      request.auditTarget = body.company_code;
      const [before] = await ctx.companies.list({ codes: [body.company_code] });
      request.auditDetails = { before, after: body };
      if (!before)
        throw new HttpError(
          'COMPANY_NOT_FOUND',
          message(request.language, 'companyNotFound', { company: body.company_code }),
        );
      await ctx.companies.update(
        {
          sid: body.sid ?? before.sid,
          company_code: body.company_code,
          company_name: body.company_name,
          status: body.status ?? before.status,
        },
        ctx.clock.now(),
      );
      return { message: message(request.language, 'userCreated') };
    },
  );

  app.get(
    '/v1/role',
    { config: { policy: { access: 'signed-in' } }, schema: { response: { 200: RoleListResponse } } },
    async () => {
      const rows = await ctx.services.roles.list();
      return { result_list: rows as RoleListResponse['result_list'], total_count: rows.length };
    },
  );
}
