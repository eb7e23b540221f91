import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually } from '../src/test-support/eventually.js';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)(
  'stopping a run and re-running a step (%s)',
  (kind) => {
    const scene = usePipelineScene(kind, peers);
    const { addJob, runNow, stepsOf } = scene;

    it('Stop aborts the function call at once: the run ends STOPPED naming who stopped it', async () => {
      await addJob('SLOW-1', { legacytype: 'PULL_WAIT', api_classname: 'Demo', api_function_name: 'slow' });
      const r = await scene.t.as('admin-a', {
        url: '/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=SLOW-1&legacy_type=PULL_WAIT',
      });
      expect(r.statusCode, r.body).toBe(200);
      const instance = r.json().job_instance_no as string;
      const db = scene.t.database.db.kysely;
      // Wait until step 2 is running (the call to Demo/slow, which answers after 60 s).
      await eventually(
        async () => {
          const step = await db
            .selectFrom('run_steps')
            .innerJoin('job_runs', 'job_runs.id', 'run_steps.run_id')
            .select('run_steps.status')
            .where('job_runs.job_instance_no', '=', instance)
            .where('run_steps.step', '=', 2)
            .executeTakeFirst();
          return step?.status === 'RUNNING';
        },
        { timeout: 20_000, interval: 50, message: 'step 2 to start' },
      );
      const stop = await scene.t.as('user-a', {
        method: 'POST',
        url: `/v1/lis-server/cancel?sid=555&company_code=A&legacy_id=SLOW-1&job_instance_no=${instance}`,
      });
      expect(stop.statusCode, stop.body).toBe(200);
      const run = await scene.waitForRun(instance);
      expect(run).toMatchObject({ state: 'STOPPED', message: 'stopped by user-a' });
      const steps = await db
        .selectFrom('run_steps')
        .select(['step', 'status', 'message'])
        .where('run_id', '=', run.id)
        .execute();
      expect(steps).toEqual([
        expect.objectContaining({ step: 2, status: 'STOPPED', message: expect.stringMatching(/^stopped/) }),
      ]);
    });

    it('re-running step 3 after a forced failure delivers the missing file once and nothing twice', async () => {
      const inbox = path.join(scene.root, 'rerun-in');
      const outbox = path.join(scene.root, 'rerun-out');
      fs.mkdirSync(inbox);
      fs.mkdirSync(outbox);
      fs.writeFileSync(path.join(inbox, 'batch.csv'), 'B1,x,10\nB2,y,oops\n');
      // The error folder's name is taken by a file: the success file goes out, the error file cannot.
      fs.writeFileSync(path.join(outbox, 'return_error'), 'in the way');
      await addJob('RERUN-1', {
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-a',
        sftp_source_path: inbox,
        sftp_source_isdeletesource: 'Y',
        sftp_return_server_id: 'sftp-a',
        sftp_return_path: outbox,
        api_classname: 'Demo',
        api_function_name: 'validateRecords',
      });
      const first = await runNow('RERUN-1', 'IN_WAIT');
      expect(first.state).toBe('ERROR');
      expect(await stepsOf(first.id)).toMatchObject({ 1: 'SUCCESS', 2: 'SUCCESS', 3: 'ERROR' });
      const delivered = path.join(outbox, 'return_success', 'batch.csv.ok.csv');
      expect(fs.existsSync(delivered)).toBe(true);
      fs.writeFileSync(delivered, 'changed downstream');

      const refused = async (step: number, status: number, user = 'user-a') => {
        const r = await scene.t.as(user, {
          url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_id=RERUN-1&job_instance_no=${first.job_instance_no}&step=${step}`,
        });
        expect(r.statusCode, r.body).toBe(status);
        return r.json().message as string;
      };
      expect(await refused(2, 409)).toMatch(
        /Only a step in ERROR or STOPPED can be re-run; step 2 .* is SUCCESS/,
      );
      // Step 1 may be re-run too (docs/reliability.md), but only in ERROR, as every step.
      expect(await refused(1, 409)).toMatch(
        /Only a step in ERROR or STOPPED can be re-run; step 1 .* is SUCCESS/,
      );
      await refused(6, 400);
      await refused(3, 403, 'user-b');

      fs.rmSync(path.join(outbox, 'return_error'));
      const r = await scene.t.as('user-a', {
        method: 'POST',
        url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_id=RERUN-1&job_instance_no=${first.job_instance_no}&step=3`,
      });
      expect(r.statusCode, r.body).toBe(200);
      const db = scene.t.database.db.kysely;
      const again = await eventually(
        async () => {
          const row = await db
            .selectFrom('job_runs')
            .selectAll()
            .where('id', '=', first.id)
            .executeTakeFirstOrThrow();
          return row.finished_at !== null ? row : undefined;
        },
        { timeout: 30_000, interval: 100, message: 'the re-run to end' },
      );
      expect(again.job_instance_no).toBe(first.job_instance_no);
      // Issue 31: the run keeps its Job Start; the steps run again keep their earlier attempt.
      expect(Number(again.started_at)).toBe(Number(first.started_at));
      expect(Number(again.finished_at)).toBeGreaterThan(Number(first.finished_at));
      const attempts = await db
        .selectFrom('run_step_attempts')
        .selectAll()
        .where('run_id', '=', first.id)
        .orderBy('step')
        .execute();
      expect(attempts.map((row) => [row.step, row.attempt, row.status, row.rerun_by])).toEqual([
        // The first run ended at step 3 (step 4 never ran); its mail step had its record too.
        [3, 1, 'ERROR', 'user-a'],
        [6, 1, 'SKIPPED', 'user-a'],
      ]);
      const shown = await scene.t.as('user-a', {
        url: `/v1/legacy/step-attempts?sid=555&company_code=A&legacy_id=RERUN-1&job_instance_no=${first.job_instance_no}`,
      });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().result_list[0]).toMatchObject({
        step: 3,
        attempt: 1,
        status: 'ERROR',
        rerun_by: 'user-a',
        started_on: new Date(Number(attempts[0]?.started_at)).toISOString(),
      });
      const otherCompany = await scene.t.as('user-b', {
        url: `/v1/legacy/step-attempts?sid=555&company_code=A&legacy_id=RERUN-1&job_instance_no=${first.job_instance_no}`,
      });
      expect(otherCompany.statusCode).toBe(403);
      const step3Before = attempts[0];
      expect(Number(step3Before?.started_at)).toBeGreaterThanOrEqual(Number(first.started_at));
      expect(Number(step3Before?.finished_at)).toBeLessThanOrEqual(Number(first.finished_at));
      const step3Now = await db
        .selectFrom('run_steps')
        .select(['started_at', 'finished_at'])
        .where('run_id', '=', first.id)
        .where('step', '=', 3)
        .executeTakeFirstOrThrow();
      expect(Number(step3Now.started_at)).toBeGreaterThan(Number(first.finished_at));
      expect(await stepsOf(first.id)).toEqual({
        1: 'SUCCESS',
        5: 'SUCCESS',
        2: 'SUCCESS',
        3: 'SUCCESS',
        4: 'ERROR',
        6: 'SKIPPED',
      });
      const step3 = await db
        .selectFrom('run_steps')
        .select('message')
        .where('run_id', '=', first.id)
        .where('step', '=', 3)
        .executeTakeFirstOrThrow();
      expect(step3.message).toBe('1 file(s) delivered, 1 already delivered before');
      expect(fs.readFileSync(delivered, 'utf8')).toBe('changed downstream');
      expect(fs.readFileSync(path.join(outbox, 'return_error', 'batch.csv.error.csv'), 'utf8')).toContain(
        'oops',
      );
      const deliveries = await db
        .selectFrom('file_deliveries')
        .innerJoin('run_files', 'run_files.seq', 'file_deliveries.file_seq')
        .select('file_deliveries.destination')
        .where('run_files.run_id', '=', first.id)
        .execute();
      expect(deliveries).toHaveLength(2);
    });

    it('a delivery the ledger lost (node died after the rename) is found on the server, not sent again; abandoned temporaries are cleared', async () => {
      const inbox = path.join(scene.root, 'lost-in');
      const outbox = path.join(scene.root, 'lost-out');
      const success = path.join(outbox, 'return_success');
      fs.mkdirSync(inbox);
      fs.mkdirSync(success, { recursive: true });
      fs.writeFileSync(path.join(inbox, 'lost.csv'), 'L1,x,10\nL2,y,oops\n');
      fs.writeFileSync(path.join(outbox, 'return_error'), 'in the way');
      await addJob('LOST-1', {
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-a',
        sftp_source_path: inbox,
        sftp_return_server_id: 'sftp-a',
        sftp_return_path: outbox,
        api_classname: 'Demo',
        api_function_name: 'validateRecords',
      });
      const first = await runNow('LOST-1', 'IN_WAIT');
      expect(await stepsOf(first.id)).toMatchObject({ 3: 'ERROR' });
      const delivered = path.join(success, 'lost.csv.ok.csv');
      expect(fs.existsSync(delivered)).toBe(true);

      // As if the node had died between the rename and the ledger row: the file is there, its row is not.
      const db = scene.t.database.db.kysely;
      const seqs = (
        await db.selectFrom('run_files').select('seq').where('run_id', '=', first.id).execute()
      ).map((row) => row.seq);
      await db.deleteFrom('file_deliveries').where('file_seq', 'in', seqs).execute();
      const longAgo = new Date('2001-02-03T04:05:06Z');
      fs.utimesSync(delivered, longAgo, longAgo);
      const abandoned = path.join(success, '.old.csv.lis-part-0a1b2c3d4e5f');
      const live = path.join(success, '.new.csv.lis-part-3d4e5f6a7b8c');
      fs.writeFileSync(abandoned, 'half');
      fs.writeFileSync(live, 'being written');
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      fs.utimesSync(abandoned, twoHoursAgo, twoHoursAgo);

      fs.rmSync(path.join(outbox, 'return_error'));
      const r = await scene.t.as('user-a', {
        method: 'POST',
        url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_id=LOST-1&job_instance_no=${first.job_instance_no}&step=3`,
      });
      expect(r.statusCode, r.body).toBe(200);
      await eventually(
        async () => {
          const row = await db
            .selectFrom('job_runs')
            .select('finished_at')
            .where('id', '=', first.id)
            .executeTakeFirstOrThrow();
          return row.finished_at !== null && (await stepsOf(first.id))[3] === 'SUCCESS';
        },
        { timeout: 30_000, interval: 100, message: 'the re-run to end' },
      );
      const step3 = await db
        .selectFrom('run_steps')
        .select(['status', 'message'])
        .where('run_id', '=', first.id)
        .where('step', '=', 3)
        .executeTakeFirstOrThrow();
      expect(step3).toEqual({
        status: 'SUCCESS',
        message: '1 file(s) delivered, 1 already delivered before',
      });
      // Not rewritten: the file keeps its old modification time; both deliveries are recorded now.
      expect(fs.statSync(delivered).mtime.toISOString()).toBe(longAgo.toISOString());
      const recorded = await db
        .selectFrom('file_deliveries')
        .select('destination')
        .where('file_seq', 'in', seqs)
        .execute();
      expect(recorded).toHaveLength(2);
      expect(fs.existsSync(abandoned)).toBe(false);
      expect(fs.existsSync(live)).toBe(true);
      const logged = await db
        .selectFrom('system_log')
        .select('message')
        .where('job_instance_no', '=', first.job_instance_no)
        .execute();
      expect(logged.map((row) => row.message)).toEqual(
        expect.arrayContaining([
          `found ${delivered} already delivered (same size and SHA-256): not sent again`,
          `removed 1 abandoned temporary file(s) in ${success}`,
        ]),
      );
    });
  },
);
