import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { CompanyRepository } from '../modules/companies/company.repository.js';
import { UserRepository } from '../modules/users/user.repository.js';
import { TokenService } from '../modules/auth/token.service.js';
import { LoginThrottle } from '../modules/auth/login-throttle.js';
import { PortalTokenVerifier } from '../modules/auth/portal-token.verifier.js';
import { IdentityLoader } from '../modules/auth/identity.loader.js';
import { deriveKey } from '../modules/auth/master-key.js';
import { installRoutePolicy } from './plugins/route-policy.js';
import { installProxyWarning } from './plugins/proxy-warning.js';
import { installErrorHandler } from './plugins/error-handler.js';
import { installAuditTrail } from './plugins/audit-trail.js';
import { installSecurityHeaders } from './plugins/security-headers.js';
import { installWebConsole } from './plugins/web-console.js';
import { installRequestLog } from './plugins/request-log.js';
import { healthRoutes } from './routes/health.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { environmentRoutes } from './routes/environment.routes.js';
import { userRoutes } from './routes/users.routes.js';
import { companyRoutes } from './routes/companies.routes.js';
import { schedulingRoutes } from './routes/scheduling.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { quartzRoutes } from './routes/quartz.routes.js';
import { serverConfigRoutes } from './routes/server-config/server-config.routes.js';
import { jobConfigRoutes } from './routes/job-config.routes.js';
import { cronRoutes } from './routes/cron.routes.js';
import { monitoringRoutes } from './routes/monitoring.routes.js';
import { eventRoutes, type LiveEventOptions } from './routes/events.routes.js';
import { chainJobRoutes } from './routes/chain-jobs.routes.js';
import { logsRoutes } from './routes/logs.routes.js';
import { reportRoutes } from './routes/reports.routes.js';
import { dayTimelineRoutes } from './routes/day-timeline.routes.js';
import { fileRoutes } from './routes/files.routes.js';
import { dmsFileRoutes } from './routes/dms-files.routes.js';
import { demoRoutes, type DemoPeersControl } from './routes/demo.routes.js';
import { mailOutboxRoutes } from './routes/mail-outbox.routes.js';
import { retentionRoutes } from './routes/retention.routes.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { inProcessSignal, type SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import type { AppContext } from './app-context.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  masterKey: Buffer;
  version: string;
  clock?: Clock;
  /** Folder of the built console; undefined serves the API only. */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Wakes the scheduler after job control; defaults to in-process events (one process). */
  signal?: SchedulerSignal;
  /** The demo peers this process runs (server.ts); undefined in tests and when the demo is off. */
  demo?: DemoPeersControl;
  /** The live event stream's heartbeat and caps (tests shorten the heartbeat); defaults otherwise. */
  liveEvents?: Partial<LiveEventOptions>;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  /** Every registered route (method and URL), for the route-policy test. */
  routes: { method: string; url: string; hasPolicy: boolean }[];
}

/** Builds the HTTP application without listening (tests use `app.inject`). */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request instead of Fastify's two, and none for static files or the ping (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const users = new UserRepository(db.kysely);
  const tokens = new TokenService(
    db.kysely,
    deriveKey(options.masterKey, 'token-signing'),
    config.tokenTtlMs,
    clock,
  );
  const companies = new CompanyRepository(db.kysely);
  const context: AppContext = {
    config,
    db,
    clock,
    version: options.version,
    users,
    companies,
    audit: new AuditRepository(db.kysely),
    tokens,
    identities: new IdentityLoader(tokens, users, companies),
    loginThrottle: new LoginThrottle(db.kysely, config.login.windowMs, clock),
    portalTokens: new PortalTokenVerifier(config.portal),
    signal: options.signal ?? inProcessSignal(),
    timeZone: config.timeZone,
  };

  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method, url: route.url, hasPolicy: Boolean(route.config?.policy) });
  });

  installErrorHandler(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'LIS API', version: options.version, description: 'Legacy Integration Scheduler' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await installSecurityHeaders(app, config);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 20 } });
  installProxyWarning(app, config.trustProxy);
  installRoutePolicy(app, context.identities);
  installAuditTrail(app, context.audit, clock);
  installRequestLog(app, config.logRequests);

  healthRoutes(app, context);
  authRoutes(app, context);
  environmentRoutes(app, context);
  userRoutes(app, context);
  companyRoutes(app, context);
  schedulingRoutes(app, context);
  settingsRoutes(app, context);
  quartzRoutes(app, context);
  serverConfigRoutes(app, context, options.masterKey);
  jobConfigRoutes(app, context);
  cronRoutes(app, context);
  monitoringRoutes(app, context);
  eventRoutes(app, context, options.liveEvents);
  chainJobRoutes(app, context);
  logsRoutes(app, context);
  reportRoutes(app, context);
  dayTimelineRoutes(app, context);
  fileRoutes(app, context, options.masterKey);
  dmsFileRoutes(app, context, options.masterKey);
  demoRoutes(app, context, options.demo);
  mailOutboxRoutes(app, context);
  retentionRoutes(app, context);
  metricsRoutes(app, context);
  await installWebConsole(app, options.webDist, config.basePath);

  await app.ready();
  return { app, context, routes };
}
