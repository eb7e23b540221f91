import { describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import { expectedRunReport } from '../../modules/reports/expected-run-report.js';
import { useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';
import { fireDueTriggers } from './fire-due-triggers.js';
import { runsOf, triggerById } from './scheduler-test-support.js';

/**
 * Business-day rules (issue 34) end to end on the real composition: a job whose trigger reads its
 * calendar with `nth=-1` fires on the last business day of the month only — the day before a holiday
 * on the month's last weekday — and a trigger with `shift=next` fires the day after a holiday, once.
 * Time is driven by the trigger's next fire (set into the past), never by sleeping.
 */
const TZ = 'Asia/Bangkok'; // the harness's LIS_TIMEZONE; no DST: 09:00 is 02:00Z every day
const DAY = 86_400_000;
const OFFSET = 7 * 3_600_000;

/** The local date (yyyy-mm-dd) and 09:00 of a Bangkok day number (days since 1970-01-01 there). */
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const nineOf = (day: number) => day * DAY - OFFSET + 9 * 3_600_000;
const dayOf = (at: number) => Math.floor((at + OFFSET) / DAY);
const weekday = (day: number) => new Date(day * DAY).getUTCDay(); // 0 Sunday … 6 Saturday
const isWeekday = (day: number) => weekday(day) !== 0 && weekday(day) !== 6;

/** Day numbers of the first and last day of the month `offset` months from the month of `day`. */
function monthOf(day: number, offset: number): { first: number; last: number } {
  const date = new Date(day * DAY);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1) / DAY;
  const last = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset + 1, 0) / DAY;
  return { first, last };
}

async function saveJob(
  h: ServiceHarness,
  id: string,
  cron: string,
  calendars: string,
  mode: 'add' | 'update',
) {
  await h.services.jobs.save(
    {
      companycode: 'A',
      legacyid: id,
      legacyname: id,
      legacytype: 'PULL_WAIT',
      isactive: 'Y',
      cron_trigger: cron,
      trigger_calendars: calendars,
    },
    mode,
    'admin-a',
  );
}

async function fire(h: ServiceHarness) {
  return fireDueTriggers(h.db, { timeZone: TZ, misfireThresholdMs: 80 * DAY, batchSize: 10 });
}

describe.each(DATABASE_KINDS)('business-day rules in the scheduler on %s', (kind) => {
  const h = useServiceHarness(kind);

  it('nth=-1 fires on the business day before a holiday on the last weekday, and on no other day', async () => {
    const now = await databaseNow(h.db.kysely, h.db.dialect);
    const today = dayOf(now);
    const previous = monthOf(today, -1);
    const current = monthOf(today, 0);
    let holiday = previous.last;
    while (!isWeekday(holiday)) holiday -= 1;
    const lastBusinessDay = ({ first, last }: { first: number; last: number }) => {
      for (let day = last; day >= first; day--) if (isWeekday(day) && day !== holiday) return day;
      throw new Error('no business day');
    };
    await h.services.calendars.save(
      {
        company_code: 'A',
        name: 'BANK',
        definition: {
          type: 'weekly',
          exclude: ['SAT', 'SUN'],
          base: { type: 'holiday', dates: [dateOf(holiday)] },
        },
      },
      'insert',
      'admin-a',
    );
    await saveJob(h, 'MONTH-END', '0 0 9 * * ?', 'BANK;nth=-1', 'add');
    const trigger = 'job|A|MONTH-END|0';
    const planned = await triggerById(h.db, trigger);
    expect(planned).toMatchObject({ calendar_name: 'BANK', calendar_rule: 'nth=-1', state: 'WAITING' });
    const expectedNext = [current, monthOf(today, 1)]
      .map(lastBusinessDay)
      .map(nineOf)
      .find((at) => at > now);
    expect(Number(planned.next_fire_at)).toBe(expectedNext);
    const [row] = await h.services.scheduling.quartzRows(['A']);
    expect(row).toMatchObject({ trigger_id: trigger, calendar: 'BANK', calendar_rule: 'nth=-1' });

    // Due since an included weekday early last month that is not the last business day (as if planned
    // before the rule): the pass fires the last business day of each month up to now, and nothing else.
    let start = previous.first;
    while (!isWeekday(start) || start === holiday) start += 1;
    await h.db.kysely
      .updateTable('triggers')
      .set({ next_fire_at: nineOf(start) })
      .where('id', '=', trigger)
      .execute();
    const outcome = await fire(h);
    const fired = (await runsOf(h.db, trigger)).map((run) => Number(run.scheduled_at));
    const expected = [previous, current]
      .map(lastBusinessDay)
      .map(nineOf)
      .filter((at) => at <= now);
    expect(fired.map((at) => new Date(at).toISOString())).toEqual(
      expected.map((at) => new Date(at).toISOString()),
    );
    expect(fired).toContain(nineOf(lastBusinessDay(previous)));
    expect(lastBusinessDay(previous)).toBeLessThan(holiday);
    expect(fired).not.toContain(nineOf(start));
    expect(outcome.missed).toBe(0);
    expect(Number((await triggerById(h.db, trigger)).next_fire_at)).toBe(expectedNext);

    // Expected Run Job expects the run on the last business day, none on the holiday (the job counts
    // from its creation: made older than both).
    await h.db.kysely
      .updateTable('job_configs')
      .set({ created_at: 0 })
      .where('legacy_id', '=', 'MONTH-END')
      .execute();
    const noonOf = (day: number) => nineOf(day) + 3 * 3_600_000;
    const onDay = await expectedRunReport(h.db.kysely, ['A'], noonOf(lastBusinessDay(previous)), TZ);
    expect(onDay.result_list.find((r) => r.legacyid === 'MONTH-END')).toMatchObject({ expected_count: 1 });
    for (const other of [holiday, start]) {
      const report = await expectedRunReport(h.db.kysely, ['A'], noonOf(other), TZ);
      expect(report.result_list.find((r) => r.legacyid === 'MONTH-END')).toBeUndefined();
    }
  });

  it('shift=next fires the day after a holiday, once, and a changed rule re-plans the trigger', async () => {
    const now = await databaseNow(h.db.kysely, h.db.dialect);
    const holiday = dayOf(now) - 3;
    await h.services.calendars.save(
      { company_code: 'A', name: 'HOLS', definition: { type: 'holiday', dates: [dateOf(holiday)] } },
      'insert',
      'admin-a',
    );
    const dayName = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'][weekday(holiday)];
    // A weekly trigger on the holiday's weekday, and a daily one (whose own fire the shifted one meets).
    await saveJob(h, 'SHIFTED', `0 0 9 ? * ${dayName}|0 0 9 * * ?`, 'HOLS;shift=next|HOLS;shift=next', 'add');
    const weekly = 'job|A|SHIFTED|0';
    const daily = 'job|A|SHIFTED|1';
    expect(await triggerById(h.db, weekly)).toMatchObject({ calendar_rule: 'shift=next' });
    // Both due from the holiday's 09:00 (the cron time the calendar excludes).
    for (const id of [weekly, daily])
      await h.db.kysely
        .updateTable('triggers')
        .set({ next_fire_at: nineOf(holiday) })
        .where('id', '=', id)
        .execute();
    await fire(h);
    const weeklyRuns = (await runsOf(h.db, weekly)).map((run) => Number(run.scheduled_at));
    expect(weeklyRuns).toEqual([nineOf(holiday + 1)]);
    const dailyRuns = (await runsOf(h.db, daily)).map((run) => Number(run.scheduled_at));
    const everyDay = [1, 2, 3].map((days) => nineOf(holiday + days)).filter((at) => at <= now);
    expect(dailyRuns).toEqual(everyDay);
    expect(Number((await triggerById(h.db, weekly)).next_fire_at)).toBe(nineOf(holiday + 7));

    // shift=previous instead: the trigger is planned again (next week's fire stays, it is no holiday).
    await saveJob(h, 'SHIFTED', `0 0 9 ? * ${dayName}|0 0 9 * * ?`, 'HOLS;shift=previous|HOLS', 'update');
    const replanned = await triggerById(h.db, weekly);
    expect(replanned).toMatchObject({ calendar_rule: 'shift=previous', fire_count: 1 });
    expect(Number(replanned.next_fire_at)).toBe(nineOf(holiday + 7));
    expect(await triggerById(h.db, daily)).toMatchObject({ calendar_rule: null, calendar_name: 'HOLS' });
    const holidayNext = await h.services.calendars.save(
      {
        company_code: 'A',
        name: 'HOLS',
        definition: { type: 'holiday', dates: [dateOf(holiday), dateOf(holiday + 7)] },
      },
      'update',
      'admin-a',
    );
    expect(holidayNext).toBeDefined();
    // Next week's fire is now a holiday: shift=previous moves it to the day before.
    expect(Number((await triggerById(h.db, weekly)).next_fire_at)).toBe(nineOf(holiday + 6));
  });
});
