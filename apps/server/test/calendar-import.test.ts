import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

const FIXTURE = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/calendars/holidays.ics'),
);

/** A multipart form: text fields, then the file in `file` (as the console's upload sends it). */
function form(fields: Record<string, string>, file?: { content: Buffer | string; filename: string }) {
  const boundary = '----lis-calendar-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          'Content-Type: text/calendar\r\n\r\n',
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DATABASE_KINDS)('calendar import API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    // An admin of every company: may write any company's calendars, not the shared ones.
    await t.user('admin-all', [['*', 'admin']]);
  });
  afterAll(() => t.close());

  const list = async (username: string, company: string) => {
    const r = await t.as(username, { url: `/v1/calendars?company_code=${encodeURIComponent(company)}` });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { result_list: { company_code: string; name: string; used_by: unknown[] }[] })
      .result_list;
  };
  const codeOf = (r: { json(): unknown }) => (r.json() as { code: string }).code;

  it('imports an .ics file as a holiday calendar: all-day and multi-day events read, timed ones skipped and counted', async () => {
    const r = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/calendars/import',
      ...form(
        { company_code: 'A', name: 'A-HOLIDAYS', description: 'Imported' },
        { content: FIXTURE, filename: 'holidays.ics' },
      ),
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as {
      message: string;
      calendar: { definition: unknown; description: string };
      events: unknown[];
      skipped: number;
    };
    expect(body.skipped).toBe(3);
    expect(body.calendar).toMatchObject({
      description: 'Imported',
      definition: {
        type: 'holiday',
        dates: [
          '2026-01-01',
          '2026-04-13',
          '2026-04-14',
          '2026-04-15',
          '2026-05-01',
          '2026-12-10',
          '2027-12-10',
        ],
      },
    });
    expect(body.events).toContainEqual({ date: '2026-04-15', summary: 'วันสงกรานต์ (Songkran Festival)' });
    expect(body.message).toBe('Calendar A-HOLIDAYS: 7 holiday dates imported, 3 timed events skipped');
    expect((await list('user-a', 'A')).map((c) => c.name)).toContain('A-HOLIDAYS');

    const again = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/calendars/import',
      ...form({ company_code: 'A', name: 'A-HOLIDAYS' }, { content: FIXTURE, filename: 'holidays.ics' }),
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'CALENDAR_EXISTS']);
    const replaced = await t.as('admin-a', {
      method: 'POST',
      url: '/v1/calendars/import',
      ...form(
        { company_code: 'A', name: 'A-HOLIDAYS', replace: 'true' },
        { content: FIXTURE, filename: 'holidays.ics' },
      ),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
  });

  it('refuses a bad import with a clear 4xx and stores nothing', async () => {
    const before = await list('admin-a', 'A');
    const post = (
      username: string,
      fields: Record<string, string>,
      file?: { content: Buffer | string; filename: string },
    ) => t.as(username, { method: 'POST', url: '/v1/calendars/import', ...form(fields, file) });
    const ics = { content: FIXTURE, filename: 'h.ics' };
    const malformed = await post(
      'admin-a',
      { company_code: 'A', name: 'BAD' },
      {
        content: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nno colon here\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
        filename: 'bad.ics',
      },
    );
    expect([malformed.statusCode, codeOf(malformed)]).toEqual([400, 'CALENDAR_IMPORT_INVALID']);
    expect((malformed.json() as { message: string }).message).toMatch(
      /^The file is not a valid iCalendar \(\.ics\) file: /,
    );
    const notIcs = await post(
      'admin-a',
      { company_code: 'A', name: 'BAD' },
      { content: 'name,date\nx,2026-01-01\n', filename: 'h.csv' },
    );
    expect([notIcs.statusCode, codeOf(notIcs)]).toEqual([400, 'CALENDAR_IMPORT_INVALID']);
    const noFile = await post('admin-a', { company_code: 'A', name: 'BAD' });
    expect([noFile.statusCode, codeOf(noFile)]).toEqual([400, 'CALENDAR_IMPORT_NO_FILE']);
    const badName = await post('admin-a', { company_code: 'A', name: 'no spaces please' }, ics);
    expect([badName.statusCode, codeOf(badName)]).toEqual([400, 'REQUEST_INVALID']);
    const timedOnly = await post(
      'admin-a',
      { company_code: 'A', name: 'BAD' },
      {
        content:
          'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:t\r\nDTSTART:20260101T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
        filename: 't.ics',
      },
    );
    expect([timedOnly.statusCode, codeOf(timedOnly)]).toEqual([422, 'CALENDAR_IMPORT_EMPTY']);
    const tooLarge = await post(
      'admin-a',
      { company_code: 'A', name: 'BAD' },
      { content: Buffer.alloc(1024 * 1024 + 10, 'A'), filename: 'big.ics' },
    );
    expect([tooLarge.statusCode, codeOf(tooLarge)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const user = await post('user-a', { company_code: 'A', name: 'BAD' }, ics);
    expect([user.statusCode, codeOf(user)]).toEqual([403, 'ROLE_FORBIDDEN']);
    const otherCompany = await post('admin-a', { company_code: 'B', name: 'BAD' }, ics);
    expect([otherCompany.statusCode, codeOf(otherCompany)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    const shared = await post('admin-a', { company_code: '*', name: 'BAD' }, ics);
    expect([shared.statusCode, codeOf(shared)]).toEqual([403, 'COMPANY_FORBIDDEN']);
    const sharedByAdmin = await post('admin-all', { company_code: '*', name: 'BAD' }, ics);
    expect([sharedByAdmin.statusCode, codeOf(sharedByAdmin)]).toEqual([403, 'ROLE_FORBIDDEN']);
    expect(await list('admin-a', 'A')).toEqual(before);
    expect((await list('root', '*')).map((c) => c.name)).not.toContain('BAD');
  });
});
