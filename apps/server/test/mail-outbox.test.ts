import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailStatus } from '../src/db/schema.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/** The Mail outbox API: the list with the outcome of each mail, and an admin's resend (decision 0016). */
describe.each(DATABASE_KINDS)('mail outbox API (%s)', (kind) => {
  let t: TestApp;
  const seqs: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    const statuses: [string, MailStatus][] = [
      ['A', 'UNKNOWN'],
      ['A', 'SENT'],
      ['A', 'FAILED'],
      ['B', 'UNKNOWN'],
    ];
    for (const [company, status] of statuses) {
      const row = await t.database.db.kysely
        .insertInto('mail_outbox')
        .values({
          run_id: null,
          company_code: company,
          legacy_id: 'JOB1',
          job_instance_no: 'JOB1_1',
          condition: 'FINISHED',
          mail_to: 'ops@example.test',
          mail_cc: '',
          mail_bcc: '',
          subject: `${company} ${status}`,
          body_html: '<p>x</p>',
          status,
          attempts: 1,
          next_attempt_at: null,
          last_error: status === 'SENT' ? null : 'outcome unknown, not resent: ETIMEDOUT',
          created_at: 1,
          sent_at: null,
          message_id: `<lis.${company}.${status.toLowerCase()}@example.test>`,
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      seqs[`${company} ${status}`] = Number(row.seq);
    }
  });
  afterAll(() => t.close());

  const resend = (who: string, company: string, seq: number, language = 'en') =>
    t.as(who, {
      method: 'POST',
      url: '/v1/mail-outbox/resend',
      payload: { company_code: company, seq },
      headers: { 'accept-language': language },
    });

  it('lists each mail with its status, attempts, last error and Message-ID', async () => {
    const r = await t.as('admin-a', { url: '/v1/mail-outbox?company_code=A&status=UNKNOWN' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result_list).toMatchObject([
      {
        status: 'UNKNOWN',
        attempts: 1,
        last_error: 'outcome unknown, not resent: ETIMEDOUT',
        message_id: '<lis.A.unknown@example.test>',
      },
    ]);
  });

  it('puts an UNKNOWN mail back to PENDING on an admin’s request, audited, keeping its Message-ID', async () => {
    const seq = seqs['A UNKNOWN'] ?? 0;
    const r = await resend('admin-a', 'A', seq);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toContain('same Message-ID');
    const row = await t.database.db.kysely
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'message_id', 'next_attempt_at'])
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, message_id: '<lis.A.unknown@example.test>' });
    expect(row.next_attempt_at).not.toBeNull();
    const audit = await t.database.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('route', '=', '/v1/mail-outbox/resend')
      .execute();
    expect(audit).toMatchObject([{ username: 'admin-a', target: `mail:${seq}`, company_code: 'A' }]);
    // Already PENDING: a second click does not queue anything more.
    const again = await resend('admin-a', 'A', seq, 'th');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('PENDING');
  });

  it('resends a FAILED mail, refuses a SENT one and an unknown number', async () => {
    expect((await resend('admin-a', 'A', seqs['A FAILED'] ?? 0)).statusCode).toBe(200);
    const sent = await resend('admin-a', 'A', seqs['A SENT'] ?? 0);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toMatch(/SENT/);
    expect((await resend('admin-a', 'A', 999_999)).statusCode).toBe(404);
  });

  it("is for the company's admins only", async () => {
    const seq = seqs['B UNKNOWN'] ?? 0;
    expect((await resend('user-a', 'A', seq)).statusCode).toBe(403);
    expect((await resend('admin-a', 'B', seq)).statusCode).toBe(403);
    // Company A's admin cannot reach B's mail through A either.
    expect((await resend('admin-a', 'A', seq)).statusCode).toBe(404);
    const row = await t.database.db.kysely
      .selectFrom('mail_outbox')
      .select('status')
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('UNKNOWN');
  });

  it('filters by status and by the days a mail was queued (LIS_TIMEZONE); bad input is a 400 in EN and TH', async () => {
    // Noon UTC is the same calendar day in every zone within ±11 h.
    const noon = (day: string) => Date.parse(`${day}T12:00:00.000Z`);
    const days: [string, MailStatus, string][] = [
      ['2026-11-19', 'SENT', 'D19 SENT'],
      ['2026-11-20', 'FAILED', 'D20 FAILED'],
      ['2026-11-20', 'SENT', 'D20 SENT'],
      ['2026-11-21', 'FAILED', 'D21 FAILED'],
    ];
    for (const [day, status, subject] of days)
      await t.database.db.kysely
        .insertInto('mail_outbox')
        .values({
          run_id: null,
          company_code: 'A',
          legacy_id: 'DAYS',
          job_instance_no: `DAYS_${subject}`,
          condition: 'FINISHED',
          mail_to: 'ops@example.test',
          mail_cc: '',
          mail_bcc: '',
          subject,
          body_html: '<p>x</p>',
          status,
          attempts: 1,
          next_attempt_at: null,
          last_error: null,
          created_at: noon(day),
          sent_at: null,
          message_id: null,
        })
        .execute();
    const subjects = async (query: string) => {
      const r = await t.as('admin-a', { url: `/v1/mail-outbox?company_code=A&page_size=100&${query}` });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().result_list as { subject: string }[])
        .map((row) => row.subject)
        .filter((s) => s.startsWith('D'));
    };
    expect(await subjects('date_from=20261120&date_to=20261120')).toEqual(['D20 SENT', 'D20 FAILED']);
    expect(await subjects('date_from=20261120')).toEqual(['D21 FAILED', 'D20 SENT', 'D20 FAILED']);
    expect(await subjects('date_to=20261120')).toEqual(['D20 SENT', 'D20 FAILED', 'D19 SENT']);
    expect(await subjects('status=FAILED&date_from=20261120&date_to=20261121')).toEqual([
      'D21 FAILED',
      'D20 FAILED',
    ]);
    const total = await t.as('admin-a', {
      url: '/v1/mail-outbox?company_code=A&status=SENT&date_from=20261119',
    });
    expect(total.json().total_count).toBe(2);

    const refused = async (query: string) => {
      const answer = async (language: string) => {
        const r = await t.as('admin-a', {
          url: `/v1/mail-outbox?company_code=A&${query}`,
          headers: { 'accept-language': language },
        });
        return { status: r.statusCode, message: (r.json() as { message: string }).message };
      };
      return { en: await answer('en'), th: await answer('th') };
    };
    const reversed = await refused('date_from=20261121&date_to=20261120');
    expect(reversed.en).toEqual({ status: 400, message: 'date_from must not be later than date_to' });
    expect(reversed.th).toEqual({ status: 400, message: 'date_from ต้องไม่อยู่หลัง date_to' });
    const noSuchDay = await refused('date_from=20261131');
    expect(noSuchDay.en).toEqual({
      status: 400,
      message: 'date_from must be a date as yyyymmdd (for example 20261121)',
    });
    expect(noSuchDay.th.message).toBe('date_from ต้องเป็นวันที่ในรูปแบบ yyyymmdd (เช่น 20261121)');
    for (const query of ['date_to=2026-11-20', 'date_from=x', 'status=LOST', "status=SENT' OR 1=1 --"]) {
      const bad = await refused(query);
      expect(bad.en.status, query).toBe(400);
      expect(bad.en.message, query).toBeTruthy();
      expect(bad.th.message, query).not.toBe(bad.en.message);
    }
  });
});
