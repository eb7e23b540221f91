import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../platform/clock.js';
import type { AuditRepository } from '../modules/audit/audit.repository.js';
import type { CompanyRepository } from '../modules/companies/company.repository.js';
import type { UserRepository } from '../modules/users/user.repository.js';
import type { TokenService } from '../modules/auth/token.service.js';
import type { LoginThrottle } from '../modules/auth/login-throttle.js';
import type { PortalTokenVerifier } from '../modules/auth/portal-token.verifier.js';
import type { IdentityLoader } from '../modules/auth/identity.loader.js';
import type { SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';

/** What the routes are given: the few ports they use, built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  version: string;
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
