import path from 'node:path';
import { OutboundPolicy } from '../platform/outbound-policy.js';
import { parseDuration } from './duration.js';
import { RFC_5321_TIMEOUTS, SMTP_TIMEOUT_VARIABLES, type SmtpConfig } from './smtp-config.js';

export { RFC_5321_TIMEOUTS, type SmtpConfig, type SmtpTimeouts } from './smtp-config.js';
export { helpText, VARIABLES, type VariableDoc } from './variables.js';

export type NodeRole = 'api' | 'scheduler' | 'worker';
/** LIS_DEMO: `auto` (unset) runs the demo on the embedded store only. */
export type DemoSetting = 'on' | 'off' | 'auto';

export interface PortalConfig {
  /** The portal's address: where "Back to Portal" and an expired session lead. */
  url: string;
  ssoWeb: string;
  ssoRedirectToken: string;
  tokenSecret: string | undefined;
  jwksUrl: string | undefined;
  issuer: string | undefined;
  audience: string | undefined;
  /** Claim of the portal token naming the LIS user (looked up in `extra` too). */
  userClaim: string;
}

/** Where run backups are kept (LIS_FILE_STORE, DESIGN §2 "Files", decision 0019). */
export type FileStoreSetting = { kind: 'local' } | { kind: 'database' } | { kind: 'shared'; path: string };

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where run backups are kept: the data folder, the database (default with DATABASE_URL) or a shared mount. */
  fileStore: FileStoreSetting;
  roles: NodeRole[];
  /** LIS_WORKER_CONCURRENCY: job runs a worker node runs at once (the firing pass starts due runs in them). */
  workerConcurrency: number;
  timeZone: string;
  logLevel: string;
  /** LIS_LOG_REQUESTS: one info line per request — every one, the API's (no static files, ping, probes), none. */
  logRequests: 'all' | 'api' | 'off';
  masterKey: Buffer | undefined;
  tokenTtlMs: number;
  adminUsername: string;
  adminPassword: string | undefined;
  basePath: string;
  /** LIS_PUBLIC_URL: the console's origin (and any path before LIS_BASE_PATH) as alert receivers reach it. */
  publicUrl: string | undefined;
  trustProxy: boolean;
  portal: PortalConfig;
  ping: { url: string; intervalMs: number; module: string; webId: string };
  login: { maxFailures: number; windowMs: number };
  /** `/metrics` without a session (a scraper on a closed network); otherwise admins only. */
  metricsPublic: boolean;
  /** Where status e-mails go; undefined keeps them in the outbox (DESIGN §5). */
  smtp: SmtpConfig | undefined;
  mailFrom: string;
  /** Examples of the first start (DESIGN §1, docs/decisions/0015-demo.md). */
  demo: DemoSetting;
  /** LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY: which addresses sFTP, HTTP peers, SMTP and JWKS may reach. */
  outbound: OutboundPolicy;
  /** LIS_FUNCTION_MAX_ANSWER_MB: the largest function answer a run takes (docs/function-server.md). */
  functionMaxAnswerBytes: number;
  /** The periodic connection checks of function and sFTP servers (issue 35, decision 0049). */
  serverChecks: ServerCheckConfig;
}

/** LIS_SERVER_CHECK_*: how often (0: never), how long one check may take, failures in a row that page. */
export interface ServerCheckConfig {
  intervalMs: number;
  timeoutMs: number;
  failureThreshold: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads and validates the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(env: Env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const text = (name: string, fallback = '') => (env[name] ?? '').trim() || fallback;
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = text(name);
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const duration = (name: string, fallback: string) => {
    const raw = text(name, fallback);
    const ms = parseDuration(raw);
    if (ms === undefined || ms <= 0) {
      problems.push(`${name} must be a duration such as 30m or 8h (got "${raw}")`);
      return parseDuration(fallback) ?? 0;
    }
    return ms;
  };
  const url = (name: string, schemes: string[]) => {
    const raw = text(name);
    if (!raw) return undefined;
    try {
      const parsed = new URL(raw);
      if (!schemes.includes(parsed.protocol))
        problems.push(`${name} must start with ${schemes.join(' or ')}`);
    } catch {
      problems.push(`${name} is not a valid address (got "${raw}")`);
    }
    return raw;
  };

  const roles = text('LIS_ROLES', 'api,scheduler,worker')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const role of roles) {
    if (!['api', 'scheduler', 'worker'].includes(role))
      problems.push(`LIS_ROLES has an unknown role "${role}" (api, scheduler, worker)`);
  }

  const timeZone = text('LIS_TIMEZONE', Intl.DateTimeFormat().resolvedOptions().timeZone);
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    problems.push(`LIS_TIMEZONE is not an IANA time zone (got "${timeZone}")`);
  }

  const logLevel = text('LIS_LOG_LEVEL', 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(
      `LIS_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`,
    );
  }

  const logRequests = text('LIS_LOG_REQUESTS', 'api');
  if (!['all', 'api', 'off'].includes(logRequests))
    problems.push(`LIS_LOG_REQUESTS must be all, api or off (got "${logRequests}")`);

  let masterKey: Buffer | undefined;
  const rawKey = text('LIS_MASTER_KEY');
  if (rawKey) {
    masterKey = Buffer.from(rawKey, 'base64');
    if (masterKey.length !== 32)
      problems.push('LIS_MASTER_KEY must be base64 of exactly 32 bytes (openssl rand -base64 32)');
  }

  const adminUsername = text('LIS_ADMIN_USERNAME', 'admin');
  if (!/^[A-Za-z0-9._@-]{1,64}$/.test(adminUsername)) {
    problems.push('LIS_ADMIN_USERNAME may hold only letters, digits and . _ @ - (at most 64)');
  }
  const adminPassword = env.LIS_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 12)
    problems.push('LIS_ADMIN_PASSWORD must have at least 12 characters');

  let basePath = text('LIS_BASE_PATH', '/');
  if (!basePath.startsWith('/') || /[\s"'<>\\]/.test(basePath))
    problems.push('LIS_BASE_PATH must be a path starting with / (e.g. /lis/)');
  if (!basePath.endsWith('/')) basePath += '/';

  const trustProxy = text('LIS_TRUST_PROXY', 'false');
  if (!['true', 'false'].includes(trustProxy)) problems.push('LIS_TRUST_PROXY must be true or false');
  const metricsPublic = text('LIS_METRICS_PUBLIC', 'false');
  if (!['true', 'false'].includes(metricsPublic)) problems.push('LIS_METRICS_PUBLIC must be true or false');

  const smtpHost = text('LIS_SMTP_HOST');
  if (smtpHost && !/^[A-Za-z0-9.:_%-]{1,253}$/.test(smtpHost))
    problems.push('LIS_SMTP_HOST is not a host name');
  const smtpTls = text('LIS_SMTP_TLS', 'starttls');
  if (!['tls', 'starttls', 'opportunistic'].includes(smtpTls))
    problems.push('LIS_SMTP_TLS must be tls, starttls or opportunistic');
  // Credentials never travel in clear: without STARTTLS offered, opportunistic would send AUTH in clear.
  if (smtpTls === 'opportunistic' && text('LIS_SMTP_USER'))
    problems.push(
      'LIS_SMTP_TLS=opportunistic cannot be used with LIS_SMTP_USER: the password would go in clear to a server that does not offer STARTTLS; use starttls or tls',
    );
  const smtpPort = integer('LIS_SMTP_PORT', smtpTls === 'tls' ? 465 : 587, 1, 65535);
  const smtpTimeouts = { ...RFC_5321_TIMEOUTS };
  for (const variable of SMTP_TIMEOUT_VARIABLES)
    smtpTimeouts[variable.key] = duration(variable.name, variable.fallback);
  const mailFrom = text('LIS_MAIL_FROM', 'lis@localhost');
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(mailFrom)) problems.push('LIS_MAIL_FROM must be an e-mail address');

  const outbound = OutboundPolicy.parse(text('LIS_OUTBOUND_ALLOW'), text('LIS_OUTBOUND_DENY'), problems);

  const demo = text('LIS_DEMO', 'auto');
  if (!['on', 'off', 'auto'].includes(demo)) problems.push('LIS_DEMO must be on or off');

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const fileStore = fileStoreSetting(text('LIS_FILE_STORE'), databaseUrl, problems);
  const portalUrl = url('LIS_PORTAL_URL', ['http:', 'https:']) ?? '';
  const ssoWeb = url('LIS_SSO_WEB', ['http:', 'https:']) ?? '';
  const jwksUrl = url('LIS_PORTAL_JWKS_URL', ['http:', 'https:']);
  const publicUrl = url('LIS_PUBLIC_URL', ['http:', 'https:']);

  const config: Config = {
    host: text('LIS_HOST', '127.0.0.1'),
    port: integer('LIS_PORT', 8080, 0, 65535),
    dataDir: path.resolve(cwd, text('LIS_DATA_DIR', './data')),
    databaseUrl,
    fileStore,
    roles: roles as NodeRole[],
    workerConcurrency: integer('LIS_WORKER_CONCURRENCY', 4, 1, 1000),
    timeZone,
    logLevel,
    logRequests: logRequests as Config['logRequests'],
    masterKey,
    tokenTtlMs: duration('LIS_TOKEN_TTL', '8h'),
    adminUsername,
    adminPassword,
    basePath,
    publicUrl,
    trustProxy: trustProxy === 'true',
    portal: {
      url: portalUrl,
      ssoWeb,
      ssoRedirectToken: text('LIS_SSO_REDIRECT_TOKEN'),
      tokenSecret: text('LIS_PORTAL_TOKEN_SECRET') || undefined,
      jwksUrl,
      issuer: text('LIS_PORTAL_ISSUER') || undefined,
      audience: text('LIS_PORTAL_AUDIENCE') || undefined,
      userClaim: text('LIS_PORTAL_USER_CLAIM', 'username'),
    },
    ping: {
      url: text('LIS_PING_URL', 'v1/ping'),
      intervalMs: integer('LIS_PING_INTERVAL_MS', 60_000, 1000, 86_400_000),
      module: 'LIS',
      webId: 'lis-console',
    },
    login: {
      maxFailures: integer('LIS_LOGIN_MAX_FAILURES', 10, 1, 1000),
      windowMs: duration('LIS_LOGIN_WINDOW', '15m'),
    },
    metricsPublic: metricsPublic === 'true',
    functionMaxAnswerBytes: integer('LIS_FUNCTION_MAX_ANSWER_MB', 2048, 1, 1_048_576) * 1024 * 1024,
    serverChecks: {
      intervalMs: integer('LIS_SERVER_CHECK_INTERVAL_SECONDS', 300, 0, 86_400) * 1000,
      timeoutMs: integer('LIS_SERVER_CHECK_TIMEOUT_SECONDS', 10, 1, 120) * 1000,
      failureThreshold: integer('LIS_SERVER_CHECK_FAILURES', 2, 1, 100),
    },
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: smtpPort,
          secure: smtpTls === 'tls',
          requireTls: smtpTls === 'starttls',
          user: text('LIS_SMTP_USER') || undefined,
          password: env.LIS_SMTP_PASSWORD || undefined,
          timeouts: smtpTimeouts,
        }
      : undefined,
    mailFrom,
    demo: demo as DemoSetting,
    outbound,
  };
  if (config.portal.tokenSecret && config.portal.tokenSecret.length < 32) {
    problems.push('LIS_PORTAL_TOKEN_SECRET must have at least 32 characters');
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** LIS_FILE_STORE: `local`, `database` (needs DATABASE_URL) or `shared:/absolute/path`; blank: the default. */
function fileStoreSetting(
  raw: string,
  databaseUrl: string | undefined,
  problems: string[],
): FileStoreSetting {
  const fallback: FileStoreSetting = databaseUrl ? { kind: 'database' } : { kind: 'local' };
  if (raw === '') return fallback;
  if (raw === 'local') return { kind: 'local' };
  if (raw === 'database') {
    if (!databaseUrl) problems.push('LIS_FILE_STORE=database needs DATABASE_URL (PostgreSQL)');
    return databaseUrl ? { kind: 'database' } : fallback;
  }
  if (raw.startsWith('shared:')) {
    const mount = raw.slice('shared:'.length);
    if (path.isAbsolute(mount)) return { kind: 'shared', path: path.resolve(mount) };
    problems.push(`LIS_FILE_STORE=shared: needs an absolute path, e.g. shared:/mnt/lis (got "${raw}")`);
    return fallback;
  }
  problems.push(`LIS_FILE_STORE must be local, database or shared:/path (got "${raw}")`);
  return fallback;
}
