import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { NamedCalendar } from '@lis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSftp } from '../src/adapters/sftp/index.js';
import { loadConfig } from '../src/config/config.js';
import { Demo, demoEnabled } from '../src/demo/demo.js';
import { DEMO_JOBS, DEMO_CHAIN } from '../src/demo/demo-jobs.js';
import { TH_BANK_HOLIDAYS_NAME } from '../src/demo/th-bank-holidays-ics.js';
import {
  DEMO_COMPANY,
  DEMO_INPUT_FOLDERS,
  DEMO_SERVERS,
  DEMO_USERS,
  DEMO_WRITER,
  demoPaths,
} from '../src/demo/demo-layout.js';
import { createPipelineHandler } from '../src/composition/create-pipeline.js';
import { inProcessSignal, type SchedulerSignal } from '../src/engine/scheduler/scheduler-signal.js';
import { Worker } from '../src/engine/worker/worker.js';
import { buildApp } from '../src/composition/build-app.js';
import { eventually } from '../src/test-support/eventually.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function demoFor(t: TestApp, setting: 'on' | 'off' | 'auto' = 'auto') {
  return new Demo({
    config: { ...t.context.config, demo: setting },
    db: t.database.db,
    masterKey: t.masterKey,
    clock: t.clock,
    signal: t.context.signal,
    log: silent,
    generatorIntervalMs: 3_600_000,
  });
}

/** How long the demo's peers and runs may take on a loaded machine. */
const DEMO_PATIENCE = { timeout: 30_000, interval: 100 };

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

/** What the demo users choose in place of their one-time passwords. */
const OWN_PASSWORD = 'demo-users-own-password';

describe('LIS_DEMO', () => {
  it('is read as on, off or unset', () => {
    expect(loadConfig({}).demo).toBe('auto');
    expect(loadConfig({ LIS_DEMO: 'off' }).demo).toBe('off');
    expect(() => loadConfig({ LIS_DEMO: 'maybe' })).toThrow(/LIS_DEMO must be on or off/);
  });

  it('is on for the embedded store and off with DATABASE_URL unless asked for', () => {
    expect(demoEnabled({ demo: 'auto', databaseUrl: undefined })).toBe(true);
    expect(demoEnabled({ demo: 'auto', databaseUrl: 'postgres://db/lis' })).toBe(false);
    expect(demoEnabled({ demo: 'on', databaseUrl: 'postgres://db/lis' })).toBe(true);
    expect(demoEnabled({ demo: 'off', databaseUrl: undefined })).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('the demo of the first start (%s)', (kind) => {
  describe('when it is not wanted', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    it('seeds nothing with LIS_DEMO=off, nor on a store that was not empty', async () => {
      expect(await demoFor(t, 'off').start(true)).toEqual({ state: 'off', companyExists: false });
      const notEmpty = demoFor(t, 'on');
      expect(await notEmpty.start(false)).toEqual({ state: 'absent' });
      expect(notEmpty.running).toBe(false);
      expect(await t.context.companies.existing([DEMO_COMPANY])).toEqual(new Set());
      expect(fs.existsSync(demoPaths(t.context.config.dataDir).sftpRoot)).toBe(false);
    });
  });

  describe('on an empty store', () => {
    let t: TestApp;
    let demo: Demo;
    let worker: Worker;
    let workerSignal: SchedulerSignal;
    let seededUsers: { username: string; password: string }[] = [];
    const dataDir = () => t.context.config.dataDir;

    beforeAll(async () => {
      t = await createTestApp(kind);
      demo = demoFor(t);
      const outcome = await demo.start(true);
      if (outcome.state !== 'seeded') throw new Error(`not seeded: ${outcome.state}`);
      seededUsers = outcome.users;
      // Their one-time passwords are changed at the first sign-in (decision 0020): do it, as people will.
      for (const user of seededUsers) {
        const login = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { username: user.username, password: user.password },
        });
        if (login.json().must_change_password !== true) throw new Error(`${user.username}: not one-time`);
        const changed = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/change-password',
          headers: { authorization: `Bearer ${login.json().access_token}` },
          payload: { current_password: user.password, new_password: OWN_PASSWORD },
        });
        if (changed.statusCode !== 200) throw new Error(`${user.username}: ${changed.body}`);
      }
      await withStandardUsers(t);
      workerSignal = inProcessSignal();
      worker = new Worker({
        db: t.database.db,
        signal: workerSignal,
        handler: createPipelineHandler(t.context.config, t.database.db, t.masterKey, {
          stableIntervalMs: 100,
          sftpBackoffMs: 50,
        }),
        leaseMs: 30_000,
        pollMs: 50,
      });
      await worker.start();
    });
    afterAll(async () => {
      await worker?.stop();
      await workerSignal?.close();
      await demo?.stopPeers();
      await t?.close();
      fs.rmSync(dataDir(), { recursive: true, force: true });
    });

    it('seeds the company, its admin and operator, servers, templates, jobs and the chain', async () => {
      const k = t.database.db.kysely;
      expect(seededUsers.map((u) => u.username)).toEqual(DEMO_USERS.map((u) => u.username));
      for (const user of seededUsers) {
        const login = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { username: user.username, password: OWN_PASSWORD },
        });
        expect(login.statusCode, user.username).toBe(200);
        expect(login.json().must_change_password, user.username).toBe(false);
      }
      const jobs = await k
        .selectFrom('job_configs')
        .select('legacy_id')
        .where('company_code', '=', DEMO_COMPANY)
        .execute();
      expect(jobs.map((j) => j.legacy_id).sort()).toEqual(DEMO_JOBS.map((j) => j.legacyid).sort());
      const types = new Set(DEMO_JOBS.map((j) => j.legacytype));
      expect([...types].sort()).toEqual(['DMS_WAIT', 'IN_WAIT', 'OUT_WAIT', 'PULL_WAIT']);
      expect(await k.selectFrom('chain_jobs').select('chain_id').execute()).toEqual([
        { chain_id: DEMO_CHAIN.ChainId },
      ]);
      const triggers = await k
        .selectFrom('triggers')
        .select('owner_id')
        .where('company_code', '=', DEMO_COMPANY)
        .execute();
      expect(triggers.length).toBe(DEMO_JOBS.filter((j) => j.cron_trigger).length + 1);
      const templates = await k
        .selectFrom('email_contents')
        .select('condition')
        .where('company_code', '=', DEMO_COMPANY)
        .execute();
      expect(templates.map((row) => row.condition).sort()).toEqual([
        'error',
        'finished',
        'function_error',
        'warning',
      ]);
      // Issue 34: the shared Thai bank-holiday calendar, imported from its .ics file, used by one job.
      const calendars = await t.as('root', { url: '/v1/calendars?company_code=*' });
      const holidays = (calendars.json() as { result_list: NamedCalendar[] }).result_list.find(
        (calendar) => calendar.name === TH_BANK_HOLIDAYS_NAME,
      );
      expect(holidays?.definition).toMatchObject({ type: 'holiday' });
      const dates = holidays?.definition.type === 'holiday' ? holidays.definition.dates : [];
      expect(dates).toEqual(
        expect.arrayContaining(['2026-04-13', '2026-04-14', '2026-04-15', '2026-12-07', '2027-12-31']),
      );
      expect(holidays?.used_by).toEqual([
        { kind: 'job', company_code: DEMO_COMPANY, id: 'DEMO_PULL_RATES', trigger_position: 0 },
      ]);
    });

    it("keeps the peers' secrets sealed in the store and in a 0600 file", async () => {
      const secretsFile = demoPaths(dataDir()).secrets;
      expect(fs.statSync(secretsFile).mode & 0o777).toBe(0o600);
      const secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as Record<string, string>;
      const k = t.database.db.kysely;
      const sftp = await k
        .selectFrom('sftp_servers')
        .selectAll()
        .where('company_code', '=', DEMO_COMPANY)
        .executeTakeFirstOrThrow();
      const api = await k
        .selectFrom('api_servers')
        .selectAll()
        .where('company_code', '=', DEMO_COMPANY)
        .executeTakeFirstOrThrow();
      const dms = await k
        .selectFrom('dms_servers')
        .selectAll()
        .where('company_code', '=', DEMO_COMPANY)
        .executeTakeFirstOrThrow();
      expect(sftp.host).toBe('127.0.0.1');
      expect(sftp.password_enc).not.toContain(secrets.sftpPassword);
      expect(api.api_password_enc).not.toContain(secrets.functionPassword);
      expect(dms.dms_token_enc).not.toContain(secrets.dmsToken);
      expect(api.api_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const session = await openSftp({
        host: sftp.host,
        port: sftp.port,
        username: sftp.username,
        password: secrets.sftpPassword,
      });
      try {
        const orders = await eventually(
          async () => {
            const list = await session.list(DEMO_INPUT_FOLDERS.orders);
            return list.length ? list : undefined;
          },
          { ...DEMO_PATIENCE, message: 'the first orders file' },
        );
        expect(orders[0]?.name).toMatch(/^orders_.*\.csv$/);
      } finally {
        await session.close();
      }
    });

    async function runNow(legacyId: string, legacyType: string) {
      const response = await t.as('root', {
        url: `/v1/lis-server/run-immediate?sid=555&company_code=${DEMO_COMPANY}&legacy_id=${legacyId}&legacy_type=${legacyType}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const instance = response.json().job_instance_no as string;
      return eventually(
        () =>
          t.database.db.kysely
            .selectFrom('job_runs')
            .selectAll()
            .where('job_instance_no', '=', instance)
            .where('finished_at', 'is not', null)
            .executeTakeFirst(),
        { ...DEMO_PATIENCE, message: `run ${instance} to end` },
      );
    }

    it('runs the example jobs against the peers: FINISHED, and one ERROR at step 4 that suspends its job', async () => {
      const paths = demoPaths(dataDir());
      await eventually(() => filesUnder(path.join(paths.sftpRoot, 'in', 'payments')).length > 0, {
        ...DEMO_PATIENCE,
        message: 'input files',
      });
      const orders = await runNow('DEMO_ORDERS_CSV', 'IN_WAIT');
      expect(orders.state, orders.message ?? '').toBe('FINISHED');
      expect(
        filesUnder(path.join(paths.sftpRoot, 'return', 'orders', 'return_success')).length,
      ).toBeGreaterThan(0);
      const payroll = await runNow('DEMO_PAYROLL_TH', 'IN_WAIT');
      expect(payroll.state, payroll.message ?? '').toBe('FINISHED');
      const documents = await runNow('DEMO_DMS_DOCUMENTS', 'DMS_WAIT');
      expect(documents.state, documents.message ?? '').toBe('FINISHED');
      const report = await runNow('DEMO_OUT_REPORT', 'OUT_WAIT');
      expect(report.state, report.message ?? '').toBe('FINISHED');

      const payments = await runNow('DEMO_PAYMENTS_CHECK', 'IN_WAIT');
      expect(payments.state).toBe('ERROR');
      const step4 = await t.database.db.kysely
        .selectFrom('run_steps')
        .select(['status'])
        .where('run_id', '=', payments.id)
        .where('step', '=', 4)
        .executeTakeFirstOrThrow();
      expect(step4.status).toBe('ERROR');
      const job = await t.database.db.kysely
        .selectFrom('job_configs')
        .select('has_suspend')
        .where('company_code', '=', DEMO_COMPANY)
        .where('legacy_id', '=', 'DEMO_PAYMENTS_CHECK')
        .executeTakeFirstOrThrow();
      expect(job.has_suspend).toBe('Y');
      const mails = await t.as('admin-a', { url: '/v1/mail-outbox' });
      expect(mails.json().total_count).toBe(0);
      const demoMails = await t.as('demo-admin', { url: `/v1/mail-outbox?company_code=${DEMO_COMPANY}` });
      expect(demoMails.statusCode).toBe(200);
      const subjects = (demoMails.json().result_list as { subject: string; status: string }[]).map(
        (m) => m.subject,
      );
      expect(subjects.some((s) => s.includes('DEMO_ORDERS_CSV finished'))).toBe(true);
      expect(subjects.some((s) => s.includes('DEMO_PAYMENTS_CHECK failed'))).toBe(true);
      const seq = (demoMails.json().result_list as { seq: number }[])[0]?.seq ?? 0;
      const body = await t.as('demo-admin', {
        url: `/v1/mail-outbox/body?company_code=${DEMO_COMPANY}&seq=${seq}`,
      });
      expect(body.statusCode).toBe(200);
      expect(body.json().body_html).toMatch(/<p>/);
      for (const [who, url] of [
        ['demo-operator', `/v1/mail-outbox?company_code=${DEMO_COMPANY}`],
        ['admin-a', `/v1/mail-outbox?company_code=${DEMO_COMPANY}`],
        ['admin-a', `/v1/mail-outbox/body?company_code=${DEMO_COMPANY}&seq=${seq}`],
      ] as const)
        expect((await t.as(who, { url })).statusCode, `${who} ${url}`).toBe(403);
      expect((await t.as('admin-a', { url: '/v1/mail-outbox/body?company_code=A&seq=abc' })).statusCode).toBe(
        400,
      );
    });

    it("shows the sFTP peer's credentials to the demo's admins only", async () => {
      const secrets = JSON.parse(fs.readFileSync(demoPaths(dataDir()).secrets, 'utf8')) as Record<
        string,
        string
      >;
      const { app } = await buildApp({
        config: t.context.config,
        db: t.database.db,
        masterKey: t.masterKey,
        version: 'test',
        clock: t.clock,
        signal: t.context.signal,
        demo,
      });
      try {
        const statusFor = async (who: string) => {
          const response = await app.inject({
            url: '/v1/demo',
            headers: { authorization: `Bearer ${await t.tokenFor(who)}` },
          });
          expect(response.statusCode, who).toBe(200);
          return response.json() as { present: boolean; sftp?: Record<string, unknown> };
        };
        for (const who of ['root', 'demo-admin'])
          expect((await statusFor(who)).sftp, who).toEqual({
            host: '127.0.0.1',
            port: demo.sftpAccess()?.port,
            username: secrets.sftpUsername,
            password: secrets.sftpPassword,
          });
        for (const who of ['demo-operator', 'admin-a', 'user-a']) {
          const status = await statusFor(who);
          expect(status.present, who).toBe(true);
          expect(status.sftp, who).toBeUndefined();
        }
      } finally {
        await app.close();
      }
    });

    it('lets only a super_admin remove it', async () => {
      for (const who of ['admin-a', 'user-a', 'demo-admin', 'demo-operator']) {
        const response = await t.as(who, { method: 'DELETE', url: '/v1/demo' });
        expect(response.statusCode, who).toBe(403);
      }
      expect(demo.running).toBe(true);
    });

    it('removes every demo row and file and stops the peers; the rest stays', async () => {
      const k = t.database.db.kysely;
      const runs = await k
        .selectFrom('job_runs')
        .select(['id', 'job_instance_no'])
        .where('company_code', '=', DEMO_COMPANY)
        .execute();
      const triggerIds = await k
        .selectFrom('triggers')
        .select('id')
        .where('company_code', '=', DEMO_COMPANY)
        .execute();
      const fileSeqs = (
        await k.selectFrom('run_files').select('seq').where('company_code', '=', DEMO_COMPANY).execute()
      ).map((r) => r.seq);
      expect(runs.length).toBeGreaterThan(4);
      expect(fileSeqs.length).toBeGreaterThan(0);
      const blobFolder = path.join(dataDir(), 'files', DEMO_COMPANY);
      expect(filesUnder(blobFolder).length).toBeGreaterThan(0);
      const sftpPort = (
        await k
          .selectFrom('sftp_servers')
          .select('port')
          .where('company_code', '=', DEMO_COMPANY)
          .executeTakeFirstOrThrow()
      ).port;
      const demoIds = new Set<string>([
        DEMO_COMPANY,
        ...DEMO_JOBS.map((j) => j.legacyid),
        DEMO_CHAIN.ChainId,
        ...DEMO_USERS.map((u) => u.username),
        ...Object.values(DEMO_SERVERS),
        ...runs.flatMap((r) => [r.id, r.job_instance_no]),
        ...triggerIds.map((r) => r.id),
        TH_BANK_HOLIDAYS_NAME,
        `Calendar ${TH_BANK_HOLIDAYS_NAME} created by ${DEMO_WRITER}`,
      ]);

      // The route of a running server: the app given the process's demo.
      const { app } = await buildApp({
        config: t.context.config,
        db: t.database.db,
        masterKey: t.masterKey,
        version: 'test',
        clock: t.clock,
        signal: t.context.signal,
        demo,
      });
      try {
        const removed = await app.inject({
          method: 'DELETE',
          url: '/v1/demo',
          headers: { authorization: `Bearer ${await t.tokenFor('root')}` },
        });
        expect(removed.statusCode, removed.body).toBe(200);
        expect(removed.json()).toMatchObject({
          jobs: DEMO_JOBS.length,
          users: DEMO_USERS.map((u) => u.username),
        });
        const again = await app.inject({
          method: 'DELETE',
          url: '/v1/demo',
          headers: { authorization: `Bearer ${await t.tokenFor('root')}` },
        });
        expect(again.statusCode).toBe(404);
      } finally {
        await app.close();
      }

      expect(demo.running).toBe(false);
      await expect(
        openSftp({ host: '127.0.0.1', port: sftpPort, username: 'demo', password: 'x' }),
      ).rejects.toMatchObject({
        code: 'CONNECTION_REFUSED',
      });
      expect(fs.existsSync(path.join(dataDir(), 'demo'))).toBe(false);
      expect(fs.existsSync(blobFolder)).toBe(false);

      // Every text column of every table but the audit log (the record of the removal itself).
      const schema =
        kind === 'postgres'
          ? (await sql<{ s: string }>`select current_schema() as s`.execute(k)).rows[0]?.s
          : undefined;
      const tables = (await k.introspection.getTables()).filter(
        (table) =>
          (schema === undefined || table.schema === schema) && !/^kysely_|^audit_log$/.test(table.name),
      );
      expect(tables.length).toBeGreaterThan(20);
      const leftovers: string[] = [];
      let checked = 0;
      for (const table of tables) {
        for (const column of table.columns) {
          if (!/char|text/i.test(column.dataType)) continue;
          checked++;
          const found = await sql<{
            n: number | string;
          }>`select count(*) as n from ${sql.table(table.name)} where ${sql.ref(column.name)} in (${sql.join([...demoIds])})`.execute(
            k,
          );
          if (Number(found.rows[0]?.n) > 0) leftovers.push(`${table.name}.${column.name}`);
        }
      }
      expect(checked).toBeGreaterThan(100);
      expect(leftovers).toEqual([]);
      const deliveries = await k
        .selectFrom('file_deliveries')
        .select('file_seq')
        .where('file_seq', 'in', fileSeqs)
        .execute();
      expect(deliveries).toEqual([]);
      expect(
        await k.selectFrom('users').select('username').where('username', 'in', ['root', 'admin-a']).execute(),
      ).toHaveLength(2);
      expect(await t.context.companies.existing(['A', 'B'])).toEqual(new Set(['A', 'B']));
    });
  });
});
