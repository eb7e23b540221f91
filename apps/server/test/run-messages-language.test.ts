import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { usePipelinePeers, usePipelineScene } from './pipeline-scene.js';

const peers = usePipelinePeers();

/**
 * Issue 17: the engine writes run messages and log lines by key; the routes read them in the reader's
 * language (Accept-Language). English readers, the e-mail and the stored text keep the English words.
 */
describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)(
  'run messages in the reader’s language (%s)',
  (kind) => {
    const scene = usePipelineScene(kind, peers);

    const read = (url: string, language: 'en' | 'th') =>
      scene.t.as('user-a', { url, headers: { 'accept-language': language } });

    async function reportMessage(legacyId: string, language: 'en' | 'th') {
      const r = await read('/v2/legacy/report?sid=555&company_code=A', language);
      expect(r.statusCode, r.body).toBe(200);
      const rows = r.json().result_list as Record<string, unknown>[];
      for (const row of rows) expect(row).not.toHaveProperty('storedMessage');
      return rows.find((row) => row.legacyid === legacyId)?.message;
    }

    async function taskMessage(instance: string, language: 'en' | 'th') {
      const r = await read(`/v1/legacy/task?sid=555&company_code=A&job_instance_no=${instance}`, language);
      expect(r.statusCode, r.body).toBe(200);
      const rows = r.json().result_list as { job_instanceno: string; message: string }[];
      return rows.find((row) => row.job_instanceno === instance)?.message;
    }

    async function logLines(instance: string, language: 'en' | 'th') {
      const r = await read(
        `/v1/system/log?sid=555&company_code=A&job_instanceno=${instance}&page_size=100`,
        language,
      );
      expect(r.statusCode, r.body).toBe(200);
      const rows = r.json().result_list as Record<string, unknown>[];
      for (const row of rows) expect(row).not.toHaveProperty('storedMessage');
      return rows.map((row) => String(row.message));
    }

    it('a real run’s message and log lines come back in Thai for a Thai reader and in English for others', async () => {
      const inbox = path.join(scene.root, 'lang-in');
      const outbox = path.join(scene.root, 'lang-out');
      fs.mkdirSync(inbox);
      fs.mkdirSync(outbox);
      fs.writeFileSync(path.join(inbox, 'LANG_1.csv'), 'L001,ลูกค้า ก,100\nL002,ลูกค้า ข,abc\n');
      await scene.addJob('LANG-1', {
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
      const run = await scene.runNow('LANG-1', 'IN_WAIT');
      expect(run.state, run.message ?? '').toBe('ERROR');

      // The stored text stays English (legacy API, exports, e-mail, readers older than the keys).
      expect(run.message).toMatch(
        /^step 4 \(function status\): 1 of 2 document\(s\) in error; error source files: LANG_1\.csv: .+ \(job suspended\)$/,
      );
      const english = await reportMessage('LANG-1', 'en');
      expect(english).toBe(run.message);
      expect(await taskMessage(run.job_instance_no, 'en')).toBe(run.message);

      const thai = await reportMessage('LANG-1', 'th');
      expect(thai).toMatch(
        /^ขั้นตอนที่ 4 \(สถานะฟังก์ชัน\): ผิดพลาด 1 จาก 2 เอกสาร ไฟล์ต้นทางที่ผิดพลาด: LANG_1\.csv: .+ \(พักงานแล้ว\)$/,
      );
      expect(await taskMessage(run.job_instance_no, 'th')).toBe(thai);

      const englishLines = await logLines(run.job_instance_no, 'en');
      expect(englishLines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^run started on node /),
          'step 1 (load files) started',
          expect.stringMatching(/^downloaded .*LANG_1\.csv \(\d+ bytes, sha256 [0-9a-f]{64}\)$/),
          expect.stringMatching(/^step 1 \(load files\) SUCCESS: 1 file\(s\) loaded: LANG_1\.csv$/),
          'job LANG-1 suspended (step 4 ERROR)',
          expect.stringMatching(
            /^run ended ERROR: step 4 \(function status\): 1 of 2 document\(s\) in error/,
          ),
        ]),
      );
      const thaiLines = await logLines(run.job_instance_no, 'th');
      expect(thaiLines).toHaveLength(englishLines.length);
      expect(thaiLines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^เริ่มรันบนโหนด /),
          'เริ่มขั้นตอนที่ 1 (รับไฟล์)',
          expect.stringMatching(/^ดาวน์โหลด .*LANG_1\.csv แล้ว \(\d+ ไบต์, sha256 [0-9a-f]{64}\)$/),
          'ขั้นตอนที่ 1 (รับไฟล์) SUCCESS: รับไฟล์แล้ว 1 ไฟล์: LANG_1.csv',
          'พักงาน LANG-1 (ขั้นตอนที่ 4 ERROR)',
          expect.stringMatching(/^การรันสิ้นสุดด้วยสถานะ ERROR: ขั้นตอนที่ 4 \(สถานะฟังก์ชัน\): ผิดพลาด 1 จาก 2/),
        ]),
      );
      // Every line the engine wrote for this run has a key: none is left in English for a Thai reader.
      for (const line of thaiLines) expect(line).not.toMatch(/^(step|run|downloaded|deleted|delivered) /);

      // The e-mail is written once, in English.
      expect(await scene.mailer.deliverDue()).toBeGreaterThan(0);
      const mail = peers.smtp.received.find((m) => m.subject?.startsWith('ERROR LANG-1'));
      expect(mail?.html).toContain('step 4 (function status): 1 of 2 document(s) in error');
    });

    it('a row written without a key (before migration 0015) reads as stored in every language', async () => {
      const db = scene.t.database.db.kysely;
      const instance = `OLD-${Date.now()}`;
      await db
        .insertInto('system_log')
        .values({
          sid: '555',
          company_code: 'A',
          job_instance_no: instance,
          log_type: 'INFO',
          message: 'step 1 (load files) started',
          msg_source: 'worker',
          created_at: Date.now(),
        })
        .execute();
      // A key this version does not know (a newer node wrote it) also reads as stored.
      await db
        .insertInto('system_log')
        .values({
          sid: '555',
          company_code: 'A',
          job_instance_no: instance,
          log_type: 'INFO',
          message: 'written by a newer node',
          message_key: 'aKeyFromTheFuture',
          message_params: '{}',
          msg_source: 'worker',
          created_at: Date.now() + 1,
        })
        .execute();
      const expected = ['written by a newer node', 'step 1 (load files) started'];
      expect(await logLines(instance, 'th')).toEqual(expected);
      expect(await logLines(instance, 'en')).toEqual(expected);
    });
  },
);
