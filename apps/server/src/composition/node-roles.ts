import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { describeDatabaseFailure } from '../db/database-errors.js';
import { schedulerMetricsRecorder } from '../http/metrics/scheduler-recorder.js';
import { ExpectationEvaluator } from '../engine/expectations/expectation-evaluator.js';
import { checkSharedFileStore, openBlobStore } from '../engine/files/file-store.js';
import { MailSender } from '../engine/mail/mail-sender.js';
import { RetentionSweeper } from '../engine/retention/retention-sweeper.js';
import { systemClock } from '../platform/clock.js';
import { Scheduler } from '../engine/scheduler/scheduler-loop.js';
import type { SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import { createNodeId, Worker } from '../engine/worker/index.js';
import type { JobHandler } from '../engine/worker/job-handler.js';
import { MaintenanceHolds } from '../modules/maintenance/maintenance-holds.js';
import type { AlertResolver, AlertSink } from '../engine/alerts/alert-sink.js';
import { createAlertDeliverer } from './alerts.js';
import { createRepositories } from './repositories.js';
import { createServerChecker } from './server-checks.js';

export interface EngineRoles {
  stop(): Promise<void>;
}

/** Starts the `scheduler` and `worker` roles this node runs (LIS_ROLES); the `api` role is the HTTP app. */
export interface EngineAlerts {
  /** The sink runs, misfires, suspensions and connection checks raise alerts through (the job handler's too). */
  sink: AlertSink & AlertResolver;
  /** Opens the channels' sealed URLs and secrets: worker nodes deliver the alerts. */
  masterKey: Buffer;
}

export async function startEngineRoles(
  config: Config,
  db: Db,
  signal: SchedulerSignal,
  handler: JobHandler,
  log: FastifyBaseLogger,
  alerts?: EngineAlerts,
): Promise<EngineRoles> {
  const nodeId = createNodeId();
  const repositories = createRepositories(db);
  // A shared mount must be the same folder on every node: this node refuses to start otherwise.
  if (config.fileStore.kind === 'shared') await checkSharedFileStore(config.fileStore.path, db, nodeId);
  const onError = (error: unknown) =>
    log.error({ err: error }, describeDatabaseFailure(error) ?? 'engine pass failed; retrying');
  const worker = config.roles.includes('worker')
    ? new Worker({
        db,
        signal,
        handler,
        nodeId,
        concurrency: config.workerConcurrency,
        timeZone: config.timeZone,
        onError,
        ...(alerts ? { alerts: alerts.sink } : {}),
      })
    : undefined;
  // Both roles: the firing pass starts due runs in this worker's free slots (issue 19).
  const scheduler = config.roles.includes('scheduler')
    ? new Scheduler(
        {
          db,
          signal,
          nodeId,
          metrics: { ...schedulerMetricsRecorder(), failed: onError },
          // Every node reads the windows from the database (issue 34): the same triggers held cluster-wide.
          maintenance: new MaintenanceHolds(repositories.maintenance, config.timeZone),
          ...(worker ? { starter: worker } : {}),
          ...(alerts ? { alerts: alerts.sink } : {}),
        },
        { timeZone: config.timeZone },
      )
    : undefined;
  // File deadlines (issue 35): every scheduler node evaluates them; each day's move is made once.
  const expectations = scheduler
    ? new ExpectationEvaluator({
        db,
        signal,
        timeZone: config.timeZone,
        failed: onError,
        ...(alerts ? { alerts: alerts.sink } : {}),
      })
    : undefined;
  // Status e-mails are sent by the worker nodes (each mail once, whichever node claims it).
  const mailSender =
    worker && config.smtp
      ? new MailSender({ db, smtp: config.smtp, from: config.mailFrom, onError })
      : undefined;
  // Retention (decision 0022): worker nodes sweep, one at a time, about once an hour in all.
  const retention = worker
    ? new RetentionSweeper({
        db,
        blobs: openBlobStore(config, db),
        clock: systemClock,
        nodeId,
        repositories,
        onError,
        onSwept: (outcome) => {
          if (outcome.ran) log.info({ retention: outcome.counts }, 'retention sweep done');
        },
      })
    : undefined;
  // Alerts (issue 35): worker nodes deliver them, each delivery held by one node at a time.
  const alertDeliverer =
    worker && alerts
      ? createAlertDeliverer({ config, db, masterKey: alerts.masterKey, nodeId, onError, repositories })
      : undefined;
  // Connection checks (issue 35, decision 0049): worker nodes check every server, one node per interval.
  const serverChecks =
    worker && alerts && config.serverChecks.intervalMs > 0
      ? createServerChecker({
          db,
          masterKey: alerts.masterKey,
          nodeId,
          timeZone: config.timeZone,
          settings: config.serverChecks,
          alerts: alerts.sink,
          failed: onError,
          repositories,
        })
      : undefined;
  scheduler?.start();
  expectations?.start();
  await worker?.start();
  mailSender?.start();
  retention?.start();
  alertDeliverer?.start();
  serverChecks?.start();
  log.info({ nodeId, roles: config.roles, fileStore: config.fileStore }, 'engine roles started');
  return {
    // Stop firing first, then hand running runs back.
    stop: async () => {
      await scheduler?.stop();
      await expectations?.stop();
      await worker?.stop();
      await mailSender?.stop();
      await retention?.stop();
      await alertDeliverer?.stop();
      await serverChecks?.stop();
    },
  };
}
