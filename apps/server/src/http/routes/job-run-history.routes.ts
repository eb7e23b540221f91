import { JOB_RUN_HISTORY_DEFAULT, JobRunHistoryQuery, JobRunHistoryResponse } from '@lis/contracts';
import { jobRunHistory } from '../../modules/monitoring/job-run-history.repository.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { inReaderLanguage } from '../reader-message.js';
import type { RoutePolicy } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/** Any role of the query's company: the monitoring screens are everyone's (spec 000 §6). */
const anyRole: { policy: RoutePolicy } = {
  policy: { access: 'user', company: { from: 'query', field: 'company_code' } },
};

/**
 * A job's run history (issue 31 §8, decision 0029): its last runs with state, start, duration, files
 * in and out and who started them. Read-only, not audited (as the task list).
 */
export function jobRunHistoryRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/v1/legacy/job-run-history',
    {
      config: anyRole,
      schema: {
        tags: ['monitoring'],
        querystring: JobRunHistoryQuery,
        response: { 200: JobRunHistoryResponse },
      },
    },
    async (request) => {
      const query = request.query;
      const job = { companyCode: query.company_code, legacyId: query.legacy_id };
      const found = await jobRunHistory(ctx.db, job, query.limit ?? JOB_RUN_HISTORY_DEFAULT, ctx.clock.now());
      if (!found)
        throw new HttpError(
          'JOB_NOT_FOUND',
          message(request.language, 'jobNotFound', { legacyId: query.legacy_id }),
        );
      return {
        result_list: found.rows.map((row) => inReaderLanguage(request.language, row)),
        total_count: found.total,
      };
    },
  );
}
