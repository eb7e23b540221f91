import type { FastifyReply } from 'fastify';
import {
  BackupTextRequest,
  DailyReportQuery,
  DailyReportResponse,
  ExpectedRunJobQuery,
  ExpectedRunJobResponse,
} from '@lis/contracts';
import { openBlobStore } from '../../engine/files/file-store.js';
import { exportKind, requireBackupAccess } from '../../modules/files/backup-access.js';
import { contentDisposition } from '../../modules/files/file-name.js';
import { backupText } from '../../modules/reports/backup-text.js';
import { openReportReader } from '../../modules/reports/report-reader.js';
import { requireIdentity, type RoutePolicy } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import { asList, companiesOf } from './monitoring.routes.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['reports'];
/** Every role reads the reports of its own companies (spec 000 §6); a named company must be one of them. */
const signedIn: { policy: RoutePolicy } = { policy: { access: 'signed-in' } };
/** Any role of the body's company: the screen is in everyone's menu (decision 0014). */
const anyRoleOfBodyCompany: { policy: RoutePolicy } = {
  policy: { access: 'user', company: { from: 'body', field: 'company_code' } },
};

/**
 * An answer already serialised by the report reader (issue 19): UTF-8 JSON of the route's response
 * schema's type, sent as it is (Fastify serialises no Buffer; wrapping the bytes copies nothing).
 */
function sendJson(reply: FastifyReply, json: Uint8Array): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .send(Buffer.from(json.buffer, json.byteOffset, json.byteLength));
}

/** The report screens (spec 000 §2, §7; docs/decisions/0014-reports.md). */
export function reportRoutes(app: TypedApp, ctx: AppContext): void {
  const blobs = openBlobStore(ctx.config, ctx.db);
  // The Daily Report and Expected Run Job read in reader threads on a SQLite file (issue 19).
  const reader = openReportReader(ctx.db);
  app.addHook('onClose', () => reader.close());

  app.get(
    '/v1/legacy/daily-report',
    {
      config: signedIn,
      schema: { tags, querystring: DailyReportQuery, response: { 200: DailyReportResponse } },
    },
    async (request, reply) => {
      const query = request.query;
      const companies = companiesOf(request, asList(query.company_code));
      return sendJson(reply, await reader.run('dailyReportJson', companies, query, ctx.timeZone));
    },
  );

  app.get(
    '/v1/legacy/expected-running-job-report',
    {
      config: signedIn,
      schema: { tags, querystring: ExpectedRunJobQuery, response: { 200: ExpectedRunJobResponse } },
    },
    async (request, reply) => {
      const query = request.query;
      const companies = companiesOf(request, asList(query.company_code));
      return sendJson(
        reply,
        await reader.run('expectedRunReportJson', companies, ctx.clock.now(), ctx.timeZone),
      );
    },
  );

  app.post(
    '/v1/lis-server/get-backup-file-with-instanceids',
    { config: anyRoleOfBodyCompany, schema: { tags, body: BackupTextRequest } },
    async (request, reply) => {
      const body = request.body;
      request.auditTarget = `${body.legacy_id}_${body.lis_type}.txt`;
      request.auditDetails = {
        legacy_id: body.legacy_id,
        lis_type: body.lis_type,
        runs: body.job_instance_no_list.length,
      };
      // The one backup rule (decision 0025): the same as the file-list modal's downloads.
      requireBackupAccess(requireIdentity(request), body.company_code, exportKind(body.lis_type), 'export');
      const text = await backupText(ctx.db.kysely, ctx.services.jobConfigs, blobs, body);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', contentDisposition(text.fileName))
        .header('content-length', text.size)
        .header('cache-control', 'no-store')
        .send(text.stream);
    },
  );
}
