import {
  DEFAULT_PAGE_SIZE,
  MessageResponse,
  USER_IMPORT_MAX_BYTES,
  UserCreate,
  UserDeleteQuery,
  UserEdit,
  UserImportResponse,
  UserListResponse,
  UserQuery,
} from '@lis/contracts';
import { consoleRole } from '../../modules/access/access.js';
import { toUserDto } from '../../modules/users/user.repository.js';
import { parseUserWorkbook, userImportTemplate } from '../../modules/users/user-import.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

export function userRoutes(app: TypedApp, ctx: AppContext): void {
  const service = ctx.services.userAccounts;
  const superAdmin = { policy: { access: 'super_admin' } } as const;

  /**
   * With `id` and no paging: the exact user (by user name or citizen id) — anyone may look up
   * themselves, a super_admin anyone. With `page`/`page_size` (or no id): the list, super_admin only,
   * `id` then matching part of the user name.
   */
  app.get(
    '/v1/user',
    {
      config: { policy: { access: 'signed-in' } },
      schema: { querystring: UserQuery, response: { 200: UserListResponse } },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const query = request.query;
      const isSuperAdmin = consoleRole(identity) === 'super_admin';
      const listMode = query.id === undefined || query.page !== undefined || query.page_size !== undefined;
      if (!listMode && query.id !== undefined) {
        const self =
          query.id === identity.username || (identity.citizenId !== '' && query.id === identity.citizenId);
        if (!self && !isSuperAdmin)
          throw new HttpError('ROLE_FORBIDDEN', message(request.language, 'forbidden'));
        const user = await ctx.users.find(query.id);
        return { result_list: user ? [toUserDto(user)] : [], total_count: user ? 1 : 0 };
      }
      if (!isSuperAdmin) throw new HttpError('ROLE_FORBIDDEN', message(request.language, 'forbidden'));
      const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
      const page = query.page ?? 1;
      const { rows, total } = await ctx.users.list({
        idContains: query.id,
        roleAccess: query.role_access,
        companyCode: query.company_code,
        excludeFirstRole: query.exclude_first_role,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { result_list: rows.map(toUserDto), total_count: total };
    },
  );

  app.post(
    '/v1/user/create',
    { config: superAdmin, schema: { body: UserCreate, response: { 200: MessageResponse } } },
    async (request) => {
      const body = request.body;
      request.auditTarget = body.id;
      request.auditDetails = { list_company: body.list_company, password_set: Boolean(body.password) };
      await service.create(body);
      return { message: message(request.language, 'userCreated') };
    },
  );

  app.put(
    '/v1/user/edit',
    { config: superAdmin, schema: { body: UserEdit, response: { 200: MessageResponse } } },
    async (request) => {
      const body = request.body;
      request.auditTarget = body.id;
      const before = await ctx.users.find(body.id);
      request.auditDetails = {
        before: before?.companies,
        after: body.list_company,
        password_changed: Boolean(body.password),
      };
      await service.edit(body, requireIdentity(request).username);
      return { message: message(request.language, 'userCreated') };
    },
  );

  app.delete(
    '/v1/user',
    { config: superAdmin, schema: { querystring: UserDeleteQuery, response: { 200: MessageResponse } } },
    async (request) => {
      const { id } = request.query;
      request.auditTarget = id;
      await service.delete(id, requireIdentity(request).username);
      return { message: message(request.language, 'userDeleted') };
    },
  );

  app.post(
    '/v1/user/import',
    { config: superAdmin, schema: { response: { 200: UserImportResponse } } },
    async (request) => {
      if (!request.isMultipart())
        throw new HttpError('USER_IMPORT_NO_FILE', message(request.language, 'importNoFile'));
      const file = await request.file({ limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw new HttpError('USER_IMPORT_NO_FILE', message(request.language, 'importNoFile'));
      if (!file.filename.toLowerCase().endsWith('.xlsx'))
        throw new HttpError('USER_IMPORT_NOT_EXCEL', message(request.language, 'importNotExcel'));
      const buffer = await file.toBuffer();
      const imported = await parseUserWorkbook(buffer);
      // Check every user first: a bad row changes nothing.
      const writes = [];
      for (const user of imported) writes.push(await service.toWrite(user));
      let created = 0;
      let updated = 0;
      for (const write of writes) {
        const existing = await ctx.users.find(write.username);
        if (existing?.username === write.username) {
          await ctx.users.update(
            {
              ...write,
              first_name: write.first_name || existing.first_name,
              last_name: write.last_name || existing.last_name,
              citizen_id: write.citizen_id || existing.citizen_id,
            },
            undefined,
            ctx.clock.now(),
          );
          updated++;
        } else {
          await ctx.users.create(write, null, ctx.clock.now());
          created++;
        }
      }
      request.auditTarget = file.filename.slice(0, 200);
      request.auditDetails = { users: writes.map((w) => w.username), created, updated };
      return { message: message(request.language, 'importDone', { created, updated }), created, updated };
    },
  );

  app.get('/v1/user/import-template', { config: superAdmin }, async (_request, reply) =>
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', 'attachment; filename="lis-users-template.xlsx"')
      .send(await userImportTemplate()),
  );
}
