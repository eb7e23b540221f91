import { SMTP_TIMEOUT_VARIABLES } from './smtp-config.js';

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
    name: 'LIS_FUNCTION_MAX_ANSWER_MB',
    default: '2048',
    description:
      'largest function-server answer a run takes, in MiB (base64 included); a larger one ends step 2 ERROR before anything of it is used',
  },
  {
    name: 'LIS_WORKER_CONCURRENCY',
    default: '4',
    description:
      'job runs a worker node runs at once (1-1000); raise it when many jobs fall due on the same second',
  },
  {
    name: 'LIS_SERVER_CHECK_INTERVAL_SECONDS',
    default: '300',
    description:
      'connection check of every function and sFTP server, once per this many seconds across the cluster (worker nodes); 0 turns it off (docs/alerts.md)',
  },
  {
    name: 'LIS_SERVER_CHECK_TIMEOUT_SECONDS',
    default: '10',
    description: 'time limit of one connection check (1-120)',
  },
  {
    name: 'LIS_SERVER_CHECK_FAILURES',
    default: '2',
    description:
      'failed connection checks in a row that make a server unreachable and raise SERVER_UNREACHABLE (1-100)',
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
    name: 'LIS_PUBLIC_URL',
    default: '(none: alert links are paths)',
    description:
      "the console's address as alert receivers reach it, e.g. https://lis.example.com — alerts link to it (docs/alerts.md)",
  },
  {
    name: 'LIS_OUTBOUND_DENY',
    default: '(none: every address)',
    description:
      'addresses LIS may not connect to (sFTP, function server, DMS, SMTP, portal JWKS): CIDRs, addresses, host names (*.example.com), or all; checked after DNS on every connect',
  },
  {
    name: 'LIS_OUTBOUND_ALLOW',
    default: '(none)',
    description: 'exceptions to LIS_OUTBOUND_DENY (same forms); with LIS_OUTBOUND_DENY=all, the only way out',
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
