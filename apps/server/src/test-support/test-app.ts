import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_COMPANIES, DEFAULT_SID } from '@lis/contracts';
import { loadConfig } from '../config/config.js';
import type { DialectName } from '../db/database.js';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../composition/build-app.js';
import { hashPassword } from '../modules/auth/password-hasher.js';
import { ManualClock } from './manual-clock.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export { ManualClock } from './manual-clock.js';

export interface TestApp extends BuiltApp {
  database: TestDatabase;
  clock: ManualClock;
  /** The master key secrets were sealed with (a pipeline in the test opens them with it). */
  masterKey: Buffer;
  /** Creates a company. */
  company(code: string, name?: string): Promise<void>;
  /** Creates a user with the given company roles (`[code, role]` pairs) and a password. */
  user(username: string, companies: [string, string][], password?: string): Promise<string>;
  /**
   * A valid bearer token for a user, issued once and then reused (a password change or reset ends it:
   * call `forgetToken`).
   */
  tokenFor(username: string): Promise<string>;
  /** Drops the cached token of a user, so that the next `tokenFor`/`as` issues a fresh one. */
  forgetToken(username: string): void;
  /** `app.inject` with the user's bearer token. */
  as(username: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'correct horse battery';

export interface TestAppOptions {
  /** Captures the app's log lines (pino JSON, level trace) — e.g. to prove no secret is logged. */
  logLines?: string[];
  /** The live event stream's heartbeat and caps (events.routes.ts). */
  liveEvents?: BuildAppOptions['liveEvents'];
}

export async function createTestApp(
  kind: DialectName,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const clock = new ManualClock();
  const config = loadConfig({
    LIS_DATA_DIR: path.join(os.tmpdir(), `lis-test-${crypto.randomBytes(4).toString('hex')}`),
    LIS_TIMEZONE: 'Asia/Bangkok',
    ...env,
  });
  const masterKey = crypto.randomBytes(32);
  const built = await buildApp({
    config,
    db: database.db,
    masterKey,
    version: '0.0.0-test',
    clock,
    ...(options.liveEvents ? { liveEvents: options.liveEvents } : {}),
    ...(options.logLines
      ? { logger: { level: 'trace', stream: { write: (line: string) => options.logLines?.push(line) } } }
      : {}),
  });
  const { context, app } = built;
  const tokens = new Map<string, string>();
  const testApp: TestApp = {
    ...built,
    database,
    clock,
    masterKey,
    company: async (code, name = `Company ${code}`) => {
      await context.companies.create(
        { sid: DEFAULT_SID, company_code: code, company_name: name, status: 'active' },
        clock.now(),
      );
    },
    user: async (username, companies, password = TEST_PASSWORD) => {
      await context.users.create(
        {
          username,
          first_name: `First ${username}`,
          last_name: `Last ${username}`,
          citizen_id: '',
          companies: companies.map(([company_code, role_access]) => ({
            sid: DEFAULT_SID,
            company_code,
            role_access,
          })),
        },
        await hashPassword(password),
        clock.now(),
      );
      return username;
    },
    tokenFor: async (username) => {
      const cached = tokens.get(username);
      if (cached) return cached;
      // The user's current token generation (decision 0026); an unknown user gets one that never matches.
      const user = await context.users.find(username);
      const generation = user?.username === username ? Number(user.token_generation) : -1;
      const token = await context.tokens.issue(
        { username, token_generation: generation },
        {
          username,
          first_name: '',
          last_name: '',
          citizen_id: '',
        },
      );
      tokens.set(username, token);
      return token;
    },
    forgetToken: (username) => {
      tokens.delete(username);
    },
    as: async (username, options) =>
      app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), authorization: `Bearer ${await testApp.tokenFor(username)}` },
      }),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
  return testApp;
}

/** The usual cast: a super_admin of all companies, an admin and a user of company A, a user of B. */
export async function withStandardUsers(t: TestApp): Promise<void> {
  await t.company('A');
  await t.company('B');
  await t.user('root', [[ALL_COMPANIES, 'super_admin']]);
  await t.user('admin-a', [['A', 'admin']]);
  await t.user('user-a', [['A', 'user']]);
  await t.user('user-b', [['B', 'user']]);
}
