import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { startServer, type RunningServer } from '../src/server.js';
import { eventually } from '../src/test-support/eventually.js';

const PASSWORD = 'roles-test-password';

/** The whole node as `npm start` runs it: API, scheduler and worker on one SQLite file. */
describe('a node with every role', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-roles-'));
  let server: RunningServer;
  let db: Db;
  let token: string;

  beforeAll(async () => {
    const config = loadConfig({
      LIS_DATA_DIR: dataDir,
      LIS_PORT: '0',
      LIS_ADMIN_PASSWORD: PASSWORD,
      LIS_LOG_LEVEL: 'silent',
      LIS_TIMEZONE: 'Asia/Bangkok',
      LIS_DEMO: 'off',
    });
    server = await startServer(config, { version: 'test' });
    db = openDatabase({ sqliteFile: path.join(dataDir, 'lis.sqlite') });
    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
    await db.kysely
      .insertInto('companies')
      .values({
        company_code: 'C1',
        sid: '555',
        company_name: 'C1',
        status: 'active',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  function endedRuns(legacyId: string, timeoutMs: number) {
    return eventually(
      async () => {
        const runs = await db.kysely
          .selectFrom('job_runs')
          .selectAll()
          .where('legacy_id', '=', legacyId)
          .where('finished_at', 'is not', null)
          .execute();
        return runs.length > 0 ? runs : undefined;
      },
      { timeout: timeoutMs, interval: 100, message: `a run of ${legacyId} to end` },
    );
  }

  it('fires a trigger after re-scheduler and a worker runs the pipeline, which ends a job without servers ERROR', async () => {
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ company_code: 'C1', legacy_id: 'EVERY_SECOND', cron_trigger: '* * * * * ?' }))
      .execute();
    const resync = await call('POST', '/v1/lis-server/re-scheduler', {
      sid: '555',
      company_code: 'C1',
      legacy_id: 'EVERY_SECOND',
    });
    expect(resync.status).toBe(200);
    const runs = await endedRuns('EVERY_SECOND', 8000);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs[0]).toMatchObject({ kind: 'scheduled', state: 'ERROR' });
    expect(runs[0]?.message).toContain('no sFTP source server is configured');
    expect(runs[0]?.scheduled_at).not.toBeNull();
  });

  it('runs a job at once on run-immediate', async () => {
    await db.kysely
      .insertInto('job_configs')
      .values(buildJobConfig({ company_code: 'C1', legacy_id: 'MANUAL', cron_trigger: '' }))
      .execute();
    const response = await call(
      'GET',
      '/v1/lis-server/run-immediate?sid=555&company_code=C1&legacy_id=MANUAL&legacy_type=IN_WAIT',
    );
    expect(response.status).toBe(200);
    const runs = await endedRuns('MANUAL', 8000);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'manual', requested_by: 'admin', state: 'ERROR' });
  });
});
