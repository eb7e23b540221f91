import type { FastifyInstance } from 'fastify';
import { DEMO_COMPANY_CODE, DemoRemoveResponse, DemoStatus } from '@lis/contracts';
import { removeDemoData } from '../../demo/demo-removal.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';

/** What the routes need of the demo running in this process (none in tests and API-only nodes). */
export interface DemoPeersControl {
  readonly running: boolean;
  stopPeers(): Promise<void>;
}

/** The demo's status, and its removal (super_admin, audit-logged like every DELETE). */
export function demoRoutes(app: FastifyInstance, ctx: AppContext, demo: DemoPeersControl | undefined): void {
  app.get(
    '/v1/demo',
    { config: { policy: { access: 'signed-in' } }, schema: { response: { 200: DemoStatus } } },
    async () => ({
      present: (await ctx.companies.existing([DEMO_COMPANY_CODE])).has(DEMO_COMPANY_CODE),
      running: demo?.running ?? false,
    }),
  );

  app.delete(
    '/v1/demo',
    { config: { policy: { access: 'super_admin' } }, schema: { response: { 200: DemoRemoveResponse } } },
    async (request) => {
      const { username } = requireIdentity(request);
      request.auditTarget = DEMO_COMPANY_CODE;
      await demo?.stopPeers();
      const removed = await removeDemoData(ctx.db, ctx.config.dataDir, ctx.clock, username);
      if (!removed) throw new HttpError(404, message(request.language, 'demoNotFound'));
      await ctx.signal.notify();
      request.auditDetails = { removed };
      return {
        message: message(request.language, 'demoRemoved', {
          runs: removed.runs,
          jobs: removed.jobs,
          users: removed.users.join(', ') || '-',
        }),
        runs: removed.runs,
        jobs: removed.jobs,
        users: removed.users,
      };
    },
  );
}
