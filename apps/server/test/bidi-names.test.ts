import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();

/** Every hidden character this test puts in partner file names; LIS shows each as an escape instead. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const RAW = /[\u202e\u200f\u2066\u0007\u0085]/;
/** "INV_<RLO>vsc.exe<RLM><LRI>.csv" would read as "INV_exe.csv…" unescaped. */
const PARTNER_NAME = 'INV_\u202evsc.exe\u200f\u2066.csv';
const SHOWN = 'INV_\\u202Evsc.exe\\u200F\\u2066.csv';
/** C0 and C1 controls: an sFTP path LIS refuses to read, named in the run's warning. */
const CONTROL_NAME = 'CTL_\u0007\u0085.csv';
const CONTROL_SHOWN = 'CTL_\\u0007\\u0085.csv';

/**
 * LIS issue 31 point 10: the control and bidi characters of a partner's file name are escaped
 * (`\u202E`) wherever the name is shown or mailed — the run's message (stored English, every reader's
 * language), the log lines and the status e-mail (subject and body) — by the one escaping function.
 */
describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('partner file names shown escaped (%s)', (kind) => {
  const scene = usePipelineScene(kind, peers);
  const read = (url: string, language: 'en' | 'th') =>
    scene.t.as('user-a', { url, headers: { 'accept-language': language } });

  it('a run message, its log lines and its status mail show U+202E and the other bidi characters as escapes', async () => {
    const inbox = path.join(scene.root, 'bidi-in');
    const outbox = path.join(scene.root, 'bidi-out');
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    fs.writeFileSync(path.join(inbox, PARTNER_NAME), 'B001,ลูกค้า ก,100\nB002,ลูกค้า ข,abc\n');
    await scene.addJob('BIDI-1', {
      legacytype: 'IN_WAIT',
      stopif_step4_error: 'Y',
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
    const run = await scene.runNow('BIDI-1', 'IN_WAIT');
    expect(run.state, run.message ?? '').toBe('ERROR');

    // The stored English message (legacy API, exports, e-mail) and every reader's rendering.
    expect(run.message).toContain(`error source files: ${SHOWN}`);
    expect(run.message).not.toMatch(RAW);
    for (const language of ['en', 'th'] as const) {
      const report = await read('/v2/legacy/report?sid=555&company_code=A', language);
      const row = (report.json().result_list as { legacyid: string; message: string }[]).find(
        (r) => r.legacyid === 'BIDI-1',
      );
      expect(row?.message, language).toContain(SHOWN);
      expect(row?.message, language).not.toMatch(RAW);
      expect(report.body, language).not.toMatch(RAW);

      const log = await read(
        `/v1/system/log?sid=555&company_code=A&job_instanceno=${run.job_instance_no}&page_size=100`,
        language,
      );
      const lines = (log.json().result_list as { message: string }[]).map((l) => l.message);
      expect(lines.filter((line) => line.includes(SHOWN)).length, language).toBeGreaterThanOrEqual(2);
      expect(log.body, language).not.toMatch(RAW);
    }

    // The status e-mail: the body's message and nothing raw anywhere in what was sent.
    expect(await scene.mailer.deliverDue()).toBeGreaterThan(0);
    const mail = peers.smtp.received.find((m) => m.subject?.startsWith('ERROR BIDI-1'));
    expect(mail, peers.smtp.received.map((m) => m.subject).join('\n')).toBeDefined();
    expect(mail?.html).toContain(SHOWN);
    expect(mail?.html).not.toMatch(RAW);
    expect(mail?.subject).not.toMatch(RAW);
    expect(mail?.text ?? '').not.toMatch(RAW);
  });

  it('a file name with C0 and C1 controls, left at the source, is named escaped in the run message', async () => {
    const inbox = path.join(scene.root, 'ctl-in');
    fs.mkdirSync(inbox);
    fs.writeFileSync(path.join(inbox, CONTROL_NAME), 'C001,x,1\n');
    await scene.addJob('CTL-1', {
      legacytype: 'IN_WAIT',
      sftp_source_server_id: 'sftp-a',
      sftp_source_path: inbox,
      sftp_return_server_id: 'sftp-a',
      sftp_return_path: inbox,
      api_classname: 'Demo',
      api_function_name: 'validateRecords',
    });
    const run = await scene.runNow('CTL-1', 'IN_WAIT');
    expect(run.message).toContain(`left at the source: ${CONTROL_SHOWN}`);
    expect(run.message).not.toMatch(RAW);
    for (const language of ['en', 'th'] as const) {
      const task = await read(
        `/v1/legacy/task?sid=555&company_code=A&job_instance_no=${run.job_instance_no}`,
        language,
      );
      expect(task.statusCode).toBe(200);
      const message = (task.json().result_list as { message: string }[])[0]?.message;
      expect(message, language).toContain(CONTROL_SHOWN);
      expect(message, language).not.toMatch(RAW);
    }
  });
});
