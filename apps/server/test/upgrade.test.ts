import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { MIGRATION_NAMES } from '../src/db/migrate.js';
import { generateDemoHostKey } from '../src/demo/demo-peers.js';
import { startDemoSftpServer, type DemoSftpServer } from '../src/demo/demo-sftp-server.js';
import { startServer, type RunningServer } from '../src/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A data folder made by the landed release 0.1.0 (commit c5ed7e4); its README says how. */
const FIXTURE = path.join(here, 'fixtures', 'data-v0.1.0-c5ed7e4');
const ADMIN_PASSWORD = 'fixture-admin-password';

/** The fixture's runs as release 0.1.0 left them. */
const runsIn = (sqliteFile: string) => {
  const db = new SqliteDatabase(sqliteFile, { readonly: true });
  try {
    return db
      .prepare("select id, state, message from job_runs where legacy_id = 'ACME_ORDERS' order by id")
      .all() as { id: string; state: string; message: string }[];
  } finally {
    db.close();
  }
};

const migrationsIn = (sqliteFile: string): string[] => {
  const db = new SqliteDatabase(sqliteFile, { readonly: true });
  try {
    return (db.prepare('select name from lis_migration order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    db.close();
  }
};

/** Today's code on a data folder of the landed release: it migrates forward and the data survive. */
describe('upgrading a data folder of release 0.1.0', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-upgrade-'));
  let server: RunningServer;
  let sftp: DemoSftpServer;
  let token: string;
  let fixtureMigrations: string[];
  let fixtureRuns: ReturnType<typeof runsIn>;

  beforeAll(async () => {
    fs.cpSync(FIXTURE, dataDir, { recursive: true });
    fixtureMigrations = migrationsIn(path.join(dataDir, 'lis.sqlite'));
    fixtureRuns = runsIn(path.join(dataDir, 'lis.sqlite'));
    server = await startServer(
      loadConfig({
        LIS_DATA_DIR: dataDir,
        LIS_PORT: '0',
        LIS_LOG_LEVEL: 'silent',
        LIS_TIMEZONE: 'Asia/Bangkok',
        LIS_DEMO: 'off',
        // The API only: the fixture's daily trigger falls due as the calendar moves on, and a fire
        // here would be today's behaviour, not the upgrade's.
        LIS_ROLES: 'api',
      }),
      { version: 'test' },
    );
    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    token = ((await login.json()) as { access_token: string }).access_token;
    // An sFTP server that accepts only the password the fixture stored, sealed with its master key.
    sftp = await startDemoSftpServer({
      root: path.join(dataDir, 'sftp-root'),
      username: 'acme',
      password: 'fixture-sftp-secret',
      hostKey: generateDemoHostKey(),
    });
  });
  afterAll(async () => {
    await sftp?.close();
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('applies the migrations added since, and only those', () => {
    expect(fixtureMigrations.length).toBeGreaterThan(0);
    expect(MIGRATION_NAMES.slice(0, fixtureMigrations.length)).toEqual(fixtureMigrations);
    expect(migrationsIn(path.join(dataDir, 'lis.sqlite'))).toEqual([...MIGRATION_NAMES].sort());
  });

  it('keeps the company, the job and its run', async () => {
    const companies = await call('GET', '/v1/company_master');
    expect(companies.body.result_list).toEqual([
      expect.objectContaining({ company_code: 'ACME', company_name: 'Acme Upgrade Fixture' }),
    ]);
    const jobs = await call('GET', '/v1/config/job-config?company_code=ACME');
    expect(jobs.status, JSON.stringify(jobs.body)).toBe(200);
    expect(jobs.body.result_list).toEqual([
      expect.objectContaining({
        legacyid: 'ACME_ORDERS',
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'acme-sftp',
      }),
    ]);
    expect(fixtureRuns).toEqual([
      { id: expect.any(String), state: 'ERROR', message: expect.stringContaining('connection refused') },
    ]);
    expect(runsIn(path.join(dataDir, 'lis.sqlite'))).toEqual(fixtureRuns);
  });

  it('still opens the secrets sealed with the master key of the data folder', async () => {
    const list = await call('GET', '/v1/config/sftp-server?company_code=ACME');
    expect(list.body.result_list).toEqual([
      expect.objectContaining({ sftp_server_id: 'acme-sftp', sftp_username: 'acme' }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain('fixture-sftp-secret');
    // Point the saved server at a live sFTP server, keeping the stored password: in the database
    // itself, as the API refuses a new address without the password typed again (decision 0024) …
    const db = new SqliteDatabase(path.join(dataDir, 'lis.sqlite'));
    try {
      const moved = db
        .prepare("update sftp_servers set host = '127.0.0.1', port = ? where sftp_server_id = 'acme-sftp'")
        .run(sftp.port);
      expect(moved.changes).toBe(1);
    } finally {
      db.close();
    }
    // … which the connection test decrypts and signs in with.
    const test = await call('POST', '/v1/test/sftp/connection', {
      sftp_server_id: 'acme-sftp',
      company_code: 'ACME',
    });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body.entries).toEqual([]);
  });
});

describe('a data folder newer than the code', () => {
  it('is refused at start with a clear message, and left as it was', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-newer-'));
    try {
      fs.cpSync(FIXTURE, dataDir, { recursive: true });
      const sqliteFile = path.join(dataDir, 'lis.sqlite');
      const db = new SqliteDatabase(sqliteFile);
      db.prepare('insert into lis_migration (name, timestamp) values (?, ?)').run(
        '9999-from-a-newer-release',
        new Date().toISOString(),
      );
      db.close();
      const before = migrationsIn(sqliteFile);
      const config = loadConfig({
        LIS_DATA_DIR: dataDir,
        LIS_PORT: '0',
        LIS_LOG_LEVEL: 'silent',
        LIS_DEMO: 'off',
      });
      await expect(startServer(config, { version: 'test' })).rejects.toThrow(
        /migrated by a newer version of LIS: it has the migration\(s\) 9999-from-a-newer-release/,
      );
      expect(migrationsIn(sqliteFile)).toEqual(before);
      expect(before.some((name) => !MIGRATION_NAMES.includes(name))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
