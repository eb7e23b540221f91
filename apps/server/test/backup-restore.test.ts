import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupCommand } from '../src/cli/backup-command.js';
import { loadConfig } from '../src/config/config.js';
import { MIGRATION_NAMES } from '../src/db/migrate.js';
import { MANIFEST_FILE, type BackupManifest } from '../src/platform/data-backup.js';
import { startServer, type RunningServer } from '../src/server.js';
import { eventually } from '../src/test-support/eventually.js';

const PASSWORD = 'backup-test-password';
const JOB = 'DEMO_ORDERS_CSV';

/** How long a started server's demo may take on a loaded machine. */
const SERVER_PATIENCE = { timeout: 60_000, interval: 100 };

const envFor = (dataDir: string, extra: Record<string, string> = {}) => ({
  LIS_DATA_DIR: dataDir,
  LIS_PORT: '0',
  LIS_ADMIN_PASSWORD: PASSWORD,
  LIS_LOG_LEVEL: 'silent',
  LIS_TIMEZONE: 'Asia/Bangkok',
  ...extra,
});

async function signIn(server: RunningServer) {
  const login = await fetch(`${server.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  return (method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
}

interface KeptFile {
  file_name: string;
  sha256: string;
  size: number;
  blob_key: string;
  job_instance_no: string;
}

/**
 * `lis backup` of a running embedded install and `lis restore` into a new folder: a server started on
 * the restored folder finds the company, the job, the run and its kept file as they were.
 */
describe('backup and restore of an embedded install', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-backup-'));
  const dataDir = path.join(root, 'data');
  const backupDir = path.join(root, 'backup');
  const restoredDir = path.join(root, 'restored');
  const out: string[] = [];
  const err: string[] = [];
  const cli = (command: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
    runBackupCommand(
      command,
      args,
      env,
      'test',
      (line) => out.push(line),
      (line) => err.push(line),
      root,
    );
  let running: RunningServer | undefined;
  let kept: KeptFile;
  /** The master key as the operator keeps it apart from the backup (a copy of keys/master.key). */
  const keptKey = path.join(root, 'kept-master.key');
  const withKey = ['--master-key', keptKey];

  beforeAll(async () => {
    // The demo gives a company, jobs that run against real peers, and runs that keep files.
    running = await startServer(loadConfig(envFor(dataDir)), { version: 'test' });
    const call = await signIn(running);
    const inbox = path.join(dataDir, 'demo', 'sftp', 'in', 'orders');
    await eventually(() => fs.existsSync(inbox) && fs.readdirSync(inbox).length > 0, {
      ...SERVER_PATIENCE,
      message: 'an input file of the demo',
    });
    const started = await call(
      'GET',
      `/v1/lis-server/run-immediate?sid=555&company_code=DEMO&legacy_id=${JOB}&legacy_type=IN_WAIT`,
    );
    expect(started.status).toBe(200);
    const db = new SqliteDatabase(path.join(dataDir, 'lis.sqlite'), { readonly: true });
    try {
      // The run of this request, or the cron's run that took the file first.
      kept = await eventually(
        () =>
          db
            .prepare(
              `select f.file_name, f.sha256, f.size, f.blob_key, f.job_instance_no from run_files f
             join job_runs r on r.job_instance_no = f.job_instance_no
             where f.legacy_id = ? and f.list_type = 'source' and r.state = 'FINISHED' limit 1`,
            )
            .get(JOB) as KeptFile | undefined,
        { ...SERVER_PATIENCE, message: 'a finished run with a kept source file' },
      );
    } finally {
      db.close();
    }
    expect(kept?.size).toBeGreaterThan(0);
    fs.copyFileSync(path.join(dataDir, 'keys', 'master.key'), keptKey);
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('copies the running install: database, file store, master key and a manifest with every hash', async () => {
    expect(fs.existsSync(path.join(dataDir, 'lis.lock'))).toBe(true);
    const beforeBackup = Date.now();
    expect(await cli('backup', [backupDir], envFor(dataDir)), err.join('\n')).toBe(0);
    const afterBackup = Date.now();
    const manifest = JSON.parse(
      fs.readFileSync(path.join(backupDir, MANIFEST_FILE), 'utf8'),
    ) as BackupManifest;
    expect(manifest).toMatchObject({
      format: 'lis-backup',
      formatVersion: 2,
      lisVersion: 'test',
      database: 'sqlite',
      migrations: [...MIGRATION_NAMES].sort(),
      masterKeyIncluded: true,
    });
    // Stamped by this backup (the manifest keeps whole milliseconds of an ISO time).
    expect(Date.parse(manifest.createdAt)).toBeGreaterThanOrEqual(beforeBackup);
    expect(Date.parse(manifest.createdAt)).toBeLessThanOrEqual(afterBackup);
    const paths = manifest.files.map((f) => f.path);
    expect(paths).toContain('lis.sqlite');
    expect(paths).toContain('keys/master.key');
    expect(paths).toContain(`files/${kept.blob_key}`);
    expect(paths.filter((p) => /lis\.(lock|pid)$|-wal$|-shm$|\.part-/.test(p))).toEqual([]);
    expect(fs.existsSync(path.join(backupDir, 'lis.lock'))).toBe(false);
    for (const entry of manifest.files) {
      const bytes = fs.readFileSync(path.join(backupDir, entry.path));
      expect(bytes.length, entry.path).toBe(entry.size);
      expect(crypto.createHash('sha256').update(bytes).digest('hex'), entry.path).toBe(entry.sha256);
    }
    expect(fs.statSync(path.join(backupDir, 'keys', 'master.key')).mode & 0o777).toBe(0o600);
    // A whole database on its own (taken while the demo's jobs wrote), with nothing beside it.
    const copy = new SqliteDatabase(path.join(backupDir, 'lis.sqlite'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
    expect(manifest.hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['files', 'keys', 'lis.sqlite', 'manifest.json']);
    expect(fs.readFileSync(path.join(backupDir, 'keys', 'master.key'))).toEqual(
      fs.readFileSync(path.join(dataDir, 'keys', 'master.key')),
    );
    // The server kept running and serving through the backup.
    expect((await fetch(`${running?.url}/healthz`)).status).toBeLessThan(500);
  });

  it('refuses a backup into a folder that is not empty, and a restore onto a folder in use or not empty', async () => {
    err.length = 0;
    expect(await cli('backup', [backupDir], envFor(dataDir))).toBe(1);
    expect(err.join('\n')).toMatch(/is not empty/);
    err.length = 0;
    expect(await cli('restore', [backupDir, ...withKey], envFor(dataDir))).toBe(1);
    expect(err.join('\n')).toMatch(/in use by another running LIS process/);
    const other = path.join(root, 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'notes.txt'), 'mine');
    err.length = 0;
    expect(await cli('restore', [backupDir, ...withKey], envFor(other))).toBe(1);
    expect(err.join('\n')).toMatch(/is not empty/);
    expect(fs.readdirSync(other)).toEqual(['notes.txt']);
  });

  it('refuses a damaged backup and restores nothing', async () => {
    const damaged = path.join(root, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const file = path.join(damaged, 'files', kept.blob_key);
    fs.appendFileSync(file, 'x');
    const target = path.join(root, 'from-damaged');
    err.length = 0;
    expect(await cli('restore', [damaged, ...withKey], envFor(target))).toBe(1);
    expect(err.join('\n')).toContain(`files/${kept.blob_key} has ${kept.size + 1} bytes`);
    expect(fs.existsSync(path.join(target, 'lis.sqlite'))).toBe(false);
  });

  it('refuses a backup whose database was edited and whose manifest was recomputed (issue 32)', async () => {
    const tampered = path.join(root, 'tampered');
    fs.cpSync(backupDir, tampered, { recursive: true });
    // An edited row, as someone with the backup in hand (but not the key) could plant one.
    const db = new SqliteDatabase(path.join(tampered, 'lis.sqlite'));
    try {
      db.prepare("update users set first_name = 'Mallory' where username = 'admin'").run();
    } finally {
      db.close();
    }
    const file = path.join(tampered, MANIFEST_FILE);
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
    for (const entry of manifest.files) {
      const bytes = fs.readFileSync(path.join(tampered, entry.path));
      entry.size = bytes.length;
      entry.sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    }
    fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
    const target = path.join(root, 'from-tampered');
    err.length = 0;
    expect(await cli('restore', [tampered, ...withKey], envFor(target))).toBe(1);
    expect(err.join('\n')).toMatch(/is not authenticated by this master key: the backup was altered/);
    expect(fs.existsSync(path.join(target, 'lis.sqlite'))).toBe(false);
    // Without a key from outside the backup, the restore asks for one; the backup's own is an explicit choice.
    err.length = 0;
    expect(await cli('restore', [tampered], envFor(target))).toBe(1);
    expect(err.join('\n')).toMatch(
      /from a place other than the backup: LIS_MASTER_KEY, or --master-key FILE/,
    );
    // With its own key, a backup of someone who had it in hand is not caught: that is why it is a flag.
    err.length = 0;
    expect(
      await cli('restore', [backupDir, '--trust-backup-key'], envFor(path.join(root, 'own-key'))),
      err.join('\n'),
    ).toBe(0);
  });

  it('refuses a backup holding a symbolic link where a file is listed', async () => {
    const linked = path.join(root, 'linked');
    fs.cpSync(backupDir, linked, { recursive: true });
    const file = path.join(linked, 'files', ...kept.blob_key.split('/'));
    fs.rmSync(file);
    fs.symlinkSync(path.join(dataDir, 'files', ...kept.blob_key.split('/')), file);
    const target = path.join(root, 'from-linked');
    err.length = 0;
    expect(await cli('restore', [linked, ...withKey], envFor(target))).toBe(1);
    expect(err.join('\n')).toMatch(/is a symbolic link; nothing was restored/);
    expect(fs.existsSync(path.join(target, 'lis.sqlite'))).toBe(false);
  });

  it('restores into a new folder where a server finds the job, the run and its file intact', async () => {
    out.length = 0;
    expect(await cli('restore', [backupDir, ...withKey], envFor(restoredDir)), err.join('\n')).toBe(0);
    expect(out.join('\n')).toMatch(/Restored the backup/);
    const restored = await startServer(loadConfig(envFor(restoredDir, { LIS_DEMO: 'off' })), {
      version: 'test',
    });
    try {
      const call = await signIn(restored);
      const jobs = await call('GET', '/v1/config/job-config?company_code=DEMO');
      expect(jobs.status).toBe(200);
      const list = ((await jobs.json()) as { result_list: { legacyid: string }[] }).result_list;
      expect(list.map((job) => job.legacyid)).toContain(JOB);
      const download = await call('POST', '/v1/lis-server/get-backup-file-with-legacyid', {
        company_code: 'DEMO',
        legacy_id: JOB,
        job_instance_no: kept.job_instance_no,
        path: kept.file_name,
      });
      expect(download.status, await download.clone().text()).toBe(200);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.length).toBe(kept.size);
      expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(kept.sha256);
      const db = new SqliteDatabase(path.join(restoredDir, 'lis.sqlite'), { readonly: true });
      try {
        expect(
          db.prepare('select state from job_runs where job_instance_no = ?').get(kept.job_instance_no),
        ).toEqual({ state: 'FINISHED' });
      } finally {
        db.close();
      }
    } finally {
      await restored.close();
    }
    // A whole product: restore, start, sign in, download — minutes on a loaded CI machine, seconds here.
  }, 120_000);

  it('sends a PostgreSQL install to pg_dump', async () => {
    err.length = 0;
    const code = await cli(
      'backup',
      [path.join(root, 'pg')],
      envFor(dataDir, { DATABASE_URL: 'postgres://db/lis' }),
    );
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/pg_dump/);
    expect(fs.existsSync(path.join(root, 'pg'))).toBe(false);
  });
});
