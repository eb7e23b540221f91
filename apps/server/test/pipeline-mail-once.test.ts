import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();

/** DESIGN §5 "E-mail", decision 0016: a re-run of a step never mails the same condition again. */
describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)(
  'status e-mail once per run and condition (%s)',
  (kind) => {
    const scene = usePipelineScene(kind, peers);
    const { addJob, runNow, stepsOf } = scene;

    it('re-running a step after the error mail went out ends with the same one mail', async () => {
      const inbox = path.join(scene.root, 'once-in');
      const outbox = path.join(scene.root, 'once-out');
      fs.mkdirSync(inbox);
      fs.mkdirSync(outbox);
      fs.writeFileSync(path.join(inbox, 'batch.csv'), 'OK1,a,1\nBAD,b,oops\n');
      // The error folder's name is taken by a file: step 3 fails, and fails again when re-run.
      fs.writeFileSync(path.join(outbox, 'return_error'), 'in the way');
      await addJob('ONCE-1', {
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-a',
        sftp_source_path: inbox,
        sftp_source_isdeletesource: 'Y',
        sftp_return_server_id: 'sftp-a',
        sftp_return_path: outbox,
        api_classname: 'Demo',
        api_function_name: 'validateRecords',
        email_error_to: 'ops@example.test',
        email_error_is_active: 'Y',
      });
      const first = await runNow('ONCE-1', 'IN_WAIT');
      expect(first.state).toBe('ERROR');
      expect(await stepsOf(first.id)).toMatchObject({ 3: 'ERROR', 6: 'SUCCESS' });
      expect(await scene.mailer.deliverDue()).toBe(1);
      const mine = () =>
        peers.smtp.received.filter((mail) => mail.subject?.includes(first.job_instance_no) ?? false);
      expect(mine()).toHaveLength(1);

      const db = scene.t.database.db.kysely;
      const r = await scene.t.as('user-a', {
        method: 'POST',
        url: `/v1/lis-server/run-step?sid=555&company_code=A&legacy_id=ONCE-1&job_instance_no=${first.job_instance_no}&step=3`,
      });
      expect(r.statusCode, r.body).toBe(200);
      const again = await scene.waitForRun(first.job_instance_no);
      expect(again.state).toBe('ERROR');
      expect(await stepsOf(first.id)).toMatchObject({ 3: 'ERROR', 6: 'SUCCESS' });
      const step6 = await db
        .selectFrom('run_steps')
        .select('message')
        .where('run_id', '=', first.id)
        .where('step', '=', 6)
        .executeTakeFirstOrThrow();
      expect(step6.message).toBe('1 e-mail(s) already sent or being sent for this run, not queued again');
      const mails = await db
        .selectFrom('mail_outbox')
        .select(['condition', 'status', 'attempts'])
        .where('run_id', '=', first.id)
        .execute();
      expect(mails).toEqual([{ condition: 'ERROR', status: 'SENT', attempts: 1 }]);
      expect(await scene.mailer.deliverDue()).toBe(0);
      expect(mine()).toHaveLength(1);
      const run = await db
        .selectFrom('job_runs')
        .select('send_email_status')
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      expect(run.send_email_status).toBe('SUCCESS');
    });
  },
);
