export interface OneTimeCredential {
  username: string;
  password: string;
  /** What the user is, e.g. "super_admin", "admin of DEMO". */
  role: string;
}

const RULE = '='.repeat(72);

/**
 * The block printed to stderr once, at the first start, when passwords were generated (decision 0020):
 * where to sign in, who, with which one-time password. Framed so that it stands out of the JSON log;
 * one `name  password  (role)` line per user, which scripts may read.
 */
export function firstStartNotice(url: string, credentials: OneTimeCredential[]): string {
  const width = Math.max(...credentials.map((c) => c.username.length));
  const passwordWidth = Math.max(...credentials.map((c) => c.password.length));
  return [
    '',
    RULE,
    '  LIS is ready. First start: sign in with these one-time passwords',
    `  at ${url}`,
    '',
    ...credentials.map(
      (c) => `    ${c.username.padEnd(width)}  ${c.password.padEnd(passwordWidth)}  (${c.role})`,
    ),
    '',
    '  Each must be changed at its first sign-in. They are shown only now;',
    '  a lost one: npm run lis -- user reset-password NAME',
    RULE,
    '',
    '',
  ].join('\n');
}
