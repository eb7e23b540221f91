import path from 'node:path';
import { parseDuration } from './duration.js';

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
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  /** STARTTLS is required: a server that does not offer it is refused. */
  requireTls: boolean;
  user: string | undefined;
  password: string | undefined;
  /** How long each step of the SMTP conversation is waited for (RFC 5321 §4.5.3.2); RFC values when absent. */
  timeouts?: SmtpTimeouts;
}

/** Waits of one SMTP conversation, in ms: each is how long LIS waits for the server's reply to that step. */
export interface SmtpTimeouts {
  /** TCP connection (and TLS from the start, port 465). */
  connectMs: number;
  /** The 220 greeting (RFC: 5 min). */
  greetingMs: number;
  /** MAIL FROM, and the other commands: EHLO, STARTTLS, AUTH, QUIT (RFC: 5 min). */
  mailMs: number;
  /** Each RCPT TO (RFC: 5 min). */
  rcptMs: number;
  /** The 354 reply to DATA (RFC: 2 min). */
  dataInitMs: number;
  /** Each block of the message going out (RFC: 3 min). */
  dataBlockMs: number;
  /** The final reply to the end of DATA (RFC: 10 min): the relay may take long to accept the message. */
  dataEndMs: number;
}

/** RFC 5321 §4.5.3.2 (the connection itself: 1 min). */
export const RFC_5321_TIMEOUTS: SmtpTimeouts = {
  connectMs: 60_000,
  greetingMs: 300_000,
  mailMs: 300_000,
  rcptMs: 300_000,
  dataInitMs: 120_000,
  dataBlockMs: 180_000,
  dataEndMs: 600_000,
};

/** The variable of each SMTP wait, with its RFC 5321 default (durations such as 10m or 300ms). */
const SMTP_TIMEOUT_VARIABLES: { key: keyof SmtpTimeouts; name: string; fallback: string; what: string }[] = [
  {
    key: 'connectMs',
    name: 'LIS_SMTP_CONNECT_TIMEOUT',
    fallback: '1m',
    what: 'connecting to the SMTP server',
  },
  {
    key: 'greetingMs',
    name: 'LIS_SMTP_GREETING_TIMEOUT',
    fallback: '5m',
    what: "the SMTP server's greeting",
  },
  {
    key: 'mailMs',
    name: 'LIS_SMTP_MAIL_TIMEOUT',
    fallback: '5m',
    what: 'the reply to MAIL FROM (and EHLO, STARTTLS, AUTH)',
  },
  { key: 'rcptMs', name: 'LIS_SMTP_RCPT_TIMEOUT', fallback: '5m', what: 'the reply to each RCPT TO' },
  { key: 'dataInitMs', name: 'LIS_SMTP_DATA_INIT_TIMEOUT', fallback: '2m', what: 'the reply to DATA' },
  {
    key: 'dataBlockMs',
    name: 'LIS_SMTP_DATA_BLOCK_TIMEOUT',
    fallback: '3m',
    what: 'each block of the message being sent',
  },
  {
    key: 'dataEndMs',
    name: 'LIS_SMTP_DATA_END_TIMEOUT',
    fallback: '10m',
    what: 'the final reply after the message; a mail without it is UNKNOWN, never resent by itself',
  },
];

export interface VariableDoc {
  name: string;
  default: string;
  description: string;
}

/** Every variable LIS reads; `lis --help` prints this table. */
export const VARIABLES: VariableDoc[] = [
  { name: 'LIS_PORT', default: '8080', description: 'HTTP port of the console and the API' },
  {
    name: 'LIS_HOST',
    default: '127.0.0.1',
    description: 'address to listen on (0.0.0.0 to serve other machines)',
  },
  {
    name: 'LIS_DATA_DIR',
    default: './data',
    description: 'folder of the embedded database, the file store and generated keys',
  },
  {
    name: 'DATABASE_URL',
    default: '(embedded SQLite)',
    description: 'postgres://… to use PostgreSQL 15+ instead of SQLite',
  },
  {
    name: 'LIS_FILE_STORE',
    default: 'database (DATABASE_URL), local (embedded)',
    description:
      'where run backups are kept: local (the data folder), database (PostgreSQL: every node reads them) or shared:/path (a mount every node has; checked at start)',
  },
  {
    name: 'LIS_ROLES',
    default: 'api,scheduler,worker',
    description: 'roles this node runs, comma-separated',
  },
  {
    name: 'LIS_WORKER_CONCURRENCY',
    default: '4',
    description:
      'job runs a worker node runs at once (1-1000); raise it when many jobs fall due on the same second',
  },
  {
    name: 'LIS_TIMEZONE',
    default: "the machine's",
    description: 'IANA time zone of cron triggers, e.g. Asia/Bangkok',
  },
  { name: 'LIS_LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug or trace' },
  {
    name: 'LIS_LOG_REQUESTS',
    default: 'api',
    description:
      'one log line per request: all, api (not static files, /v1/ping, /healthz, /readyz, /metrics) or off',
  },
  {
    name: 'LIS_MASTER_KEY',
    default: '(generated into the data folder)',
    description: 'base64 of 32 random bytes: encrypts secrets and signs tokens; set the same on every node',
  },
  { name: 'LIS_TOKEN_TTL', default: '8h', description: 'lifetime of a sign-in token (e.g. 30m, 8h)' },
  {
    name: 'LIS_ADMIN_USERNAME',
    default: 'admin',
    description: 'name of the super_admin created on the first start',
  },
  {
    name: 'LIS_ADMIN_PASSWORD',
    default: '(random, printed once)',
    description: 'password of that super_admin (at least 12 characters)',
  },
  {
    name: 'LIS_BASE_PATH',
    default: '/',
    description: 'path the console is served under behind a reverse proxy, e.g. /lis/',
  },
  {
    name: 'LIS_TRUST_PROXY',
    default: 'false',
    description: 'true when behind a reverse proxy that sets X-Forwarded-For',
  },
  {
    name: 'LIS_PORTAL_URL',
    default: '',
    description: 'address of the portal ("Back to Portal", expired sessions)',
  },
  {
    name: 'LIS_SSO_WEB',
    default: '',
    description: 'sign-on page embedded by /auth/signin; empty shows the login form',
  },
  {
    name: 'LIS_SSO_REDIRECT_TOKEN',
    default: '',
    description: 'text appended to the sign-on address after the return address',
  },
  {
    name: 'LIS_PORTAL_TOKEN_SECRET',
    default: '',
    description: 'HMAC secret verifying portal tokens at /ingress',
  },
  {
    name: 'LIS_PORTAL_JWKS_URL',
    default: '',
    description: 'JWKS address verifying portal tokens at /ingress (instead of a secret)',
  },
  { name: 'LIS_PORTAL_ISSUER', default: '', description: 'required iss of portal tokens, when set' },
  { name: 'LIS_PORTAL_AUDIENCE', default: '', description: 'required aud of portal tokens, when set' },
  {
    name: 'LIS_PORTAL_USER_CLAIM',
    default: 'username',
    description: 'claim of the portal token naming the LIS user',
  },
  { name: 'LIS_PING_URL', default: 'v1/ping', description: 'address the latency indicator posts to' },
  { name: 'LIS_PING_INTERVAL_MS', default: '60000', description: 'interval of the latency indicator' },
  {
    name: 'LIS_LOGIN_MAX_FAILURES',
    default: '10',
    description: 'failed sign-ins per address or user name before 429',
  },
  { name: 'LIS_LOGIN_WINDOW', default: '15m', description: 'window of that count' },
  {
    name: 'LIS_METRICS_PUBLIC',
    default: 'false',
    description: 'true serves /metrics without a session (for a scraper); otherwise super_admins only',
  },
  {
    name: 'LIS_SMTP_HOST',
    default: '',
    description: 'SMTP server of status e-mails; empty keeps them in the outbox shown in the console',
  },
  { name: 'LIS_SMTP_PORT', default: '587', description: 'SMTP port (465 for TLS from the start)' },
  {
    name: 'LIS_SMTP_TLS',
    default: 'starttls',
    description:
      'tls (TLS from the start), starttls (required) or opportunistic (STARTTLS when offered; not with LIS_SMTP_USER)',
  },
  { name: 'LIS_SMTP_USER', default: '', description: 'SMTP user name, when the server needs one' },
  { name: 'LIS_SMTP_PASSWORD', default: '', description: 'SMTP password' },
  { name: 'LIS_MAIL_FROM', default: 'lis@localhost', description: 'sender address of status e-mails' },
  ...SMTP_TIMEOUT_VARIABLES.map((v) => ({
    name: v.name,
    default: v.fallback,
    description: `${v.key === 'connectMs' ? 'time limit' : 'RFC 5321 time limit'} of ${v.what}`,
  })),
  {
    name: 'LIS_DEMO',
    default: 'on (embedded store), off (DATABASE_URL)',
    description:
      'on/off: the first start on an empty store seeds a DEMO company whose jobs run against built-in peers; remove it with `lis demo remove`',
  },
];

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

  const demo = text('LIS_DEMO', 'auto');
  if (!['on', 'off', 'auto'].includes(demo)) problems.push('LIS_DEMO must be on or off');

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const fileStore = fileStoreSetting(text('LIS_FILE_STORE'), databaseUrl, problems);
  const portalUrl = url('LIS_PORTAL_URL', ['http:', 'https:']) ?? '';
  const ssoWeb = url('LIS_SSO_WEB', ['http:', 'https:']) ?? '';
  const jwksUrl = url('LIS_PORTAL_JWKS_URL', ['http:', 'https:']);

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

export function helpText(): string {
  const width = Math.max(...VARIABLES.map((v) => v.name.length));
  const lines = VARIABLES.map((v) => `  ${v.name.padEnd(width)}  ${v.description} [default: ${v.default}]`);
  return [
    'LIS — Legacy Integration Scheduler',
    '',
    'Usage: lis [--help] [--version]',
    '       Starts the console, the API and the engine (roles from LIS_ROLES).',
    '       lis cron next|describe|validate …  checks a Quartz cron expression (lis cron --help).',
    '       lis demo remove  removes the demo company, its jobs, runs, files and peers.',
    '       lis backup DIR, lis restore DIR  copies the embedded install (while it runs), and back.',
    '       lis user reset-password NAME  prints a new one-time password for NAME (changed at sign-in).',
    '',
    'Environment variables:',
    ...lines,
    '',
  ].join('\n');
}
