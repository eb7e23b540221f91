import { ServerReachabilityQuery, ServerReachabilityResponse } from '@lis/contracts';
import { renderMessage } from '../../../i18n/messages.js';
import type { ServerReachabilityService } from '../../../modules/server-config/server-reachability.service.js';
import { requireIdentity } from '../../plugins/route-policy.js';
import type { TypedApp } from '../../typed-app.js';
import { adminOf, tags } from './config-route-input.js';

/**
 * Issue 35 (decision 0049): what the connection checks found of one kind's servers, for the
 * function-server and sFTP Config screens — an administrator's, of the named company or of every
 * company they administer; the last error in the reader's language.
 */
export function serverReachabilityRoutes(app: TypedApp, service: ServerReachabilityService): void {
  app.get(
    '/v1/config/server-reachability',
    {
      config: adminOf('query', 'company_code'),
      schema: { tags, querystring: ServerReachabilityQuery, response: { 200: ServerReachabilityResponse } },
    },
    async (request) => {
      const answer = await service.list(requireIdentity(request), request.query);
      return {
        ...answer,
        result_list: answer.result_list.map((row) => ({
          ...row,
          last_error: row.last_error && renderMessage(request.language, row.last_error),
        })),
      };
    },
  );
}
