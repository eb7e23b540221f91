import type { FastifyInstance } from 'fastify';
import { LegacyReportQuery, LegacyReportResponse } from '@lis/contracts';
import { visibleCompanies } from '../../modules/access/access.js';
import { legacyReport } from '../../modules/monitoring/legacy-report.repository.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';

/**
 * The monitoring report (spec 000 §7 `/v1/legacy/report`, `/v2/legacy/report`): every role reads the
 * jobs of its own companies (spec 000 §6). A company outside the caller's is refused, not silently
 * dropped, so a mistaken filter is seen.
 */
export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const url of ['/v1/legacy/report', '/v2/legacy/report']) {
    app.get(
      url,
      {
        config: { policy: { access: 'signed-in' } },
        schema: { querystring: LegacyReportQuery, response: { 200: LegacyReportResponse } },
      },
      async (request) => {
        const query = request.query as LegacyReportQuery;
        const identity = requireIdentity(request);
        const visible = visibleCompanies(identity);
        const asked =
          query.company_code === undefined
            ? []
            : (Array.isArray(query.company_code) ? query.company_code : [query.company_code]).filter(Boolean);
        for (const company of asked)
          if (visible !== null && !visible.includes(company))
            throw new HttpError(403, message(request.language, 'companyForbidden', { company }));
        const rows = await legacyReport(ctx.db.kysely, asked.length > 0 ? [...new Set(asked)] : visible);
        return { result_list: rows, total_count: rows.length };
      },
    );
  }
}
