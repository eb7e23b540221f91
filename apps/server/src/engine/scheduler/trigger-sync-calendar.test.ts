import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import { CalendarRepository } from '../../modules/calendars/calendar.repository.js';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { buildJobConfig, triggerById } from './scheduler-test-support.js';
import { syncTriggers, type TriggerOwner } from './trigger-sync.js';

const TZ = 'UTC';
const DAY = 86_400_000;
const job: TriggerOwner = { kind: 'job', companyCode: 'C1', ownerId: 'JOB1' };
const TRIGGER = 'job|C1|JOB1|0';
const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);
const midnight = (at: number, offset = 0) => Math.floor(at / DAY) * DAY + offset * DAY;

describe.each(DATABASE_KINDS)('syncTriggers with calendars on %s', (kind) => {
  let test: TestDatabase;
  let calendars: CalendarRepository;
  beforeEach(async () => {
    test = await createTestDatabase(kind);
    calendars = new CalendarRepository(test.db.kysely);
  });
  afterEach(async () => {
    await test.drop();
  });

  const sync = () => syncTriggers(test.db, job, { timeZone: TZ, calendars });
  const saveCalendar = async (company: string, name: string, definition: unknown) => {
    const row = {
      company_code: company,
      name,
      description: '',
      definition: JSON.stringify(definition),
      updated_at: 1,
      updated_by: 't',
    };
    if (!(await calendars.insert({ ...row, created_at: 1 }))) await calendars.update(row);
  };
  const addJob = (cron_trigger: string, trigger_calendars: string) =>
    test.db.kysely
      .insertInto('job_configs')
      .values({ ...buildJobConfig({ cron_trigger }), trigger_calendars })
      .execute();

  it("resolves each position's name: the company's own calendar, else the shared one, else none", async () => {
    await saveCalendar('*', 'SHARED', { type: 'weekly', exclude: [] });
    await saveCalendar('*', 'BOTH', { type: 'weekly', exclude: [] });
    await saveCalendar('C1', 'BOTH', { type: 'weekly', exclude: ['SUN'] });
    await addJob('0 0 1 * * ?|0 0 2 * * ?|0 0 3 * * ?|0 0 4 * * ?', 'SHARED|BOTH||GONE');
    await sync();
    const rows = await test.db.kysely
      .selectFrom('triggers')
      .select(['calendar_company', 'calendar_name', 'calendar_version', 'state'])
      .orderBy('position')
      .execute();
    expect(rows.map((r) => [r.calendar_company, r.calendar_name, r.state])).toEqual([
      ['*', 'SHARED', 'WAITING'],
      ['C1', 'BOTH', 'WAITING'],
      [null, null, 'WAITING'],
      [null, 'GONE', 'WAITING'],
    ]);
    expect(rows[0]?.calendar_version).toMatch(/^[\w-]{43}$/);
    expect(rows[2]?.calendar_version).toBeNull();
  });

  it('refuses to plan triggers that name calendars without a resolver; plans an unreadable calendar as ERROR', async () => {
    await saveCalendar('C1', 'NIGHT', { type: 'daily', from: '22:00', to: '06:00' }); // the core refuses it
    await addJob('0 0 12 * * ?', 'NIGHT');
    await expect(syncTriggers(test.db, job, { timeZone: TZ })).rejects.toThrow(/needs a resolver/);
    await sync();
    expect(await triggerById(test.db, TRIGGER)).toMatchObject({ state: 'ERROR', next_fire_at: null });
  });

  it('keeps the timing of an unchanged calendar, and re-plans a due, unfired time only when the new calendar excludes it', async () => {
    const now = await databaseNow(test.db.kysely, test.db.dialect);
    await saveCalendar('C1', 'HOLS', { type: 'holiday', dates: ['2001-01-01'] });
    await addJob('0 0 12 * * ?', 'HOLS');
    await sync();
    // Due since yesterday noon and not fired yet (the scheduler was down): an unchanged calendar keeps it.
    const yesterdayNoon = midnight(now, -1) + 12 * 3_600_000;
    await test.db.kysely.updateTable('triggers').set({ next_fire_at: yesterdayNoon }).execute();
    await sync();
    expect(Number((await triggerById(test.db, TRIGGER)).next_fire_at)).toBe(yesterdayNoon);
    // A new definition that still includes it: kept (no fire the new calendar includes is lost).
    await saveCalendar('C1', 'HOLS', { type: 'holiday', dates: ['2001-01-02'] });
    await sync();
    expect(Number((await triggerById(test.db, TRIGGER)).next_fire_at)).toBe(yesterdayNoon);
    // One that excludes yesterday: the next noon it includes after it (today's, due or not yet).
    await saveCalendar('C1', 'HOLS', { type: 'holiday', dates: [isoDate(yesterdayNoon)] });
    await sync();
    expect(Number((await triggerById(test.db, TRIGGER)).next_fire_at)).toBe(yesterdayNoon + DAY);
    // Not due: the first included time after now.
    const tomorrowNoon = midnight(now, 1) + 12 * 3_600_000;
    await test.db.kysely
      .updateTable('triggers')
      .set({ next_fire_at: tomorrowNoon + DAY })
      .execute();
    await saveCalendar('C1', 'HOLS', { type: 'holiday', dates: [isoDate(tomorrowNoon + 2 * DAY)] });
    await sync();
    const expected = now < midnight(now) + 12 * 3_600_000 ? midnight(now) + 12 * 3_600_000 : tomorrowNoon;
    expect(Number((await triggerById(test.db, TRIGGER)).next_fire_at)).toBe(expected);
  });

  it('keeps each position’s business-day rule; plans a rule that is none, or nth on restricted days, as ERROR', async () => {
    await saveCalendar('C1', 'BANK', { type: 'weekly', exclude: ['SAT', 'SUN'] });
    // Written past the save's check (an older client, a hand edit): the sync must not fire them.
    await addJob(
      '0 0 9 * * ?|0 0 9 * * ?|0 0 9 ? * MON|0 0 9 * * ?',
      'BANK;nth=-1|BANK;nth=0|BANK;nth=2|BANK;shift=next',
    );
    await sync();
    const rows = await test.db.kysely
      .selectFrom('triggers')
      .select(['calendar_name', 'calendar_rule', 'state', 'next_fire_at'])
      .orderBy('position')
      .execute();
    expect(rows.map((r) => [r.calendar_name, r.calendar_rule, r.state])).toEqual([
      ['BANK', 'nth=-1', 'WAITING'],
      ['BANK', 'nth=0', 'ERROR'],
      ['BANK', 'nth=2', 'ERROR'],
      ['BANK', 'shift=next', 'WAITING'],
    ]);
    expect(rows[1]?.next_fire_at).toBeNull();
  });
});
