import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { openBlobStore } from '../engine/files/file-store.js';
import { RetentionSweep } from '../engine/retention/retention-sweep.js';
import type { SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import { createNodeId } from '../engine/worker/index.js';
import { StepUpService } from '../modules/action-password/step-up.service.js';
import { AlertChannelService } from '../modules/alerts/alert-channel.service.js';
import { databaseAlertClock } from '../modules/alerts/alert-clock.js';
import { AlertRuleService } from '../modules/alerts/alert-rule.service.js';
import { AlertService } from '../modules/alerts/alert.service.js';
import { IdentityLoader } from '../modules/auth/identity.loader.js';
import { LoginThrottle } from '../modules/auth/login-throttle.js';
import { deriveKey } from '../modules/auth/master-key.js';
import { PortalTokenVerifier } from '../modules/auth/portal-token.verifier.js';
import { TokenService } from '../modules/auth/token.service.js';
import { CalendarService } from '../modules/calendars/calendar.service.js';
import { TriggerCalendarCheck } from '../modules/calendars/trigger-calendars.js';
import { ChainJobService } from '../modules/chain-jobs/chain-job.service.js';
import { setOutboundPolicy } from '../platform/outbound-policy.js';
import { DmsFilesService } from '../modules/dms-files/dms-files.service.js';
import { ExpectationService } from '../modules/expectations/expectation.service.js';
import { FileChangesService } from '../modules/files/file-changes.service.js';
import { FilesService } from '../modules/files/files.service.js';
import { JobConfigService } from '../modules/job-config/job-config.service.js';
import { JobToolsService } from '../modules/job-tools/job-tools.service.js';
import { LogsService } from '../modules/logs/logs.service.js';
import { MaintenanceService } from '../modules/maintenance/maintenance.service.js';
import { RunStepService } from '../modules/scheduling/run-step.service.js';
import { RunRetryService } from '../modules/scheduling/run-retry.service.js';
import { CompanyRetryPolicyService } from '../modules/scheduling/company-retry-policy.service.js';
import { SchedulingService } from '../modules/scheduling/scheduling.service.js';
import { SecretBox } from '../modules/secrets/secret-box.js';
import { ApiServerService } from '../modules/server-config/api-server.service.js';
import { ConnectionTestService } from '../modules/server-config/connection-test.service.js';
import { DmsServerService } from '../modules/server-config/dms-server.service.js';
import { EmailContentService } from '../modules/server-config/email-content.service.js';
import { PipelineJobLoader } from '../modules/server-config/pipeline-job-loader.js';
import { SftpServerService } from '../modules/server-config/sftp-server.service.js';
import { ServerReachabilityService } from '../modules/server-config/server-reachability.service.js';
import { UserRepository } from '../modules/users/user.repository.js';
import { UserService } from '../modules/users/user.service.js';
import { resetToOneTimePassword } from '../modules/auth/one-time-password.js';
import type { Clock } from '../platform/clock.js';
import { alertPayloadSettings } from './alerts.js';
import { createDemoRemoval } from './demo-removal.js';
import { peerClients } from './peer-clients.js';
import { createRepositories } from './repositories.js';

export interface ServiceDeps {
  db: Db;
  config: Pick<Config, 'dataDir' | 'fileStore' | 'timeZone' | 'tokenTtlMs' | 'login' | 'portal'> &
    Partial<Pick<Config, 'outbound' | 'basePath' | 'publicUrl' | 'smtp' | 'mailFrom' | 'serverChecks'>>;
  masterKey: Buffer;
  clock: Clock;
  /** Wakes the scheduler loops and workers after a change to triggers or runs. */
  signal: SchedulerSignal;
}

/**
 * The accounts part of the root, alone: what `lis user reset-password` needs, with no master key and no
 * scheduler (the CLI runs beside a server that may be up).
 */
export function createAccountServices(db: Db, clock: Clock) {
  const users = new UserRepository(db.kysely);
  return {
    users,
    /** A new one-time password for `username`, or undefined when there is no such user (decision 0020). */
    resetToOneTimePassword: (username: string) => resetToOneTimePassword(users, username, clock),
  };
}

/**
 * The composition root (issue 20): every repository (createRepositories), peer client
 * (composition/peer-clients.ts) and service of the product, built once over one database, one master
 * key and one clock. The HTTP app (composition/build-app.ts) and the demo take theirs from here; no route
 * or service builds a service, repository or peer client of its own (decision 0041).
 */
export function createServices(deps: ServiceDeps) {
  const { db, config, clock, signal } = deps;
  const { timeZone } = config;
  // One policy for every outbound connection of this process (sFTP, HTTP peers, SMTP, JWKS; issue 32).
  if (config.outbound) setOutboundPolicy(config.outbound);
  const repositories = createRepositories(db);
  const { users, companies, audit, serverConfigs, jobConfigs } = repositories;
  const peers = peerClients;
  const tokens = new TokenService(
    repositories.tokenRevocations,
    deriveKey(deps.masterKey, 'token-signing'),
    config.tokenTtlMs,
    clock,
  );
  const box = new SecretBox(deps.masterKey);
  const pipelineJobs = new PipelineJobLoader(serverConfigs, box);
  const blobs = openBlobStore(config, db);
  const connectionTests = new ConnectionTestService(serverConfigs, box, peers);
  const triggerCalendars = new TriggerCalendarCheck(repositories.calendars);
  const maintenance = new MaintenanceService({
    repo: repositories.maintenance,
    companies,
    systemLog: repositories.systemLog,
    clock,
    timeZone,
    signal,
  });
  return {
    users,
    companies,
    audit,
    roles: repositories.roles,
    tokens,
    identities: new IdentityLoader(tokens, users, companies),
    loginThrottle: new LoginThrottle(repositories.loginAttempts, config.login.windowMs, clock),
    portalTokens: new PortalTokenVerifier(config.portal),
    userAccounts: new UserService(users, companies, clock),
    stepUp: new StepUpService({
      settings: repositories.settings,
      users,
      budget: repositories.stepUpBudget,
      audit,
      clock,
    }),
    serverConfigs,
    sftpServers: new SftpServerService(serverConfigs, companies, box, clock),
    apiServers: new ApiServerService(serverConfigs, companies, box, clock),
    dmsServers: new DmsServerService(serverConfigs, companies, box, clock),
    emailContents: new EmailContentService(serverConfigs, companies, clock),
    connectionTests,
    serverReachability: new ServerReachabilityService(db.kysely, config.serverChecks?.intervalMs ?? 0),
    jobTools: new JobToolsService(connectionTests, peers),
    jobConfigs,
    jobs: new JobConfigService({
      repo: jobConfigs,
      companies,
      db,
      clock,
      timeZone,
      signal,
      triggerCalendars,
      calendars: repositories.calendars,
    }),
    chains: new ChainJobService({
      db,
      repo: repositories.chainJobs,
      companies,
      clock,
      timeZone,
      signal,
      triggerCalendars,
      calendars: repositories.calendars,
    }),
    calendars: new CalendarService({
      db,
      repo: repositories.calendars,
      companies,
      systemLog: repositories.systemLog,
      clock,
      timeZone,
      signal,
    }),
    maintenance,
    alertChannels: new AlertChannelService({
      repo: repositories.alertConfigs,
      companies,
      box,
      clock,
      settings: alertPayloadSettings({
        timeZone,
        basePath: config.basePath ?? '/',
        publicUrl: config.publicUrl,
      }),
      smtp: config.smtp,
      mailFrom: config.mailFrom ?? 'lis@localhost',
    }),
    alertRules: new AlertRuleService(repositories.alertConfigs, companies, clock),
    alerts: new AlertService(db, repositories.alerts, databaseAlertClock(db.dialect)),
    expectations: new ExpectationService({
      repo: repositories.expectations,
      jobs: jobConfigs,
      systemLog: repositories.systemLog,
      clock,
      timeZone,
      signal,
    }),
    scheduling: new SchedulingService(
      db,
      repositories.scheduling,
      repositories.systemLog,
      signal,
      timeZone,
      repositories.calendars,
      maintenance,
    ),
    runSteps: new RunStepService(db, repositories.scheduling, signal),
    runRetries: new RunRetryService(db, repositories.scheduling, signal),
    companyRetryPolicies: new CompanyRetryPolicyService(repositories.companyRetryPolicies),
    logs: new LogsService(repositories.logs, timeZone),
    mailOutbox: repositories.mailOutbox,
    legacyLookups: repositories.legacyLookups,
    pipelineJobs,
    files: new FilesService(jobConfigs, repositories.backupFiles, pipelineJobs, blobs, peers),
    fileChanges: new FileChangesService(jobConfigs, pipelineJobs, peers),
    dmsFiles: new DmsFilesService(jobConfigs, repositories.dmsFiles, pipelineJobs, peers),
    retentionSettings: repositories.retentionSettings,
    /** A sweep by hand from the API node; it takes the same lease as the worker nodes' sweeps. */
    retentionSweep: new RetentionSweep({ db, blobs, clock, nodeId: `${createNodeId()}:api`, repositories }),
    /** `DELETE /v1/demo`: the demo's rows and files (its peers are stopped by the caller first). */
    removeDemo: createDemoRemoval(db, config, clock, blobs),
  };
}

export type Services = ReturnType<typeof createServices>;
