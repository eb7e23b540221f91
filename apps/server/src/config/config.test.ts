import { describe, expect, it } from 'vitest';
import { ConfigError, helpText, loadConfig, VARIABLES } from './config.js';

describe('loadConfig', () => {
  it('has working defaults on an empty environment', () => {
    const config = loadConfig({ LIS_TIMEZONE: 'Asia/Bangkok' }, '/srv/lis');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/srv/lis/data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.tokenTtlMs).toBe(8 * 3600 * 1000);
    expect(config.adminUsername).toBe('admin');
    expect(config.roles).toEqual(['api', 'scheduler', 'worker']);
    expect(config.basePath).toBe('/');
    expect(config.workerConcurrency).toBe(4);
  });

  it('takes a worker node’s job slots from LIS_WORKER_CONCURRENCY, 1 to 1000', () => {
    expect(loadConfig({ LIS_WORKER_CONCURRENCY: '64' }).workerConcurrency).toBe(64);
    for (const bad of ['0', '1001', 'many']) {
      expect(() => loadConfig({ LIS_WORKER_CONCURRENCY: bad })).toThrow(/LIS_WORKER_CONCURRENCY/);
    }
  });

  it('checks every function and sFTP server each 300 s by default, 2 failures in a row; 0 turns the checks off', () => {
    expect(loadConfig({}).serverChecks).toEqual({
      intervalMs: 300_000,
      timeoutMs: 10_000,
      failureThreshold: 2,
    });
    const set = loadConfig({
      LIS_SERVER_CHECK_INTERVAL_SECONDS: '0',
      LIS_SERVER_CHECK_TIMEOUT_SECONDS: '5',
      LIS_SERVER_CHECK_FAILURES: '3',
    });
    expect(set.serverChecks).toEqual({ intervalMs: 0, timeoutMs: 5_000, failureThreshold: 3 });
    expect(() => loadConfig({ LIS_SERVER_CHECK_FAILURES: '0' })).toThrow(/LIS_SERVER_CHECK_FAILURES/);
    expect(() => loadConfig({ LIS_SERVER_CHECK_TIMEOUT_SECONDS: '0' })).toThrow(
      /LIS_SERVER_CHECK_TIMEOUT_SECONDS/,
    );
  });

  it('names every bad variable, one message each', () => {
    let error: unknown;
    try {
      loadConfig({
        LIS_PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LIS_TIMEZONE: 'Mars/Olympus',
        LIS_TOKEN_TTL: 'forever',
        LIS_MASTER_KEY: 'c2hvcnQ=',
        LIS_ADMIN_PASSWORD: 'short',
        LIS_ROLES: 'api,cook',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    for (const name of [
      'LIS_PORT',
      'DATABASE_URL',
      'LIS_TIMEZONE',
      'LIS_TOKEN_TTL',
      'LIS_MASTER_KEY',
      'LIS_ADMIN_PASSWORD',
      'LIS_ROLES',
    ]) {
      expect(problems.filter((p) => p.startsWith(name))).toHaveLength(1);
    }
  });

  it('accepts PostgreSQL and durations', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      LIS_TOKEN_TTL: '30m',
      LIS_BASE_PATH: '/lis',
    });
    expect(config.databaseUrl).toBe('postgres://u@127.0.0.1/db');
    expect(config.tokenTtlMs).toBe(30 * 60 * 1000);
    expect(config.basePath).toBe('/lis/');
  });

  it('keeps run backups in the data folder when embedded, in the database with DATABASE_URL, or where told', () => {
    const pg = { DATABASE_URL: 'postgres://u@127.0.0.1/db' };
    expect(loadConfig({}, '/srv/lis').fileStore).toEqual({ kind: 'local' });
    expect(loadConfig(pg).fileStore).toEqual({ kind: 'database' });
    expect(loadConfig({ ...pg, LIS_FILE_STORE: 'local' }).fileStore).toEqual({ kind: 'local' });
    expect(loadConfig({ ...pg, LIS_FILE_STORE: 'shared:/mnt/lis/' }).fileStore).toEqual({
      kind: 'shared',
      path: '/mnt/lis',
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ LIS_FILE_STORE: 'database' })).toEqual([
      'LIS_FILE_STORE=database needs DATABASE_URL (PostgreSQL)',
    ]);
    expect(problems({ ...pg, LIS_FILE_STORE: 'shared:mnt' })).toEqual([
      'LIS_FILE_STORE=shared: needs an absolute path, e.g. shared:/mnt/lis (got "shared:mnt")',
    ]);
    expect(problems({ ...pg, LIS_FILE_STORE: 's3' })).toEqual([
      'LIS_FILE_STORE must be local, database or shared:/path (got "s3")',
    ]);
  });

  it('reads the outbound policy, open by default, and names a bad entry', () => {
    const env = { LIS_TIMEZONE: 'Asia/Bangkok' };
    expect(loadConfig(env).outbound.open).toBe(true);
    const hardened = loadConfig({
      ...env,
      LIS_OUTBOUND_DENY: '127.0.0.0/8, ::1/128',
      LIS_OUTBOUND_ALLOW: '127.0.0.9',
    });
    expect(hardened.outbound.allowsAddress('127.0.0.1', 4)).toBe(false);
    expect(hardened.outbound.allowsAddress('::ffff:7f00:1', 6)).toBe(false);
    expect(hardened.outbound.allowsAddress('127.0.0.9', 4)).toBe(true);
    expect(hardened.outbound.allowsAddress('192.0.2.1', 4)).toBe(true);
    expect(() => loadConfig({ ...env, LIS_OUTBOUND_DENY: '10.0.0.0/40' })).toThrow(
      'LIS_OUTBOUND_DENY has an entry that is neither an address, a CIDR nor a host name: "10.0.0.0/40"',
    );
  });

  it('--help lists every variable', () => {
    const text = helpText();
    for (const variable of VARIABLES) expect(text).toContain(variable.name);
  });
});
