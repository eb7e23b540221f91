import type { Db } from '../db/database.js';
import type { SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import { ChainJobRepository } from '../modules/chain-jobs/chain-job.repository.js';
import { ChainJobService } from '../modules/chain-jobs/chain-job.service.js';
import { CompanyRepository } from '../modules/companies/company.repository.js';
import { JobConfigRepository } from '../modules/job-config/job-config.repository.js';
import { JobConfigService } from '../modules/job-config/job-config.service.js';
import { SecretBox } from '../modules/secrets/secret-box.js';
import { ApiServerService } from '../modules/server-config/api-server.service.js';
import { DmsServerService } from '../modules/server-config/dms-server.service.js';
import { EmailContentService } from '../modules/server-config/email-content.service.js';
import { ServerConfigRepository } from '../modules/server-config/server-config.repository.js';
import { SftpServerService } from '../modules/server-config/sftp-server.service.js';
import { UserRepository } from '../modules/users/user.repository.js';
import type { Clock } from '../platform/clock.js';

/** Who the demo's writes are recorded as (updated_by, created_by). */
export const DEMO_WRITER = 'lis-demo';

export interface DemoDeps {
  db: Db;
  masterKey: Buffer;
  clock: Clock;
  timeZone: string;
  signal: SchedulerSignal;
}

/**
 * The product's own services, so that the demo's configuration is validated, its secrets sealed with the
 * master key and its triggers synchronised exactly as when an admin saves it in the console.
 */
export function demoServices(deps: DemoDeps) {
  const { db, clock, timeZone, signal } = deps;
  const companies = new CompanyRepository(db.kysely);
  const serverRepo = new ServerConfigRepository(db.kysely);
  const box = new SecretBox(deps.masterKey);
  return {
    companies,
    users: new UserRepository(db.kysely),
    sftpServers: new SftpServerService(serverRepo, companies, box, clock),
    apiServers: new ApiServerService(serverRepo, companies, box, clock),
    dmsServers: new DmsServerService(serverRepo, companies, box, clock),
    emailContents: new EmailContentService(serverRepo, companies, clock),
    serverRepo,
    jobs: new JobConfigService({
      repo: new JobConfigRepository(db.kysely),
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
  };
}
export type DemoServices = ReturnType<typeof demoServices>;
