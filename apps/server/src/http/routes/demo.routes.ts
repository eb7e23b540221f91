import { DEMO_COMPANY_CODE, DemoRemoveResponse, DemoStatus, type DemoSftpAccess } from '@lis/contracts';
import { hasRole, roleForCompany } from '../../modules/access/access.js';
import { message } from '../../i18n/messages.js';
import { HttpError } from '../http-error.js';
import { requireIdentity } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/** What the routes need of the demo running in this process (none in tests and API-only nodes). */
export interface DemoPeersControl {
  readonly running: boolean;
  stopPeers(): Promise<void>;
  /** The demo sFTP server's address and credentials while it runs. */
  sftpAccess?(): DemoSftpAccess | undefined;
}

/** The demo's status, and its removal (super_admin, audit-logged like every DELETE). */
export function demoRoutes(app: TypedApp, ctx: AppContext, demo: DemoPeersControl | undefined): void {
  app.get(
    '/v1/demo',
    { config: { policy: { access: 'signed-in' } }, schema: { response: { 200: DemoStatus } } },
    async (request) => {
      const present = (await ctx.companies.existing([DEMO_COMPANY_CODE])).has(DEMO_COMPANY_CODE);
      const running = demo?.running ?? false;
      // The sFTP password lets one read and write the demo's folder: its admins only, never its users.
      const mayManage = hasRole(roleForCompany(requireIdentity(request), DEMO_COMPANY_CODE), 'admin');
      const sftp = present && running && mayManage ? demo?.sftpAccess?.() : undefined;
      return sftp ? { present, running, sftp } : { present, running };
    },
  );

  app.delete(
    '/v1/demo',
    { config: { policy: { access: 'super_admin' } }, schema: { response: { 200: DemoRemoveResponse } } },
    async (request) => {
      const { username } = requireIdentity(request);
      request.auditTarget = DEMO_COMPANY_CODE;
      await demo?.stopPeers();
      const removed = await ctx.services.removeDemo(username);
      if (!removed) throw new HttpError('DEMO_NOT_FOUND', message(request.language, 'demoNotFound'));
      await ctx.signal.notify(undefined, [DEMO_COMPANY_CODE]);
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
