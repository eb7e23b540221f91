import type { FastifyRequest } from 'fastify';
import {
  ALL_COMPANIES,
  JobConnectionTestResponse,
  LegacyJobConnectionRequest,
  LegacySftpPathRequest,
  SftpFolderResponse,
  SftpPathCheckResponse,
} from '@lis/contracts';
import { hasRole, visibleCompanies, type Identity } from '../../modules/access/access.js';
import { answerInLanguage, rowsInLanguage } from '../reader-message.js';
import type { JobToolsService } from '../../modules/job-tools/job-tools.service.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import { adminOf, checkSchema } from './server-config/config-route-input.js';
import type { TypedApp } from '../typed-app.js';
import { isUncheckedObject } from '../unchecked-input.js';

/*
 * The legacy console's calls kept at the spec's paths (docs/legacy-api.md, decision 0027). Nothing
 * here changes what the current console sends or receives: three thin aliases of the job modal's
 * helpers with the legacy payloads, and a hook that maps a few legacy request shapes onto the
 * product's routes before their schemas are checked (the route policy then checks the company).
 */

const tags = ['legacy-api'];

/** The companies where the caller is admin (null: every company, a '*' admin). */
function adminCompanies(identity: Identity): string[] | null {
  const admin = identity.grants.filter((g) => hasRole(g.role, 'admin'));
  if (admin.some((g) => g.companyCode === ALL_COMPANIES)) return null;
  return admin.map((g) => g.companyCode);
}

/** The caller's admin companies, narrowed to `company` when the request names one. */
function scope(identity: Identity, company: string | undefined): string[] | null {
  const admin = adminCompanies(identity);
  if (!company) return admin;
  return admin === null || admin.includes(company) ? [company] : [];
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function legacyApiRoutes(app: TypedApp, ctx: AppContext, tools: JobToolsService): void {
  const lookups = ctx.services.legacyLookups;

  /** The saved API server (of the caller's admin companies) whose address is `url`. */
  async function apiServerAt(request: FastifyRequest, url: string, company: string | undefined) {
    const rows = await lookups.apiServers(scope(requireIdentity(request), company));
    return rows.find((row) => trimSlash(row.api_url) === trimSlash(url));
  }

  /** The saved sFTP server (of the caller's admin companies) at `username@host:port`. */
  async function sftpServerAt(request: FastifyRequest, body: LegacySftpPathRequest) {
    const companies = scope(requireIdentity(request), body.company_code);
    const port = body.port ?? 22;
    const row = await lookups.sftpServerAt(
      { host: body.host, port, username: body.username, id: body.sftp_server_id },
      companies,
    );
    if (!row)
      throw new HttpError(
        'SFTP_SERVER_NOT_SAVED',
        message(request.language, 'legacySftpServerNotSaved', {
          username: body.username,
          host: body.host,
          port,
        }),
      );
    return { company_code: row.company_code, sftp_server_id: row.sftp_server_id, path: body.path };
  }

  /** The caller's one company, for a legacy call that names none; more (or all) must say which. */
  function onlyCompany(request: FastifyRequest): string {
    const companies = visibleCompanies(requireIdentity(request));
    const only = companies?.length === 1 ? companies[0] : undefined;
    if (only === undefined)
      throw new HttpError('COMPANY_REQUIRED', message(request.language, 'legacyCompanyRequired'));
    return only;
  }

  /** Legacy request shapes mapped onto the product's routes (before their schemas are checked). */
  app.addHook('preValidation', async (request) => {
    const key = `${request.method} ${request.routeOptions.url ?? ''}`;
    const query = isUncheckedObject(request.query) ? request.query : undefined;
    const body = isUncheckedObject(request.body) ? request.body : undefined;
    switch (key) {
      case 'GET /v1/test/fapp/connection': {
        // The legacy `?apiUrl=` names a saved server by its own address; never any other address.
        if (!query || typeof query.apiUrl !== 'string') return;
        // Admins only, as the route's policy (it checks the company after this mapping).
        if (adminCompanies(requireIdentity(request))?.length === 0)
          throw new HttpError('ROLE_FORBIDDEN', message(request.language, 'forbidden'));
        const company = typeof query.company_code === 'string' ? query.company_code : undefined;
        const saved = await apiServerAt(request, query.apiUrl, company);
        if (!saved)
          throw new HttpError(
            'API_SERVER_NOT_SAVED',
            message(request.language, 'legacyApiServerNotSaved', { url: query.apiUrl.slice(0, 300) }),
          );
        request.query = {
          ...(typeof query.sid === 'string' ? { sid: query.sid } : {}),
          api_server_id: saved.api_server_id,
          company_code: saved.company_code,
        };
        return;
      }
      case 'POST /v1/config/api-server/add':
      case 'POST /v1/config/api-server/edit':
        // The spec's API server carries companyname; the company's name is the company master's.
        if (body && typeof body === 'object' && !Array.isArray(body) && 'companyname' in body)
          delete body.companyname;
        return;
      case 'GET /v1/config/job-config':
        // The legacy search sends every filter, an empty legacy_type included: empty means any type.
        if (query && query.legacy_type === '') delete query.legacy_type;
        return;
      case 'POST /v1/config/sftp-server/add':
      case 'POST /v1/config/sftp-server/edit': {
        // The spec's sFTP form names no company: the caller's one company; with several it stays
        // missing and the route names it as the field to fill in (LIS issue 31 point 9).
        if (!body || (typeof body.companycode === 'string' && body.companycode !== '')) return;
        const companies = visibleCompanies(requireIdentity(request));
        if (companies?.length === 1) body.companycode = companies[0];
        return;
      }
      // The spec sends no company here (e-mail content; a delete names only sid and the server id).
      case 'GET /v1/config/email-content':
      case 'POST /v1/config/email-content':
      case 'DELETE /v1/config/api-server/delete':
      case 'DELETE /v1/config/sftp-server/delete':
      case 'DELETE /v1/config/dms': {
        if (!query || (typeof query.company_code === 'string' && query.company_code !== '')) return;
        request.query = { ...query, company_code: onlyCompany(request) };
        return;
      }
      case 'GET /v1/dms/file/list': {
        // The legacy call names the DMS by url and token (never used) and the run by job_instance_no.
        if (!query || typeof query.job_instance_no !== 'string' || (query.company_code && query.legacy_id))
          return;
        const named = typeof query.company_code === 'string' ? query.company_code : undefined;
        const run = await lookups.jobOfRun(
          query.job_instance_no,
          named,
          visibleCompanies(requireIdentity(request)),
        );
        if (run) request.query = { ...query, company_code: run.company_code, legacy_id: run.legacy_id };
        return;
      }
      default:
        return;
    }
  });

  const adminOfBody = { ...adminOf('body', 'company_code'), audit: false };

  app.post(
    '/v1/lis-server/exist/sftp/path',
    {
      config: adminOfBody,
      attachValidation: true,
      schema: { tags, body: LegacySftpPathRequest, response: { 200: SftpPathCheckResponse } },
    },
    async (request) => {
      checkSchema(request);
      const target = await sftpServerAt(request, request.body);
      return answerInLanguage(request.language, await tools.existPath(target));
    },
  );

  app.post(
    '/v1/lis-server/expand/sftp/path',
    {
      config: adminOfBody,
      attachValidation: true,
      schema: { tags, body: LegacySftpPathRequest, response: { 200: SftpFolderResponse } },
    },
    async (request) => {
      checkSchema(request);
      const target = await sftpServerAt(request, request.body);
      return tools.folders(target);
    },
  );

  app.post(
    '/v1/test/job/connection',
    {
      config: adminOfBody,
      attachValidation: true,
      schema: { tags, body: LegacyJobConnectionRequest, response: { 200: JobConnectionTestResponse } },
    },
    async (request) => {
      checkSchema(request);
      const body = request.body;
      const saved = await apiServerAt(request, body.api_url, body.company_code);
      if (!saved)
        throw new HttpError(
          'API_SERVER_NOT_SAVED',
          message(request.language, 'legacyApiServerNotSaved', { url: body.api_url.slice(0, 300) }),
        );
      // The API checks of the Test Status modal (a pull job's two tiles) on the saved server.
      const { result_list } = await tools.testJobConnection({
        companycode: saved.company_code,
        legacytype: 'PULL_WAIT',
        api_serverid: saved.api_server_id,
        api_classname: body.class_name,
        api_function_name: body.function_name,
      });
      return { result_list: rowsInLanguage(request.language, result_list) };
    },
  );
}
