import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
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
import { retriesRoutes } from './routes/retries.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { quartzRoutes } from './routes/quartz.routes.js';
import { serverConfigRoutes } from './routes/server-config/server-config.routes.js';
import { jobConfigRoutes } from './routes/job-config.routes.js';
import { cronRoutes } from './routes/cron.routes.js';
import { monitoringRoutes } from './routes/monitoring.routes.js';
import { jobRunHistoryRoutes } from './routes/job-run-history.routes.js';
import { eventRoutes, type LiveEventOptions } from './routes/events.routes.js';
import { chainJobRoutes } from './routes/chain-jobs.routes.js';
import { calendarRoutes } from './routes/calendars.routes.js';
import { maintenanceRoutes } from './routes/maintenance.routes.js';
import { alertRoutes } from './routes/alerts.routes.js';
import { jobExpectationRoutes } from './routes/job-expectations.routes.js';
import { logsRoutes } from './routes/logs.routes.js';
import { reportRoutes } from './routes/reports.routes.js';
import { dayTimelineRoutes } from './routes/day-timeline.routes.js';
import { fileRoutes } from './routes/files.routes.js';
import { dmsFileRoutes } from './routes/dms-files.routes.js';
import { demoRoutes, type DemoPeersControl } from './routes/demo.routes.js';
import { mailOutboxRoutes } from './routes/mail-outbox.routes.js';
import { retentionRoutes } from './routes/retention.routes.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import type { SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import type { Clock } from '../platform/clock.js';
import type { AppContext, AppServices } from './app-context.js';

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
  /**
   * Every registered route (method, URL and the schema it declares), for the route-policy test and the
   * test that holds the contracts' endpoint table to the routes.
   */
  routes: { method: string; url: string; hasPolicy: boolean; schema: FastifySchema | undefined }[];
}

/** What the composition root hands the HTTP app: the options with the clock, signal and services resolved. */
export interface HttpAppOptions extends BuildAppOptions {
  clock: Clock;
  signal: SchedulerSignal;
  services: AppServices;
}

/**
 * Builds the HTTP application without listening (tests use `app.inject`) over services built elsewhere:
 * call composition/build-app.ts's buildApp, which builds them.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<BuiltApp> {
  const { config, db, clock, services } = options;
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

  const context: AppContext = {
    config,
    db,
    clock,
    version: options.version,
    services,
    users: services.users,
    companies: services.companies,
    audit: services.audit,
    tokens: services.tokens,
    identities: services.identities,
    loginThrottle: services.loginThrottle,
    portalTokens: services.portalTokens,
    signal: options.signal,
    timeZone: config.timeZone,
  };

  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method, url: route.url, hasPolicy: Boolean(route.config?.policy), schema: route.schema });
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
  retriesRoutes(app, context);
  settingsRoutes(app, context);
  quartzRoutes(app, context);
  serverConfigRoutes(app, context);
  jobConfigRoutes(app, context);
  cronRoutes(app, context);
  monitoringRoutes(app, context);
  jobRunHistoryRoutes(app, context);
  eventRoutes(app, context, options.liveEvents);
  chainJobRoutes(app, context);
  calendarRoutes(app, context);
  maintenanceRoutes(app, context);
  alertRoutes(app, context);
  jobExpectationRoutes(app, context);
  logsRoutes(app, context);
  reportRoutes(app, context);
  dayTimelineRoutes(app, context);
  fileRoutes(app, context);
  dmsFileRoutes(app, context);
  demoRoutes(app, context, options.demo);
  mailOutboxRoutes(app, context);
  retentionRoutes(app, context);
  metricsRoutes(app, context);
  await installWebConsole(app, options.webDist, config.basePath);

  await app.ready();
  return { app, context, routes };
}
