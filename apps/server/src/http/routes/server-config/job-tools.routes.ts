import {
  JobConnectionTestRequest,
  JobConnectionTestResponse,
  PullJobLogQuery,
  PullJobLogResponse,
  SftpFolderRequest,
  SftpFolderResponse,
  SftpPathCheckRequest,
  SftpPathCheckResponse,
} from '@lis/contracts';
import { answerInLanguage, rowsInLanguage } from '../../reader-message.js';
import type { JobToolsService } from '../../../modules/job-tools/job-tools.service.js';
import { pullJobLog } from '../../../modules/job-tools/pull-job-log.repository.js';
import { scopeCodes } from '../../../modules/server-config/config-scope.js';
import type { AppContext } from '../../app-context.js';
import { requireIdentity } from '../../plugins/route-policy.js';
import { adminOf, checkSchema } from './config-route-input.js';
import type { TypedApp } from '../../typed-app.js';

const tags = ['job-config'];

/**
 * The job modal's helpers (spec 001 §2, §4, §5) and the Pull Job Config Log. Nothing here changes
 * anything (not audited); each names a saved server of a company where the caller is admin.
 */
export function jobToolsRoutes(app: TypedApp, service: JobToolsService, ctx: AppContext): void {
  app.post(
    '/v1/config/sftp-server/folders',
    {
      config: { ...adminOf('body', 'company_code'), audit: false },
      attachValidation: true,
      schema: { tags, body: SftpFolderRequest, response: { 200: SftpFolderResponse } },
    },
    async (request) => {
      checkSchema(request);
      return service.folders(request.body);
    },
  );

  app.post(
    '/v1/config/sftp-server/exist-path',
    {
      config: { ...adminOf('body', 'company_code'), audit: false },
      attachValidation: true,
      schema: { tags, body: SftpPathCheckRequest, response: { 200: SftpPathCheckResponse } },
    },
    async (request) => {
      checkSchema(request);
      return answerInLanguage(request.language, await service.existPath(request.body));
    },
  );

  app.post(
    '/v1/config/job-config/test-connection',
    {
      config: { ...adminOf('body', 'companycode'), audit: false },
      attachValidation: true,
      schema: { tags, body: JobConnectionTestRequest, response: { 200: JobConnectionTestResponse } },
    },
    async (request) => {
      checkSchema(request);
      const { result_list } = await service.testJobConnection(request.body);
      return { result_list: rowsInLanguage(request.language, result_list) };
    },
  );

  app.get(
    '/v1/config/pull-job-log',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: PullJobLogQuery, response: { 200: PullJobLogResponse } },
    },
    async (request) => {
      const query = request.query;
      const rows = await pullJobLog(ctx.db.kysely, scopeCodes(requireIdentity(request), query.company_code));
      return { result_list: rows, total_count: rows.length };
    },
  );
}
