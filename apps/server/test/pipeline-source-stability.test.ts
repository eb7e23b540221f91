import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();

/**
 * Step 1's per-job stability options against a real OpenSSH server (decision 0018): a done-marker
 * holds a file back until the marker exists, and both go after the backup; a minimum age holds back a
 * file a writer is still filling, and a later run takes it whole.
 */
describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('step 1 stability options (%s)', (kind) => {
  const scene = usePipelineScene(kind, peers);
  const { addJob, runNow, stepsOf } = scene;

  const folders = (name: string) => {
    const inbox = path.join(scene.root, `${name}-in`);
    const outbox = path.join(scene.root, `${name}-out`);
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    return { inbox, outbox };
  };
  const job = (inbox: string, outbox: string, fields: Record<string, unknown>) => ({
    legacytype: 'IN_WAIT',
    sftp_source_server_id: 'sftp-a',
    sftp_source_path: inbox,
    sftp_source_isdeletesource: 'Y',
    sftp_return_server_id: 'sftp-a',
    sftp_return_path: outbox,
    api_classname: 'Demo',
    api_function_name: 'echo',
    ...fields,
  });
  const sourcesOf = async (runId: string) =>
    (
      await scene.t.database.db.kysely
        .selectFrom('run_files')
        .select('file_name')
        .where('run_id', '=', runId)
        .where('list_type', '=', 'source')
        .orderBy('file_name')
        .execute()
    ).map((row) => row.file_name);
  /** The run's log lines (the "left for a later run" line is written without waiting: poll for it). */
  const logLine = (instance: string, pattern: RegExp) =>
    eventually(
      async () => {
        const lines = await scene.t.database.db.kysely
          .selectFrom('system_log')
          .select('message')
          .where('job_instance_no', '=', instance)
          .execute();
        return lines.find((line) => pattern.test(line.message))?.message;
      },
      { interval: 50, message: `a log line ${pattern} of ${instance}` },
    );
  /** Sets a file's mtime `seconds` into the past, as a writer's last write that long ago would. */
  const age = (file: string, seconds: number) => {
    const then = new Date(Date.now() - seconds * 1000);
    fs.utimesSync(file, then, then);
  };

  it('{name}.done: the file waits for its marker, then the file and its marker are taken and deleted', async () => {
    const { inbox, outbox } = folders('marker');
    fs.writeFileSync(path.join(inbox, 'INV_1.csv'), 'INV1,Customer,100\n');
    await addJob('MARK-1', job(inbox, outbox, { sftp_source_done_marker: '{name}.done' }));

    const first = await runNow('MARK-1', 'IN_WAIT');
    expect(first).toMatchObject({ state: 'FINISHED', message: 'No file' });
    expect(await stepsOf(first.id)).toEqual({ 1: 'SUCCESS' });
    expect(fs.readdirSync(inbox)).toEqual(['INV_1.csv']);
    expect(await logLine(first.job_instance_no, /^left 1 file/)).toBe(
      'left 1 file(s) at the source for a later run: INV_1.csv (no INV_1.csv.done yet)',
    );

    fs.writeFileSync(path.join(inbox, 'INV_1.csv.done'), '');
    const second = await runNow('MARK-1', 'IN_WAIT');
    expect(second.state, second.message ?? '').toBe('FINISHED');
    expect(await sourcesOf(second.id)).toEqual(['INV_1.csv']);
    expect(fs.readdirSync(inbox)).toEqual([]);
    await logLine(second.job_instance_no, /^deleted the done-marker .*INV_1\.csv\.done after .*INV_1\.csv$/);
  });

  it('{base}.ok: a marker shared with a file this job does not take stays; an unshared one goes', async () => {
    const { inbox, outbox } = folders('shared');
    for (const name of ['ORD_7.csv', 'ORD_7.pdf', 'ORD_7.ok', 'ORD_8.csv', 'ORD_8.ok', 'ORD_9.csv'])
      fs.writeFileSync(path.join(inbox, name), 'x\n');
    await addJob(
      'MARK-2',
      job(inbox, outbox, { sftp_source_done_marker: '{base}.ok', sftp_source_filetype: 'csv' }),
    );
    const run = await runNow('MARK-2', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('FINISHED');
    expect(await sourcesOf(run.id)).toEqual(['ORD_7.csv', 'ORD_8.csv']);
    expect(fs.readdirSync(inbox).sort()).toEqual(['ORD_7.ok', 'ORD_7.pdf', 'ORD_9.csv']);
  });

  it('minimum age: a file its writer is still filling is left, and a later run takes it whole', async () => {
    const { inbox, outbox } = folders('age');
    const half = 'A1,first half\n';
    const whole = `${half}A2,second half\n`;
    fs.writeFileSync(path.join(inbox, 'old.csv'), 'O1,old\n');
    age(path.join(inbox, 'old.csv'), 600);
    // The writer paused mid-file (longer than the two-listings check, shorter than the minimum age).
    fs.writeFileSync(path.join(inbox, 'writing.csv'), half);
    // Default exclusions (blank field): temporary names are never taken, however old.
    for (const name of ['upload.csv.filepart', '.sync.csv', '~lock.csv']) {
      fs.writeFileSync(path.join(inbox, name), 'tmp\n');
      age(path.join(inbox, name), 600);
    }
    await addJob('AGE-1', job(inbox, outbox, { sftp_source_min_age_seconds: 60 }));

    const first = await runNow('AGE-1', 'IN_WAIT');
    expect(first.state, first.message ?? '').toBe('FINISHED');
    expect(await sourcesOf(first.id)).toEqual(['old.csv']);
    expect(fs.readdirSync(inbox).sort()).toEqual([
      '.sync.csv',
      'upload.csv.filepart',
      'writing.csv',
      '~lock.csv',
    ]);
    expect(await logLine(first.job_instance_no, /^left 1 file/)).toMatch(
      /^left 1 file\(s\) at the source for a later run: writing\.csv \(\d+ s old, minimum 60 s\)$/,
    );

    // The writer finishes; its last write is now more than the minimum age ago.
    fs.appendFileSync(path.join(inbox, 'writing.csv'), whole.slice(half.length));
    age(path.join(inbox, 'writing.csv'), 120);
    const second = await runNow('AGE-1', 'IN_WAIT');
    expect(second.state, second.message ?? '').toBe('FINISHED');
    expect(await sourcesOf(second.id)).toEqual(['writing.csv']);
    const backup = await scene.t.database.db.kysely
      .selectFrom('run_files')
      .select(['size'])
      .where('run_id', '=', second.id)
      .where('file_name', '=', 'writing.csv')
      .executeTakeFirstOrThrow();
    expect(Number(backup.size)).toBe(Buffer.byteLength(whole));
    expect(fs.readdirSync(inbox).sort()).toEqual(['.sync.csv', 'upload.csv.filepart', '~lock.csv']);
  });
});
