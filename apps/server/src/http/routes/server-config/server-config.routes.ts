import type { FastifyInstance } from 'fastify';
import { JobToolsService } from '../../../modules/job-tools/job-tools.service.js';
import { SecretBox } from '../../../modules/secrets/secret-box.js';
import { ApiServerService } from '../../../modules/server-config/api-server.service.js';
import { ConnectionTestService } from '../../../modules/server-config/connection-test.service.js';
import { DmsServerService } from '../../../modules/server-config/dms-server.service.js';
import { EmailContentService } from '../../../modules/server-config/email-content.service.js';
import { ServerConfigRepository } from '../../../modules/server-config/server-config.repository.js';
import { SftpServerService } from '../../../modules/server-config/sftp-server.service.js';
import type { AppContext } from '../../app-context.js';
import { legacyApiRoutes } from '../legacy-api.routes.js';
import { apiServerRoutes } from './api-server.routes.js';
import { connectionTestRoutes } from './connection-test.routes.js';
import { dmsServerRoutes } from './dms-server.routes.js';
import { emailContentRoutes } from './email-content.routes.js';
import { jobToolsRoutes } from './job-tools.routes.js';
import { sftpServerRoutes } from './sftp-server.routes.js';

/** Spec 001 §7: API, sFTP and DMS servers, e-mail content, the connection tests and the job modal's helpers. */
export function serverConfigRoutes(app: FastifyInstance, ctx: AppContext, masterKey: Buffer): void {
  const repo = new ServerConfigRepository(ctx.db.kysely);
  const box = new SecretBox(masterKey);
  apiServerRoutes(app, new ApiServerService(repo, ctx.companies, box, ctx.clock));
  sftpServerRoutes(app, new SftpServerService(repo, ctx.companies, box, ctx.clock));
  dmsServerRoutes(app, new DmsServerService(repo, ctx.companies, box, ctx.clock));
  emailContentRoutes(app, new EmailContentService(repo, ctx.companies, ctx.clock));
  const tests = new ConnectionTestService(repo, box);
  connectionTestRoutes(app, tests);
  const jobTools = new JobToolsService(tests);
  jobToolsRoutes(app, jobTools, ctx);
  // The legacy console's calls at the spec's paths (docs/legacy-api.md).
  legacyApiRoutes(app, ctx, jobTools);
}
