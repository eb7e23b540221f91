import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { SettingsRepository } from '../db/settings.repository.js';
import { openBlobStore } from '../engine/files/file-store.js';
import { RetentionSettingsRepository } from '../engine/retention/retention-settings.js';
import { RetentionSweep } from '../engine/retention/retention-sweep.js';
import type { SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import { createNodeId } from '../engine/worker/index.js';
import { RoleRepository } from '../modules/access/role.repository.js';
import { StepUpBudgetRepository } from '../modules/action-password/step-up-budget.repository.js';
import { StepUpService } from '../modules/action-password/step-up.service.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { IdentityLoader } from '../modules/auth/identity.loader.js';
import { LoginThrottle } from '../modules/auth/login-throttle.js';
import { deriveKey } from '../modules/auth/master-key.js';
import { PortalTokenVerifier } from '../modules/auth/portal-token.verifier.js';
import { TokenService } from '../modules/auth/token.service.js';
import { ChainJobRepository } from '../modules/chain-jobs/chain-job.repository.js';
import { ChainJobService } from '../modules/chain-jobs/chain-job.service.js';
import { setOutboundPolicy } from '../platform/outbound-policy.js';
import { CompanyRepository } from '../modules/companies/company.repository.js';
import { DmsFilesService } from '../modules/dms-files/dms-files.service.js';
import { FileChangesService } from '../modules/files/file-changes.service.js';
import { FilesService } from '../modules/files/files.service.js';
import { JobConfigRepository } from '../modules/job-config/job-config.repository.js';
import { JobConfigService } from '../modules/job-config/job-config.service.js';
import { JobToolsService } from '../modules/job-tools/job-tools.service.js';
import { LegacyLookupRepository } from '../modules/legacy-api/legacy-lookup.repository.js';
import { LogsRepository } from '../modules/logs/logs.repository.js';
import { LogsService } from '../modules/logs/logs.service.js';
import { MailOutboxRepository } from '../modules/mail-outbox/mail-outbox.repository.js';
import { RunStepService } from '../modules/scheduling/run-step.service.js';
import { SchedulingService } from '../modules/scheduling/scheduling.service.js';
import { SecretBox } from '../modules/secrets/secret-box.js';
import { ApiServerService } from '../modules/server-config/api-server.service.js';
import { ConnectionTestService } from '../modules/server-config/connection-test.service.js';
import { DmsServerService } from '../modules/server-config/dms-server.service.js';
import { EmailContentService } from '../modules/server-config/email-content.service.js';
import { PipelineJobLoader } from '../modules/server-config/pipeline-job-loader.js';
import { ServerConfigRepository } from '../modules/server-config/server-config.repository.js';
import { SftpServerService } from '../modules/server-config/sftp-server.service.js';
import { UserRepository } from '../modules/users/user.repository.js';
import { UserService } from '../modules/users/user.service.js';
import { resetToOneTimePassword } from '../modules/auth/one-time-password.js';
import type { Clock } from '../platform/clock.js';

export interface ServiceDeps {
  db: Db;
  config: Pick<Config, 'dataDir' | 'fileStore' | 'timeZone' | 'tokenTtlMs' | 'login' | 'portal'> &
    Partial<Pick<Config, 'outbound'>>;
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
 * The composition root (issue 20): every repository and service of the product, built once over one
 * database, one master key and one clock. The HTTP app (composition/build-app.ts) and the demo take
 * theirs from here; no route builds a service of its own.
 */
export function createServices(deps: ServiceDeps) {
  const { db, config, clock, signal } = deps;
  const { timeZone } = config;
  // One policy for every outbound connection of this process (sFTP, HTTP peers, SMTP, JWKS; issue 32).
  if (config.outbound) setOutboundPolicy(config.outbound);
  const { users } = createAccountServices(db, clock);
  const companies = new CompanyRepository(db.kysely);
  const audit = new AuditRepository(db.kysely);
  const tokens = new TokenService(
    db.kysely,
    deriveKey(deps.masterKey, 'token-signing'),
    config.tokenTtlMs,
    clock,
  );
  const box = new SecretBox(deps.masterKey);
  const serverConfigs = new ServerConfigRepository(db.kysely);
  const pipelineJobs = new PipelineJobLoader(serverConfigs, box);
  const blobs = openBlobStore(config, db);
  const connectionTests = new ConnectionTestService(serverConfigs, box);
  const jobConfigs = new JobConfigRepository(db.kysely);
  return {
    users,
    companies,
    audit,
    roles: new RoleRepository(db.kysely),
    tokens,
    identities: new IdentityLoader(tokens, users, companies),
    loginThrottle: new LoginThrottle(db.kysely, config.login.windowMs, clock),
    portalTokens: new PortalTokenVerifier(config.portal),
    userAccounts: new UserService(users, companies, clock),
    stepUp: new StepUpService({
      settings: new SettingsRepository(db.kysely),
      users,
      budget: new StepUpBudgetRepository(db.kysely),
      audit,
      clock,
    }),
    serverConfigs,
    sftpServers: new SftpServerService(serverConfigs, companies, box, clock),
    apiServers: new ApiServerService(serverConfigs, companies, box, clock),
    dmsServers: new DmsServerService(serverConfigs, companies, box, clock),
    emailContents: new EmailContentService(serverConfigs, companies, clock),
    connectionTests,
    jobTools: new JobToolsService(connectionTests),
    jobConfigs,
    jobs: new JobConfigService({
      repo: jobConfigs,
      companies,
      db,
      clock,
      timeZone,
      signal,
    }),
    chains: new ChainJobService({
      db,
      repo: new ChainJobRepository(db.kysely),
      companies,
      clock,
      timeZone,
      signal,
    }),
    scheduling: new SchedulingService(db, signal, timeZone),
    runSteps: new RunStepService(db, signal),
    logs: new LogsService(new LogsRepository(db.kysely), timeZone),
    mailOutbox: new MailOutboxRepository(db),
    legacyLookups: new LegacyLookupRepository(db.kysely),
    pipelineJobs,
    files: new FilesService(db.kysely, pipelineJobs, blobs),
    fileChanges: new FileChangesService(db.kysely, pipelineJobs),
    dmsFiles: new DmsFilesService(db.kysely, pipelineJobs),
    retentionSettings: new RetentionSettingsRepository(db.kysely),
    /** A sweep by hand from the API node; it takes the same lease as the worker nodes' sweeps. */
    retentionSweep: new RetentionSweep({ db, blobs, clock, nodeId: `${createNodeId()}:api` }),
  };
}

export type Services = ReturnType<typeof createServices>;
