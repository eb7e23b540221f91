/**
 * The one set-up of the service tests (issue 33: one test file beside each service, on the real
 * database with the real repositories): a fresh migrated database — a SQLite file in a temporary data
 * folder, or its own PostgreSQL schema when the kind is `postgres` —, every service built by the
 * composition root, companies A and B with their users, and the clean-up. When composition changes how
 * it builds services, this file is the one the service tests need adjusted.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { ALL_COMPANIES, DEFAULT_SID } from '@lis/contracts';
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type Db, type DialectName } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createPipelineHandler } from '../composition/create-pipeline.js';
import { createServices, type Services } from '../composition/services.js';
import { inProcessSignal, type SchedulerSignal } from '../engine/scheduler/scheduler-signal.js';
import { Worker } from '../engine/worker/worker.js';
import type { MessageKey, MessageParams } from '../i18n/messages.js';
import type { Identity } from '../modules/access/access.js';
import { hashPassword } from '../modules/auth/password-hasher.js';
import { DomainError, type DomainErrorKind } from '../platform/domain-error.js';
import { eventually } from './eventually.js';
import { ManualClock } from './manual-clock.js';
import { createTestDatabase } from './test-database.js';

/** The password of every harness user (the HTTP tests' TEST_PASSWORD). */
export const TEST_PASSWORD = 'correct horse battery';

/** Companies A and B; a super_admin of every company, an admin and a user of each. */
export const STANDARD_USERS: readonly [username: string, grants: [company: string, role: string][]][] = [
  ['root', [[ALL_COMPANIES, 'super_admin']]],
  ['admin-a', [['A', 'admin']]],
  ['user-a', [['A', 'user']]],
  ['admin-b', [['B', 'admin']]],
  ['user-b', [['B', 'user']]],
];

export interface ServiceHarness {
  readonly kind: DialectName;
  readonly db: Db;
  readonly config: Config;
  readonly masterKey: Buffer;
  /** The services' clock (the database's own clock is real time). */
  readonly clock: ManualClock;
  readonly signal: SchedulerSignal;
  /** Every service and repository, as the composition root builds them for the server. */
  readonly services: Services;
  company(code: string): Promise<void>;
  /** A user with `[company, role]` grants and TEST_PASSWORD (not a one-time password). */
  user(username: string, grants: [company: string, role: string][]): Promise<void>;
  /** A bearer token of the user's current token generation, as sign-in issues it. */
  token(username: string): Promise<string>;
  /** The caller as the server sees it: a token issued and loaded back through the identity loader. */
  identity(username: string): Promise<Identity>;
  /** A worker node with the real file pipeline, as the server's worker role runs it; answers its stop. */
  startWorker(): Promise<{ stop(): Promise<void> }>;
  /** Waits until the run of that instance number has ended; answers it. */
  waitForEnd(jobInstanceNo: string): Promise<EndedRun>;
  /** Runs a job once (run-immediate by root) on a worker started for it; answers the ended run. */
  runToEnd(companyCode: string, legacyId: string): Promise<EndedRun>;
  close(): Promise<void>;
}

export interface EndedRun {
  id: string;
  job_instance_no: string;
  state: string;
  message: string | null;
}

let passwordHash: Promise<string> | undefined;
/** argon2 takes a while: every harness user shares one hash of TEST_PASSWORD. */
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

async function openMigrated(kind: DialectName, dataDir: string) {
  if (kind === 'postgres') return createTestDatabase('postgres');
  const db = openDatabase({ sqliteFile: path.join(dataDir, 'lis.sqlite') });
  await migrateToLatest(db);
  return { db, drop: () => db.close() };
}

/** A fresh harness on `kind` with companies A and B and STANDARD_USERS. */
export async function createServiceHarness(kind: DialectName): Promise<ServiceHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-service-'));
  const database = await openMigrated(kind, dataDir);
  const { db } = database;
  const config = loadConfig({ LIS_DATA_DIR: dataDir, LIS_TIMEZONE: 'Asia/Bangkok' });
  const masterKey = crypto.randomBytes(32);
  const clock = new ManualClock();
  const signal = inProcessSignal();
  const services = createServices({ db, config, masterKey, clock, signal });
  /** Workers a test left running (it failed before stopping them) are stopped by close(). */
  const workers = new Set<() => Promise<void>>();

  const harness: ServiceHarness = {
    kind,
    db,
    config,
    masterKey,
    clock,
    signal,
    services,
    company: async (code) => {
      await services.companies.create(
        { sid: DEFAULT_SID, company_code: code, company_name: `Company ${code}`, status: 'active' },
        clock.now(),
      );
    },
    user: async (username, grants) => {
      const companies = grants.map(([company_code, role_access]) => ({
        sid: DEFAULT_SID,
        company_code,
        role_access,
      }));
      await services.users.create(
        { username, first_name: username, last_name: '', citizen_id: '', companies },
        await testPasswordHash(),
        clock.now(),
      );
    },
    token: async (username) => {
      const user = await services.users.find(username);
      if (!user) throw new Error(`no user ${username}`);
      return services.tokens.issue(
        { username, token_generation: Number(user.token_generation) },
        { username, first_name: user.first_name, last_name: user.last_name, citizen_id: user.citizen_id },
      );
    },
    identity: async (username) => {
      const identity = await services.identities.fromToken(await harness.token(username));
      if (!identity) throw new Error(`the token of ${username} was refused`);
      return identity;
    },
    startWorker: async () => {
      const worker = new Worker({
        db,
        signal,
        handler: createPipelineHandler(config, db, masterKey, { stableIntervalMs: 100, sftpBackoffMs: 50 }),
        leaseMs: 30_000,
        pollMs: 50,
        timeZone: config.timeZone,
      });
      await worker.start();
      const stop = async () => {
        workers.delete(stop);
        await worker.stop();
      };
      workers.add(stop);
      return { stop };
    },
    waitForEnd: (jobInstanceNo) =>
      eventually(
        () =>
          db.kysely
            .selectFrom('job_runs')
            .select(['id', 'job_instance_no', 'state', 'message'])
            .where('job_instance_no', '=', jobInstanceNo)
            .where('finished_at', 'is not', null)
            .executeTakeFirst(),
        { timeout: 30_000, interval: 50, message: `run ${jobInstanceNo} to end` },
      ),
    runToEnd: async (companyCode, legacyId) => {
      const worker = await harness.startWorker();
      try {
        const started = await services.scheduling.runImmediately(companyCode, legacyId, 'root');
        return await harness.waitForEnd(started.job_instance_no);
      } finally {
        await worker.stop();
      }
    },
    close: async () => {
      for (const stop of [...workers]) await stop();
      await signal.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await harness.company('A');
  await harness.company('B');
  for (const [username, grants] of STANDARD_USERS) await harness.user(username, grants);
  return harness;
}

/**
 * A harness for the `describe` it is called in: built in `beforeAll` (then `seed`), closed in
 * `afterAll`. Its members may be read only inside hooks and tests.
 */
export function useServiceHarness(
  kind: DialectName,
  seed?: (harness: ServiceHarness) => Promise<void>,
): ServiceHarness {
  let current: ServiceHarness | undefined;
  beforeAll(async () => {
    current = await createServiceHarness(kind);
    await seed?.(current);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as ServiceHarness, {
    get: (_target, key) => {
      if (!current) throw new Error('the service harness is built in beforeAll: read it in a hook or test');
      return Reflect.get(current, key) as unknown;
    },
  });
}

export interface ExpectedRefusal {
  kind: DomainErrorKind;
  key: MessageKey;
  params?: MessageParams;
  /** Asserted when given (issue 33: codes are being added to every domain error). */
  code?: string;
}

/** Awaits `promise`, which must fail with a DomainError of that kind and key; answers the error. */
export async function expectRefusal(
  promise: Promise<unknown>,
  expected: ExpectedRefusal,
): Promise<DomainError> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome))
    throw new Error(`expected ${expected.kind} ${expected.key}, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(DomainError);
  const error = outcome.error as DomainError;
  expect({ kind: error.kind, key: error.key }).toEqual({ kind: expected.kind, key: expected.key });
  if (expected.params) expect(error.params).toMatchObject(expected.params);
  if (expected.code !== undefined) expect(error.code).toBe(expected.code);
  return error;
}
