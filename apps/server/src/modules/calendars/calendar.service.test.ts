import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CalendarDefinition, CalendarWrite } from '@lis/contracts';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';
import { DomainError } from '../../platform/domain-error.js';
import { requireCalendarWriter } from './calendar.service.js';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/calendars/holidays.ics',
);
const HOLIDAYS: CalendarDefinition = { type: 'holiday', dates: ['2026-12-05', '2026-12-10'] };
const WEEKEND: CalendarDefinition = { type: 'weekly', exclude: ['SAT', 'SUN'] };
const calendar = (
  company_code: string,
  name: string,
  definition: CalendarDefinition = HOLIDAYS,
): CalendarWrite => ({
  company_code,
  name,
  description: ` ${name} days `,
  definition,
});
const job = (companycode: string, legacyid: string, cron_trigger: string, trigger_calendars?: string) => ({
  companycode,
  legacyid,
  legacyname: `Job ${legacyid}`,
  legacytype: 'PULL_WAIT' as const,
  cron_trigger,
  ...(trigger_calendars === undefined ? {} : { trigger_calendars }),
});

async function seed(h: ServiceHarness): Promise<void> {
  await h.services.calendars.save(calendar('*', 'TH-BANK'), 'insert', 'root');
  await h.services.calendars.save(calendar('*', 'WEEKEND', WEEKEND), 'insert', 'root');
  await h.services.calendars.save(calendar('A', 'A-ONLY'), 'insert', 'admin-a');
  await h.services.calendars.save(
    calendar('B', 'WEEKEND', { type: 'weekly', exclude: ['SUN'] }),
    'insert',
    'admin-b',
  );
}

describe.each(DATABASE_KINDS)('CalendarService on %s', (kind) => {
  const h = useServiceHarness(kind, seed);
  const calendars = () => h.services.calendars;
  const names = async (company: string) =>
    (await calendars().list({ company_code: company })).result_list.map(
      (row) => `${row.company_code}:${row.name}`,
    );
  const logLines = async (company: string) =>
    (
      await h.db.kysely
        .selectFrom('system_log')
        .select(['message', 'msg_source'])
        .where('company_code', '=', company)
        .where('msg_source', '=', 'calendars')
        .orderBy('seq')
        .execute()
    ).map((row) => row.message);

  it('lists a company’s own calendars and the shared ones its own do not hide; `*` lists the shared ones', async () => {
    expect(await names('A')).toEqual(['A:A-ONLY', '*:TH-BANK', '*:WEEKEND']);
    expect(await names('B')).toEqual(['*:TH-BANK', 'B:WEEKEND']);
    expect(await names('*')).toEqual(['*:TH-BANK', '*:WEEKEND']);
    const own = (await calendars().list({ company_code: 'A' })).result_list[0];
    expect(own).toMatchObject({
      description: 'A-ONLY days',
      definition: HOLIDAYS,
      used_by: [],
      updated_by: 'admin-a',
    });
  });

  it('writes a system-log line for each create, change and delete', async () => {
    await calendars().save(calendar('A', 'LOGGED'), 'insert', 'admin-a');
    await calendars().save(calendar('A', 'LOGGED', WEEKEND), 'update', 'admin-a');
    await calendars().delete({ company_code: 'A', name: 'LOGGED' }, 'admin-a');
    expect(await logLines('A')).toEqual(
      expect.arrayContaining([
        'Calendar LOGGED created by admin-a',
        'Calendar LOGGED changed by admin-a',
        'Calendar LOGGED deleted by admin-a',
      ]),
    );
    expect(await logLines('*')).toContain('Calendar TH-BANK created by root');
  });

  it.each<[string, unknown, RegExp]>([
    ['a definition the schema refuses', { type: 'holiday', dates: ['26-12-05'] }, /^\/dates\/0: /],
    [
      'a bad base',
      { type: 'weekly', exclude: [], base: { type: 'monthly', exclude: [32] } },
      /^\/base\/exclude\/0: /,
    ],
    ['an unknown type', { type: 'lunar', dates: [] }, /type must be one of holiday/],
    [
      'a base chain deeper than 8',
      Array.from({ length: 9 }).reduce<CalendarDefinition | undefined>(
        (base) => ({ type: 'weekly', exclude: [], ...(base ? { base } : {}) }),
        undefined,
      ),
      /more than 8/,
    ],
  ])('refuses %s with CALENDAR_INVALID, and changes nothing', async (_what, definition, problem) => {
    const before = await calendars().list({ company_code: 'A' });
    const error = await expectRefusal(
      calendars().save(
        { ...calendar('A', 'A-ONLY'), definition: definition as CalendarDefinition },
        'update',
        'admin-a',
      ),
      { kind: 'invalid', key: 'calendarInvalid', code: 'CALENDAR_INVALID' },
    );
    expect(String(error.params?.problem)).toMatch(problem);
    await expectRefusal(
      calendars().save(
        { ...calendar('A', 'NEW-BAD'), definition: definition as CalendarDefinition },
        'insert',
        'admin-a',
      ),
      { kind: 'invalid', key: 'calendarInvalid' },
    );
    expect(await calendars().list({ company_code: 'A' })).toEqual(before);
  });

  it('refuses a second calendar of one name, a change or delete of none, and an unknown company', async () => {
    await expectRefusal(calendars().save(calendar('A', 'A-ONLY'), 'insert', 'admin-a'), {
      kind: 'conflict',
      key: 'calendarExists',
      code: 'CALENDAR_EXISTS',
    });
    await expectRefusal(calendars().save(calendar('A', 'NONE'), 'update', 'admin-a'), {
      kind: 'not_found',
      key: 'calendarNotFound',
      code: 'CALENDAR_NOT_FOUND',
    });
    await expectRefusal(calendars().delete({ company_code: 'B', name: 'A-ONLY' }, 'admin-b'), {
      kind: 'not_found',
      key: 'calendarNotFound',
    });
    await expectRefusal(calendars().save(calendar('NOPE', 'X'), 'insert', 'root'), {
      kind: 'invalid',
      key: 'unknownCompany',
    });
  });

  it('lets an admin write its own company’s calendars, a super_admin the shared ones and any company’s', async () => {
    const check = async (username: string, company: string) => {
      try {
        requireCalendarWriter(await h.identity(username), company);
        return 'allowed';
      } catch (error) {
        return error instanceof DomainError ? error.code : 'other';
      }
    };
    expect(await check('admin-a', 'A')).toBe('allowed');
    expect(await check('admin-a', 'B')).toBe('COMPANY_FORBIDDEN');
    expect(await check('user-a', 'A')).toBe('ROLE_FORBIDDEN');
    expect(await check('admin-a', '*')).toBe('COMPANY_FORBIDDEN');
    await h.user('admin-all', [['*', 'admin']]);
    expect(await check('admin-all', 'B')).toBe('allowed');
    expect(await check('admin-all', '*')).toBe('ROLE_FORBIDDEN');
    expect(await check('root', '*')).toBe('allowed');
    expect(await check('root', 'B')).toBe('allowed');
  });

  it('attaches calendars to a job’s triggers: own or shared names only, no more names than triggers', async () => {
    const jobs = h.services.jobs;
    await jobs.save(job('A', 'CAL-JOB', '0 0 6 * * ?|0 0 18 * * ?', 'TH-BANK|A-ONLY'), 'add', 'admin-a');
    expect((await jobs.get('A', 'CAL-JOB')).trigger_calendars).toBe('TH-BANK|A-ONLY');
    await expectRefusal(jobs.save(job('A', 'BAD-1', '0 0 6 * * ?', 'NOPE'), 'add', 'admin-a'), {
      kind: 'invalid',
      key: 'calendarUnknown',
      code: 'CALENDAR_UNKNOWN',
    });
    await expectRefusal(jobs.save(job('B', 'BAD-2', '0 0 6 * * ?', 'A-ONLY'), 'add', 'admin-b'), {
      kind: 'invalid',
      key: 'calendarUnknown',
    });
    await expectRefusal(jobs.save(job('A', 'BAD-3', '0 0 6 * * ?', 'TH-BANK|A-ONLY'), 'add', 'admin-a'), {
      kind: 'invalid',
      key: 'triggerCalendarsTooMany',
      code: 'TRIGGER_CALENDARS_TOO_MANY',
    });
    await expectRefusal(jobs.save(job('A', 'BAD-4', '0 0 6 * * ?', 'not a name!'), 'add', 'admin-a'), {
      kind: 'invalid',
      key: 'calendarNameInvalid',
    });
    const listed = (await jobs.list(await h.identity('root'), { company_code: 'A' })).result_list.map(
      (r) => r.legacyid,
    );
    expect(listed).not.toEqual(expect.arrayContaining(['BAD-1', 'BAD-3', 'BAD-4']));
    // An old client sends no trigger_calendars: kept, cut to the triggers that are left.
    await jobs.save(job('A', 'CAL-JOB', '0 0 6 * * ?'), 'update', 'admin-a');
    expect((await jobs.get('A', 'CAL-JOB')).trigger_calendars).toBe('TH-BANK');
    await jobs.save(job('A', 'CAL-JOB', '0 0 6 * * ?|0 0 7 * * ?', '|A-ONLY'), 'update', 'admin-a');
    expect((await jobs.get('A', 'CAL-JOB')).trigger_calendars).toBe('|A-ONLY');
  });

  it('attaches calendars to a chain’s triggers with the same rules', async () => {
    const chains = h.services.chains;
    await h.services.jobs.save(job('B', 'MEMBER', ''), 'add', 'admin-b');
    const chain = (ChainId: string, TriggerCalendars?: string) => ({
      CompanyCode: 'B',
      ChainId,
      ChainName: ChainId,
      IsActive: 'true' as const,
      LegacyList: 'MEMBER',
      CronTrigger: '0 0 6 * * ?',
      ...(TriggerCalendars === undefined ? {} : { TriggerCalendars }),
    });
    const saved = await chains.save(chain('CAL-CHAIN', 'WEEKEND'), 'insert', 'admin-b');
    expect(saved.after?.triggerCalendars).toBe('WEEKEND');
    await expectRefusal(chains.save(chain('BAD-CHAIN', 'A-ONLY'), 'insert', 'admin-b'), {
      kind: 'invalid',
      key: 'calendarUnknown',
    });
    await expectRefusal(chains.save(chain('BAD-CHAIN', 'WEEKEND|TH-BANK'), 'insert', 'admin-b'), {
      kind: 'invalid',
      key: 'triggerCalendarsTooMany',
    });
    expect(
      (await chains.list(await h.identity('root'), { companyCode: 'B' })).result_list.map((c) => c.chainId),
    ).toEqual(['CAL-CHAIN']);
  });

  it('names who uses a calendar (a company’s own hides the shared one), and refuses to delete it while used', async () => {
    await h.services.jobs.save(job('A', 'USES-WEEKEND', '0 0 8 * * ?', 'WEEKEND'), 'add', 'admin-a');
    const shared = async () =>
      (await calendars().list({ company_code: '*' })).result_list.find((row) => row.name === 'WEEKEND');
    // B has its own WEEKEND: B's chain uses B's, not the shared one.
    expect((await shared())?.used_by).toEqual([
      { kind: 'job', company_code: 'A', id: 'USES-WEEKEND', trigger_position: 0 },
    ]);
    const ownB = (await calendars().list({ company_code: 'B' })).result_list.find(
      (row) => row.name === 'WEEKEND',
    );
    expect(ownB?.used_by).toEqual([
      { kind: 'chain', company_code: 'B', id: 'CAL-CHAIN', trigger_position: 0 },
    ]);
    const aOnly = (await calendars().list({ company_code: 'A' })).result_list.find(
      (row) => row.name === 'A-ONLY',
    );
    expect(aOnly?.used_by).toEqual([{ kind: 'job', company_code: 'A', id: 'CAL-JOB', trigger_position: 1 }]);

    const refusal = await expectRefusal(calendars().delete({ company_code: '*', name: 'WEEKEND' }, 'root'), {
      kind: 'conflict',
      key: 'calendarInUse',
      code: 'CALENDAR_IN_USE',
    });
    expect(refusal.message).toContain('job USES-WEEKEND of company A (trigger 1)');
    expect(await shared()).toBeDefined();

    await h.services.jobs.save(job('A', 'USES-WEEKEND', '0 0 8 * * ?', ''), 'update', 'admin-a');
    expect((await shared())?.used_by).toEqual([]);
    await calendars().delete({ company_code: '*', name: 'WEEKEND' }, 'root');
    expect(await shared()).toBeUndefined();
  });

  it('re-plans the triggers that use a changed calendar and wakes the scheduler', async () => {
    const heard: unknown[] = [];
    const stop = h.signal.subscribe((companies) => heard.push(companies), ['triggers']);
    try {
      await calendars().save(
        calendar('A', 'A-ONLY', { type: 'holiday', dates: ['2026-12-07'] }),
        'update',
        'admin-a',
      );
      expect(heard.length).toBeGreaterThan(0);
      heard.length = 0;
      await calendars().save(calendar('B', 'UNUSED'), 'insert', 'admin-b');
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
  });

  it('imports an .ics file’s all-day events as a holiday calendar, and replaces it only when asked', async () => {
    const ics = fs.readFileSync(FIXTURE);
    const imported = await calendars().importIcs(
      { company_code: 'A', name: 'IMPORTED', description: 'from the fixture', replace: false },
      ics,
      'admin-a',
    );
    expect(imported.skipped).toBe(3);
    expect(imported.calendar.definition).toEqual({
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
    });
    await expectRefusal(
      calendars().importIcs({ company_code: 'A', name: 'IMPORTED', replace: false }, ics, 'admin-a'),
      { kind: 'conflict', key: 'calendarExists' },
    );
    await calendars().save(calendar('A', 'IMPORTED', WEEKEND), 'update', 'admin-a');
    const again = await calendars().importIcs(
      { company_code: 'A', name: 'IMPORTED', replace: true },
      ics,
      'admin-a',
    );
    expect(again.calendar.definition.type).toBe('holiday');
    expect(again.calendar.description).toBe('IMPORTED days');
    await expectRefusal(
      calendars().importIcs(
        { company_code: 'A', name: 'BROKEN', replace: false },
        'BEGIN:VCALENDAR\r\nnope\r\n',
        'admin-a',
      ),
      { kind: 'invalid', key: 'calendarImportInvalid', code: 'CALENDAR_IMPORT_INVALID' },
    );
    expect(await names('A')).not.toContain('A:BROKEN');
  });
});
