import type { AppContext } from '../../app-context.js';
import { legacyApiRoutes } from '../legacy-api.routes.js';
import { apiServerRoutes } from './api-server.routes.js';
import { connectionTestRoutes } from './connection-test.routes.js';
import { dmsServerRoutes } from './dms-server.routes.js';
import { emailContentRoutes } from './email-content.routes.js';
import { jobToolsRoutes } from './job-tools.routes.js';
import { serverReachabilityRoutes } from './server-reachability.routes.js';
import { sftpServerRoutes } from './sftp-server.routes.js';
import type { TypedApp } from '../../typed-app.js';

/** Spec 001 §7: API, sFTP and DMS servers, e-mail content, the connection tests and the job modal's helpers. */
export function serverConfigRoutes(app: TypedApp, ctx: AppContext): void {
  const { services } = ctx;
  apiServerRoutes(app, services.apiServers);
  sftpServerRoutes(app, services.sftpServers);
  dmsServerRoutes(app, services.dmsServers);
  emailContentRoutes(app, services.emailContents);
  connectionTestRoutes(app, services.connectionTests);
  serverReachabilityRoutes(app, services.serverReachability);
  jobToolsRoutes(app, services.jobTools, ctx);
  // The legacy console's calls at the spec's paths (docs/legacy-api.md).
  legacyApiRoutes(app, ctx, services.jobTools);
}
