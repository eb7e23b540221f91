import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../platform/clock.js';
import type { RetentionSettingsRepository } from '../engine/retention/retention-settings.js';
import type { RetentionSweep } from '../engine/retention/retention-sweep.js';
import type { SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import type { StepUpService } from '../modules/action-password/step-up.service.js';
import type { AlertChannelService } from '../modules/alerts/alert-channel.service.js';
import type { AlertRuleService } from '../modules/alerts/alert-rule.service.js';
import type { AlertService } from '../modules/alerts/alert.service.js';
import type { AuditRepository } from '../modules/audit/audit.repository.js';
import type { IdentityLoader } from '../modules/auth/identity.loader.js';
import type { LoginThrottle } from '../modules/auth/login-throttle.js';
import type { PortalTokenVerifier } from '../modules/auth/portal-token.verifier.js';
import type { TokenService } from '../modules/auth/token.service.js';
import type { ChainJobService } from '../modules/chain-jobs/chain-job.service.js';
import type { CompanyRepository } from '../modules/companies/company.repository.js';
import type { DmsFilesService } from '../modules/dms-files/dms-files.service.js';
import type { ExpectationService } from '../modules/expectations/expectation.service.js';
import type { FileChangesService } from '../modules/files/file-changes.service.js';
import type { FilesService } from '../modules/files/files.service.js';
import type { JobConfigService } from '../modules/job-config/job-config.service.js';
import type { JobToolsService } from '../modules/job-tools/job-tools.service.js';
import type { LogsService } from '../modules/logs/logs.service.js';
import type { MailOutboxRepository } from '../modules/mail-outbox/mail-outbox.repository.js';
import type { RunStepService } from '../modules/scheduling/run-step.service.js';
import type { RunRetryService } from '../modules/scheduling/run-retry.service.js';
import type { CompanyRetryPolicyService } from '../modules/scheduling/company-retry-policy.service.js';
import type { SchedulingService } from '../modules/scheduling/scheduling.service.js';
import type { ApiServerService } from '../modules/server-config/api-server.service.js';
import type { ConnectionTestService } from '../modules/server-config/connection-test.service.js';
import type { DmsServerService } from '../modules/server-config/dms-server.service.js';
import type { EmailContentService } from '../modules/server-config/email-content.service.js';
import type { PipelineJobLoader } from '../modules/server-config/pipeline-job-loader.js';
import type { SftpServerService } from '../modules/server-config/sftp-server.service.js';
import type { RoleRepository } from '../modules/access/role.repository.js';
import type { CalendarService } from '../modules/calendars/calendar.service.js';
import type { MaintenanceService } from '../modules/maintenance/maintenance.service.js';
import type { JobConfigRepository } from '../modules/job-config/job-config.repository.js';
import type { LegacyLookupRepository } from '../modules/legacy-api/legacy-lookup.repository.js';
import type { UserRepository } from '../modules/users/user.repository.js';
import type { UserService } from '../modules/users/user.service.js';
import type { ServerReachabilityService } from '../modules/server-config/server-reachability.service.js';

/**
 * The services the routes call, as the HTTP layer declares them; the composition root
 * (composition/services.ts) builds them once and hands them over. No route builds its own.
 */
export interface AppServices {
  users: UserRepository;
  companies: CompanyRepository;
  audit: AuditRepository;
  roles: RoleRepository;
  tokens: TokenService;
  identities: IdentityLoader;
  loginThrottle: LoginThrottle;
  portalTokens: PortalTokenVerifier;
  userAccounts: UserService;
  stepUp: StepUpService;
  sftpServers: SftpServerService;
  apiServers: ApiServerService;
  dmsServers: DmsServerService;
  emailContents: EmailContentService;
  connectionTests: ConnectionTestService;
  serverReachability: ServerReachabilityService;
  jobTools: JobToolsService;
  jobConfigs: JobConfigRepository;
  jobs: JobConfigService;
  chains: ChainJobService;
  calendars: CalendarService;
  maintenance: MaintenanceService;
  alertChannels: AlertChannelService;
  alertRules: AlertRuleService;
  alerts: AlertService;
  expectations: ExpectationService;
  scheduling: SchedulingService;
  runSteps: RunStepService;
  /** Issue 36: Retry now / Cancel retries, and the companies' default retry policies. */
  runRetries: RunRetryService;
  companyRetryPolicies: CompanyRetryPolicyService;
  logs: LogsService;
  mailOutbox: MailOutboxRepository;
  legacyLookups: LegacyLookupRepository;
  pipelineJobs: PipelineJobLoader;
  files: FilesService;
  fileChanges: FileChangesService;
  dmsFiles: DmsFilesService;
  retentionSettings: RetentionSettingsRepository;
  retentionSweep: RetentionSweep;
  /** Removes the demo's rows and files (demo/demo-removal.ts); undefined when there is no demo. */
  removeDemo(by: string): Promise<{ runs: number; jobs: number; users: string[]; blobs: number } | undefined>;
}

/** What the routes are given: the configuration, the database, the clock and the services. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  version: string;
  services: AppServices;
  /** The ports the plugins and most routes use, the same objects as in `services`. */
  users: UserRepository;
  companies: CompanyRepository;
  audit: AuditRepository;
  tokens: TokenService;
  identities: IdentityLoader;
  loginThrottle: LoginThrottle;
  portalTokens: PortalTokenVerifier;
  /** Wakes the scheduler loops and workers after a change to triggers or runs. */
  signal: SchedulerSignal;
  /** LIS_TIMEZONE: the zone of cron triggers and of the times shown. */
  timeZone: string;
}
