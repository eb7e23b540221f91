import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RETENTION, type RetentionSettings } from '@lis/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type DialectName } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { FileListType, MailStatus, RunState } from '../../db/schema.js';
import { DEMO_COMPANY } from '../../demo/demo-layout.js';
import { SettingsRepository } from '../../db/settings.repository.js';
import { SystemLogRepository } from '../system-log/system-log.repository.js';
import { RetentionSettingsRepository } from './retention-settings.js';
import { RetentionSweepRepository } from './retention-sweep.repository.js';
import { dailyReport } from '../../modules/reports/daily-report.js';
import { expectedRunReport } from '../../modules/reports/expected-run-report.js';
import { ManualClock } from '../../test-support/test-app.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { LocalBlobStore } from '../files/blob-store.js';
import { DAY_MS, RetentionSweep, type RetentionSweepOptions, type SweepPhase } from './retention-sweep.js';

const TIME_ZONE = 'Asia/Bangkok';

/** The sweep's repositories over `db`, `batchSize` rows per transaction (default 200). */
const repositoriesOf = (db: Db, batchSize?: number) => ({
  retentionSettings: new RetentionSettingsRepository(new SettingsRepository(db.kysely)),
  retentionSweep: new RetentionSweepRepository(db, batchSize),
  systemLog: new SystemLogRepository(db.kysely),
});
/** 2026-11-21 10:00 in Bangkok. */
const NOW = Date.UTC(2026, 10, 21, 3, 0, 0);
const HOUR = 3_600_000;

interface SeededRun {
  id: string;
  jobInstanceNo: string;
  blobKeys: string[];
}

/** A second connection to the same database: a second SQLite handle on one file, or a second pool. */
async function twoConnections(kind: DialectName): Promise<{ a: Db; b: Db; drop(): Promise<void> }> {
  if (kind === 'postgres') {
    const test = await createTestDatabase(kind);
    return { a: test.db, b: test.reopen(), drop: () => test.drop() };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-retention-'));
  const file = path.join(folder, 'lis.sqlite');
  const a = openDatabase({ sqliteFile: file });
  await migrateToLatest(a);
  const b = openDatabase({ sqliteFile: file });
  return {
    a,
    b,
    drop: async () => {
      await a.close();
      await b.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

describe.each(DATABASE_KINDS)('the retention sweep (%s)', (kind) => {
  let test: TestDatabase;
  let db: Db;
  let blobs: LocalBlobStore;
  let blobRoot: string;
  let clock: ManualClock;
  let counter = 0;

  beforeEach(async () => {
    test = await createTestDatabase(kind);
    db = test.db;
    blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-retention-blobs-'));
    blobs = new LocalBlobStore(blobRoot);
    clock = new ManualClock(NOW);
  });
  afterEach(async () => {
    await test.drop();
    fs.rmSync(blobRoot, { recursive: true, force: true });
  });

  const sweepWith = ({
    batchSize,
    ...options
  }: Partial<RetentionSweepOptions> & { batchSize?: number } = {}) =>
    new RetentionSweep({
      db,
      blobs,
      clock,
      nodeId: 'node-a',
      repositories: repositoriesOf(db, batchSize),
      ...options,
    });
  const saveSettings = (settings: Partial<RetentionSettings>) =>
    repositoriesOf(db).retentionSettings.set({ ...DEFAULT_RETENTION, ...settings }, NOW);

  /**
   * A run of job `legacyId` queued `ageMs` before NOW (ended one hour later unless active), with two
   * steps, a source and a return file (kept in the blob store, the source delivered), two system-log
   * lines, an application-log row and a mail, all written when the run ran.
   */
  async function seedRun(
    ageMs: number,
    options: { state?: RunState; company?: string; legacyId?: string; mailStatus?: MailStatus } = {},
  ): Promise<SeededRun> {
    const company = options.company ?? 'A';
    const legacyId = options.legacyId ?? 'JOB1';
    const state = options.state ?? 'FINISHED';
    const queuedAt = NOW - ageMs;
    const ended = !['QUEUED', 'WAITING', 'RUNNING'].includes(state);
    const finishedAt = ended ? queuedAt + HOUR : null;
    const id = crypto.randomUUID();
    const jobInstanceNo = `${legacyId}-${String(++counter).padStart(6, '0')}`;
    await db.kysely
      .insertInto('job_runs')
      .values({
        id,
        job_instance_no: jobInstanceNo,
        owner_kind: 'job',
        company_code: company,
        legacy_id: legacyId,
        kind: 'scheduled',
        trigger_id: `job|${company}|${legacyId}|${counter}`,
        scheduled_at: queuedAt,
        parent_run_id: null,
        state,
        queued_at: queuedAt,
        started_at: queuedAt + 1000,
        finished_at: finishedAt,
        wait_until: null,
        lease_owner: null,
        lease_until: null,
        attempt: 1,
        requested_by: null,
        cancel_requested_by: null,
        message: null,
        send_email_status: null,
      })
      .execute();
    await db.kysely
      .insertInto('run_steps')
      .values(
        [1, 2].map((step) => ({
          run_id: id,
          step,
          status: 'SUCCESS',
          started_at: queuedAt,
          finished_at: queuedAt,
          message: null,
        })),
      )
      .execute();
    const blobKeys: string[] = [];
    for (const listType of ['source', 'return_success'] as FileListType[]) {
      const key = `${company}/${legacyId}/${jobInstanceNo}/${listType}/data.csv`;
      const stored = await blobs.put(key, Buffer.from(`${jobInstanceNo} ${listType}`));
      blobKeys.push(key);
      const row = await db.kysely
        .insertInto('run_files')
        .values({
          run_id: id,
          company_code: company,
          legacy_id: legacyId,
          job_instance_no: jobInstanceNo,
          list_type: listType,
          file_name: 'data.csv',
          size: stored.size,
          sha256: stored.sha256,
          origin: 'sftp:demo:/in',
          blob_key: key,
          created_at: queuedAt + 2000,
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      if (listType === 'source')
        await db.kysely
          .insertInto('file_deliveries')
          .values({
            file_seq: Number(row.seq),
            destination: 'sftp:demo:/return/data.csv',
            delivered_at: queuedAt,
          })
          .execute();
    }
    await db.kysely
      .insertInto('system_log')
      .values(
        ['started', 'ended'].map((text) => ({
          sid: '555',
          company_code: company,
          job_instance_no: jobInstanceNo,
          log_type: 'INFO',
          message: `run ${text}`,
          msg_source: 'worker',
          created_at: queuedAt + 3000,
        })),
      )
      .execute();
    await db.kysely
      .insertInto('application_log')
      .values({
        run_id: id,
        company_code: company,
        legacy_id: legacyId,
        job_instance_no: jobInstanceNo,
        transaction_id: 'T1',
        transaction_date: '20261121',
        source_id1: 'S1',
        source_id2: '',
        source_id3: '',
        doc_type: 'INV',
        doc_year: '2026',
        item_no: '1',
        doc_date: '20261121',
        post_date: '20261121',
        status: 'S',
        message: '',
        metadata: '',
        source_file: 'data.csv',
        created_at: queuedAt + 4000,
      })
      .execute();
    await db.kysely
      .insertInto('mail_outbox')
      .values({
        run_id: id,
        company_code: company,
        legacy_id: legacyId,
        job_instance_no: jobInstanceNo,
        condition: 'FINISHED',
        mail_to: 'ops@example.com',
        mail_cc: '',
        mail_bcc: '',
        subject: 'done',
        body_html: '<p>done</p>',
        status: options.mailStatus ?? 'KEPT',
        attempts: 0,
        next_attempt_at: null,
        last_error: null,
        created_at: queuedAt + 5000,
        sent_at: null,
      })
      .execute();
    return { id, jobInstanceNo, blobKeys };
  }

  const runExists = async (id: string) =>
    (await db.kysely.selectFrom('job_runs').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;
  const countOf = async (
    table: 'run_steps' | 'run_files' | 'application_log' | 'mail_outbox',
    runId: string,
  ): Promise<number> =>
    (await db.kysely.selectFrom(table).select('run_id').where('run_id', '=', runId).execute()).length;
  const linesOf = async (jobInstanceNo: string) =>
    (
      await db.kysely
        .selectFrom('system_log')
        .select('seq')
        .where('job_instance_no', '=', jobInstanceNo)
        .execute()
    ).length;
  const blobsExist = async (run: SeededRun) => Promise.all(run.blobKeys.map((key) => blobs.exists(key)));

  it('deletes ended runs older than the window with their steps, ledger, lines and kept files; keeps recent and active ones', async () => {
    const old = await seedRun(100 * DAY_MS);
    const oldError = await seedRun(120 * DAY_MS, { state: 'ERROR' });
    const recent = await seedRun(10 * DAY_MS);
    const running = await seedRun(100 * DAY_MS, { state: 'RUNNING' });
    const waiting = await seedRun(100 * DAY_MS, { state: 'WAITING' });
    const queued = await seedRun(100 * DAY_MS, { state: 'QUEUED' });
    await db.kysely
      .insertInto('system_log')
      .values([
        {
          sid: '555',
          company_code: '',
          job_instance_no: null,
          log_type: 'ERROR',
          message: 'old engine line',
          msg_source: 'scheduler',
          created_at: NOW - 95 * DAY_MS,
        },
        {
          sid: '555',
          company_code: '',
          job_instance_no: null,
          log_type: 'ERROR',
          message: 'new engine line',
          msg_source: 'scheduler',
          created_at: NOW - 5 * DAY_MS,
        },
      ])
      .execute();

    const outcome = await sweepWith().run();

    expect(outcome.ran && outcome.complete).toBe(true);
    for (const gone of [old, oldError]) {
      expect(await runExists(gone.id)).toBe(false);
      expect(await countOf('run_steps', gone.id)).toBe(0);
      expect(await countOf('run_files', gone.id)).toBe(0);
      expect(await linesOf(gone.jobInstanceNo)).toBe(0);
      // Application log (90 days) and mails (30 days) have windows of their own, both passed.
      expect(await countOf('application_log', gone.id)).toBe(0);
      expect(await countOf('mail_outbox', gone.id)).toBe(0);
      expect(await blobsExist(gone)).toEqual([false, false]);
    }
    for (const kept of [recent, running, waiting, queued]) {
      expect(await runExists(kept.id)).toBe(true);
      expect(await countOf('run_steps', kept.id)).toBe(2);
      expect(await countOf('run_files', kept.id)).toBe(2);
      expect(await linesOf(kept.jobInstanceNo)).toBe(2);
      expect(await countOf('application_log', kept.id)).toBe(1);
      expect(await countOf('mail_outbox', kept.id)).toBe(1);
      expect(await blobsExist(kept)).toEqual([true, true]);
    }
    const deliveries = await db.kysely.selectFrom('file_deliveries').select('file_seq').execute();
    expect(deliveries).toHaveLength(4);
    const engineLines = await db.kysely
      .selectFrom('system_log')
      .select('message')
      .where('msg_source', '=', 'scheduler')
      .execute();
    expect(engineLines.map((line) => line.message)).toEqual(['new engine line']);
    if (!outcome.ran) throw new Error('expected a sweep');
    expect(outcome.counts).toMatchObject({
      runs: 2,
      run_steps: 4,
      ledger_rows: 4,
      system_log: 5,
      application_log: 2,
      mails: 2,
      files_deleted: 4,
      files_failed: 0,
    });
    // The sweep says what it did, in the system log, and leaves nothing queued.
    const report = await db.kysely
      .selectFrom('system_log')
      .select(['message', 'company_code'])
      .where('msg_source', '=', 'retention')
      .execute();
    expect(report).toHaveLength(1);
    expect(report[0]?.message).toContain('deleted 2 runs with 4 steps and 4 ledger rows');
    expect(await db.kysely.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
  });

  it('expires the kept files of runs past the backup window but keeps the runs and their ledger rows', async () => {
    const middle = await seedRun(45 * DAY_MS);
    const recent = await seedRun(10 * DAY_MS);
    const outcome = await sweepWith().run();
    expect(outcome.ran && outcome.counts).toMatchObject({ runs: 0, backups_expired: 2, files_deleted: 2 });
    expect(await runExists(middle.id)).toBe(true);
    expect(await countOf('run_files', middle.id)).toBe(2);
    expect(await blobsExist(middle)).toEqual([false, false]);
    const marks = await db.kysely
      .selectFrom('run_files')
      .select('backup_deleted_at')
      .where('run_id', '=', middle.id)
      .execute();
    expect(marks.every((mark) => mark.backup_deleted_at === NOW)).toBe(true);
    expect(await blobsExist(recent)).toEqual([true, true]);
    // The mail of the middle run is past its 30 days, its application-log row is not past 90.
    expect(await countOf('mail_outbox', middle.id)).toBe(0);
    expect(await countOf('application_log', middle.id)).toBe(1);
    // A second sweep finds nothing more to do.
    const again = await sweepWith().run();
    expect(again.ran && again.counts).toMatchObject({ runs: 0, backups_expired: 0, files_deleted: 0 });
  });

  it('keeps the Daily Report and Expected Run Job answers for days inside the window', async () => {
    // Runs today, over the last weeks (some with expiring backups), and long ago.
    for (const age of [2 * HOUR, 1 * DAY_MS, 20 * DAY_MS, 45 * DAY_MS, 80 * DAY_MS, 89 * DAY_MS])
      await seedRun(age, { legacyId: 'JOB1' });
    await seedRun(45 * DAY_MS, { legacyId: 'JOB2', state: 'ERROR' });
    for (const age of [91 * DAY_MS, 100 * DAY_MS, 150 * DAY_MS]) await seedRun(age, { legacyId: 'JOB1' });
    await db.kysely
      .insertInto('job_configs')
      .values({
        company_code: 'A',
        legacy_id: 'JOB1',
        sid: '555',
        legacy_name: 'Job one',
        legacy_type: 'IN_WAIT',
        important_job: 'False',
        is_active: 'Y',
        has_suspend: 'N',
        stopif_step4_error: 'N',
        criteria_stopif_mainstatus_warning: 'N',
        cron_trigger: '0 0 * ? * *',
        legacy_criteria: '',
        overlap_policy: 'skip',
        misfire_policy: 'fire_once_now',
        created_at: NOW - 200 * DAY_MS,
        updated_at: NOW - 200 * DAY_MS,
      } as never)
      .execute();
    // The window's first whole day (Bangkok): 89 days ago; the report covers it up to today.
    const day = (offset: number) => {
      const at = new Date(NOW + 7 * HOUR - offset * DAY_MS);
      return `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}${String(at.getUTCDate()).padStart(2, '0')}`;
    };
    const inside = { date_from: day(89), date_to: day(0) };
    const outside = { date_from: day(150), date_to: day(91) };
    const daily = (range: { date_from: string; date_to: string }) =>
      dailyReport(db.kysely, ['A'], range, TIME_ZONE);
    const expected = () => expectedRunReport(db.kysely, ['A'], NOW, TIME_ZONE);

    const before = { inside: await daily(inside), outside: await daily(outside), expected: await expected() };
    expect(before.inside.total_count).toBe(7);
    expect(before.inside.result_list.reduce((sum, row) => sum + row.files_loaded, 0)).toBe(7);
    expect(before.expected.result_list[0]?.actual_count).toBe(1);

    const outcome = await sweepWith({ batchSize: 2 }).run();
    expect(outcome.ran && outcome.counts).toMatchObject({ runs: 3, backups_expired: 8 });

    expect(await daily(inside)).toEqual(before.inside);
    expect(await expected()).toEqual(before.expected);
    // Outside the window the runs are gone: the test would see a sweep that deleted too much or too little.
    expect(before.outside.total_count).toBe(3);
    expect((await daily(outside)).total_count).toBe(0);
  });

  it('deletes in bounded batches, each its own transaction', async () => {
    for (let index = 0; index < 10; index += 1) await seedRun((100 + index) * DAY_MS);
    const batches: { phase: SweepPhase; rows: number }[] = [];
    const outcome = await sweepWith({ batchSize: 3, onBatch: (batch) => void batches.push(batch) }).run();
    expect(outcome.ran && outcome.counts.runs).toBe(10);
    // Each scope (the DEMO company's first) ends its phase on a batch that finds less than a full one.
    const runBatches = batches.filter((batch) => batch.phase === 'runs').map((batch) => batch.rows);
    expect(runBatches).toEqual([0, 3, 3, 3, 1]);
    const fileBatches = batches.filter((batch) => batch.phase === 'files').map((batch) => batch.rows);
    expect(Math.max(...fileBatches)).toBeLessThanOrEqual(3);
    expect(fileBatches.reduce((sum, rows) => sum + rows, 0)).toBe(20);
  });

  it('gives the DEMO company its shorter window, and 0 keeps for ever', async () => {
    const demoOld = await seedRun(3 * DAY_MS, { company: DEMO_COMPANY });
    const demoNew = await seedRun(1 * DAY_MS, { company: DEMO_COMPANY });
    const other = await seedRun(3 * DAY_MS, { company: 'A' });
    const ancient = await seedRun(400 * DAY_MS, { company: 'A' });
    await saveSettings({ runs_days: 0, logs_days: 0, backups_days: 0, mails_days: 0, demo_days: 2 });
    const outcome = await sweepWith().run();
    expect(outcome.ran && outcome.counts.runs).toBe(1);
    expect(await runExists(demoOld.id)).toBe(false);
    expect(await blobsExist(demoOld)).toEqual([false, false]);
    expect(await runExists(demoNew.id)).toBe(true);
    expect(await runExists(other.id)).toBe(true);
    expect(await runExists(ancient.id)).toBe(true);
    expect(await blobsExist(ancient)).toEqual([true, true]);
    expect(await countOf('mail_outbox', ancient.id)).toBe(1);
  });

  it('never deletes a mail still to be sent', async () => {
    const pending = await seedRun(100 * DAY_MS, { mailStatus: 'PENDING' });
    const sent = await seedRun(100 * DAY_MS, { mailStatus: 'SENT' });
    await sweepWith().run();
    expect(await countOf('mail_outbox', pending.id)).toBe(1);
    expect(await countOf('mail_outbox', sent.id)).toBe(0);
  });

  it('deletes files queued before a crash, and leaves an expired backup whose run was re-run since', async () => {
    const rerun = await seedRun(45 * DAY_MS);
    const orphanKey = 'A/JOB1/lost/source/data.csv';
    await blobs.put(orphanKey, Buffer.from('left behind'));
    // A sweep that committed the queue row and stopped before deleting the file.
    await db.kysely
      .insertInto('blob_deletions')
      .values({ blob_key: orphanKey, run_id: null, expired_before: null, queued_at: NOW - HOUR })
      .execute();
    const outcome = await sweepWith({
      // The run is re-run (back in the queue) after its backups were marked, before they are deleted.
      onBatch: async ({ phase, rows }) => {
        if (phase === 'backups' && rows > 0)
          await db.kysely
            .updateTable('job_runs')
            .set({ state: 'QUEUED', finished_at: null })
            .where('id', '=', rerun.id)
            .execute();
      },
    }).run();
    expect(outcome.ran && outcome.counts).toMatchObject({ backups_expired: 2, files_deleted: 1 });
    expect(await blobs.exists(orphanKey)).toBe(false);
    expect(await blobsExist(rerun)).toEqual([true, true]);
    const marks = await db.kysely
      .selectFrom('run_files')
      .select('backup_deleted_at')
      .where('run_id', '=', rerun.id)
      .execute();
    expect(marks.map((mark) => mark.backup_deleted_at)).toEqual([null, null]);
  });

  it('is taken over when the node holding the lease died (the lease expired)', async () => {
    const old = await seedRun(100 * DAY_MS);
    await db.kysely
      .insertInto('maintenance_leases')
      .values({ name: 'retention', owner: 'dead-node', lease_until: Date.now() + 60_000 })
      .execute();
    expect(await sweepWith().run()).toEqual({ ran: false, reason: 'busy' });
    expect(await runExists(old.id)).toBe(true);
    await db.kysely
      .updateTable('maintenance_leases')
      .set({ lease_until: Date.now() - 1000 })
      .execute();
    const outcome = await sweepWith().run();
    expect(outcome.ran && outcome.counts.runs).toBe(1);
  });
});

describe.each(DATABASE_KINDS)('two sweeps at once (%s)', (kind) => {
  let connections: Awaited<ReturnType<typeof twoConnections>>;
  let blobRoot: string;
  beforeEach(async () => {
    connections = await twoConnections(kind);
    blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-retention-blobs-'));
  });
  afterEach(async () => {
    await connections.drop();
    fs.rmSync(blobRoot, { recursive: true, force: true });
  });

  it('lets one node sweep while the other answers busy, and a sweep is not due again within the interval', async () => {
    const { a, b } = connections;
    const clock = new ManualClock(NOW);
    const blobs = new LocalBlobStore(blobRoot);
    for (let index = 0; index < 5; index += 1)
      await a.kysely
        .insertInto('system_log')
        .values({
          sid: '555',
          company_code: 'A',
          job_instance_no: null,
          log_type: 'INFO',
          message: `old ${index}`,
          msg_source: 'scheduler',
          created_at: NOW - 100 * DAY_MS,
        })
        .execute();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reachedBatch: () => void = () => undefined;
    const inBatch = new Promise<void>((resolve) => (reachedBatch = resolve));
    const first = new RetentionSweep({
      db: a,
      blobs,
      clock,
      nodeId: 'node-a',
      repositories: repositoriesOf(a, 2),
      onBatch: async () => {
        reachedBatch();
        await held;
      },
    });
    const second = new RetentionSweep({
      db: b,
      blobs,
      clock,
      nodeId: 'node-b',
      repositories: repositoriesOf(b, 2),
    });

    const running = first.run({ minIntervalMs: HOUR });
    await inBatch;
    // Node b, on its own connection, while node a holds the lease mid-sweep.
    expect(await second.run({ minIntervalMs: HOUR })).toEqual({ ran: false, reason: 'busy' });
    expect(await second.run()).toEqual({ ran: false, reason: 'busy' });
    release();
    const outcome = await running;
    expect(outcome.ran && outcome.complete && outcome.counts.system_log).toBe(5);
    // Finished a moment ago on node a: not due on node b within the hour, but a forced sweep runs.
    expect(await second.run({ minIntervalMs: HOUR })).toEqual({ ran: false, reason: 'busy' });
    const forced = await second.run();
    expect(forced.ran && forced.counts.system_log).toBe(0);
  });

  it('never runs two sweeps when both start at the same moment', async () => {
    const { a, b } = connections;
    const clock = new ManualClock(NOW);
    const blobs = new LocalBlobStore(blobRoot);
    let inside = 0;
    let most = 0;
    const observe = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((resolve) => setImmediate(resolve));
      inside -= 1;
    };
    const sweeps = [a, b].map(
      (db, index) =>
        new RetentionSweep({
          db,
          blobs,
          clock,
          nodeId: `node-${index}`,
          repositories: repositoriesOf(db),
          onBatch: observe,
        }),
    );
    const outcomes = await Promise.all(sweeps.map((sweep) => sweep.run({ minIntervalMs: HOUR })));
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(most).toBe(1);
  });
});
