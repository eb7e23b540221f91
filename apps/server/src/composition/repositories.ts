import type { Db } from '../db/database.js';
import { SettingsRepository } from '../db/settings.repository.js';
import { RetentionSettingsRepository } from '../engine/retention/retention-settings.js';
import { RetentionSweepRepository } from '../engine/retention/retention-sweep.repository.js';
import { SystemLogRepository } from '../engine/system-log/system-log.repository.js';
import { RoleRepository } from '../modules/access/role.repository.js';
import { AlertConfigRepository } from '../modules/alerts/alert-config.repository.js';
import { AlertDeliveryRepository } from '../modules/alerts/alert-delivery.repository.js';
import { AlertRepository } from '../modules/alerts/alert.repository.js';
import { StepUpBudgetRepository } from '../modules/action-password/step-up-budget.repository.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { LoginAttemptsRepository } from '../modules/auth/login-attempts.repository.js';
import { TokenRevocationRepository } from '../modules/auth/token-revocation.repository.js';
import { CalendarRepository } from '../modules/calendars/calendar.repository.js';
import { ChainJobRepository } from '../modules/chain-jobs/chain-job.repository.js';
import { CompanyRepository } from '../modules/companies/company.repository.js';
import { DmsFilesRepository } from '../modules/dms-files/dms-files.repository.js';
import { ExpectationRepository } from '../modules/expectations/expectation.repository.js';
import { BackupFilesRepository } from '../modules/files/backup-files.repository.js';
import { JobConfigRepository } from '../modules/job-config/job-config.repository.js';
import { LegacyLookupRepository } from '../modules/legacy-api/legacy-lookup.repository.js';
import { LogsRepository } from '../modules/logs/logs.repository.js';
import { MaintenanceRepository } from '../modules/maintenance/maintenance.repository.js';
import { MailOutboxRepository } from '../modules/mail-outbox/mail-outbox.repository.js';
import { SchedulingRepository } from '../modules/scheduling/scheduling.repository.js';
import { CompanyRetryPolicyRepository } from '../modules/scheduling/company-retry-policy.repository.js';
import { ServerConfigRepository } from '../modules/server-config/server-config.repository.js';
import { UserRepository } from '../modules/users/user.repository.js';

/**
 * Every repository object of the product over one database, built once: the services, the HTTP app's
 * ports and the retention sweep take theirs from here (composition/services.ts). Functions over a
 * caller's transaction (engine/runs and the like) are not objects and are called where they are used.
 */
export function createRepositories(db: Db) {
  const { kysely } = db;
  const settings = new SettingsRepository(kysely);
  return {
    users: new UserRepository(kysely),
    companies: new CompanyRepository(kysely),
    audit: new AuditRepository(kysely),
    roles: new RoleRepository(kysely),
    tokenRevocations: new TokenRevocationRepository(kysely),
    loginAttempts: new LoginAttemptsRepository(kysely),
    settings,
    stepUpBudget: new StepUpBudgetRepository(kysely),
    serverConfigs: new ServerConfigRepository(kysely),
    jobConfigs: new JobConfigRepository(kysely),
    chainJobs: new ChainJobRepository(kysely),
    calendars: new CalendarRepository(kysely),
    maintenance: new MaintenanceRepository(kysely),
    expectations: new ExpectationRepository(db),
    scheduling: new SchedulingRepository(kysely),
    companyRetryPolicies: new CompanyRetryPolicyRepository(kysely),
    systemLog: new SystemLogRepository(kysely),
    logs: new LogsRepository(kysely),
    mailOutbox: new MailOutboxRepository(db),
    legacyLookups: new LegacyLookupRepository(kysely),
    backupFiles: new BackupFilesRepository(kysely),
    dmsFiles: new DmsFilesRepository(kysely),
    retentionSettings: new RetentionSettingsRepository(settings),
    retentionSweep: new RetentionSweepRepository(db),
    alertConfigs: new AlertConfigRepository(kysely),
    alerts: new AlertRepository(kysely),
    alertDeliveries: new AlertDeliveryRepository(kysely),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
