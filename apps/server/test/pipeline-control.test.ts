import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)(
  'stopping a run and re-running a step (%s)',
  (kind) => {
    const scene = usePipelineScene(kind, peers);
    const { addJob, runNow, stepsOf } = scene;

    it('Stop aborts the function call at once: the run ends ERROR naming who stopped it', async () => {
      await addJob('SLOW-1', { legacytype: 'PULL_WAIT', api_classname: 'Demo', api_function_name: 'slow' });
      const r = await scene.t.as('admin-a', {
        url: '/v1/lis-server/run-immediate?sid=555&company_code=A&legacy_id=SLOW-1&legacy_type=PULL_WAIT',
      });
      expect(r.statusCode, r.body).toBe(200);
      const instance = r.json().job_instance_no as string;
      const db = scene.t.database.db.kysely;
      // Wait until step 2 is running (the call to Demo/slow, which answers after 60 s).
      for (const deadline = Date.now() + 20_000; ;) {
        const step = await db
          .selectFrom('run_steps')
          .innerJoin('job_runs', 'job_runs.id', 'run_steps.run_id')
          .select('run_steps.status')
          .where('job_runs.job_instance_no', '=', instance)
          .where('run_steps.step', '=', 2)
          .executeTakeFirst();
        if (step?.status === 'RUNNING') break;
        if (Date.now() > deadline) throw new Error('step 2 did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const stop = await scene.t.as('user-a', {
        method: 'POST',
        url: `/v1/lis-server/cancel?sid=555&company_code=A&legacy_id=SLOW-1&job_instance_no=${instance}`,
      });
      expect(stop.statusCode, stop.body).toBe(200);
      const run = await scene.waitForRun(instance);
      expect(run).toMatchObject({ state: 'ERROR', message: 'stopped by user-a' });
      const steps = await db
        .selectFrom('run_steps')
        .select(['step', 'status', 'message'])
        .where('run_id', '=', run.id)
        .execute();
      expect(steps).toEqual([
        expect.objectContaining({ step: 2, status: 'ERROR', message: expect.stringMatching(/^stopped/) }),
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
      expect(await refused(2, 409)).toMatch(/Only a step in ERROR can be re-run; step 2 .* is SUCCESS/);
      await refused(1, 400);
      await refused(3, 403, 'user-b');

      fs.rmSync(path.join(outbox, 'return_error'));
      const r = await scene.t.as('user-a', {
        method: 'POST',
        url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_id=RERUN-1&job_instance_no=${first.job_instance_no}&step=3`,
      });
      expect(r.statusCode, r.body).toBe(200);
      const db = scene.t.database.db.kysely;
      const again = await (async () => {
        for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
          const row = await db
            .selectFrom('job_runs')
            .selectAll()
            .where('id', '=', first.id)
            .executeTakeFirstOrThrow();
          if (row.finished_at !== null) return row;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the re-run did not end');
      })();
      expect(again.job_instance_no).toBe(first.job_instance_no);
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
  },
);
