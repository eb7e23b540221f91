import { describe, expect, it } from 'vitest';
import type { CalendarDefinition } from '@lis/contracts';
import { databaseNow } from '../../db/database-clock.js';
import { dayTimeline } from '../../modules/reports/day-timeline.js';
import { expectedRunReport } from '../../modules/reports/expected-run-report.js';
import { useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';
import { fireDueTriggers } from './fire-due-triggers.js';
import { runsOf, triggerById } from './scheduler-test-support.js';

/**
 * Issue 34 end to end on the real composition: a job whose trigger names a holiday calendar is planned
 * and fired by it (no fire on the holiday, the days around it fire), a calendar change re-plans it at
 * once (and raises the signal), and the reports expect nothing on the holiday. Time is driven by the
 * trigger's next fire (set into the past) and the reports' `now`, never by sleeping.
 */
const TZ = 'Asia/Bangkok'; // the harness's LIS_TIMEZONE; no DST, so 09:00 is 02:00Z every day
const DAY = 86_400_000;
const TRIGGER = 'job|A|HOLIDAY-JOB|0';

/** 00:00 in Bangkok of the day `offset` days from the day of `at`. */
function dayStart(at: number, offset = 0): number {
  const local = at + 7 * 3_600_000;
  return Math.floor(local / DAY) * DAY - 7 * 3_600_000 + offset * DAY;
}
const nineOf = (start: number) => start + 9 * 3_600_000;
const isoDate = (start: number) => new Date(start + 7 * 3_600_000).toISOString().slice(0, 10);
const holidays = (...starts: number[]): CalendarDefinition => ({
  type: 'holiday',
  dates: starts.map(isoDate),
});

async function saveCalendar(h: ServiceHarness, definition: CalendarDefinition, mode: 'insert' | 'update') {
  await h.services.calendars.save({ company_code: 'A', name: 'HOLS', definition }, mode, 'admin-a');
}

describe.each(DATABASE_KINDS)('a trigger with a business calendar on %s', (kind) => {
  const h = useServiceHarness(kind);

  it('never fires on the holiday, fires the days around it, and re-plans when the calendar changes', async () => {
    const now = await databaseNow(h.db.kysely, h.db.dialect);
    const today = dayStart(now);
    await saveCalendar(h, holidays(dayStart(now, -2)), 'insert');
    await h.services.jobs.save(
      {
        companycode: 'A',
        legacyid: 'HOLIDAY-JOB',
        legacyname: 'Holiday job',
        legacytype: 'PULL_WAIT',
        isactive: 'Y',
        cron_trigger: '0 0 9 * * ?',
        trigger_calendars: 'HOLS',
      },
      'add',
      'admin-a',
    );
    const planned = await triggerById(h.db, TRIGGER);
    expect(planned).toMatchObject({ calendar_company: 'A', calendar_name: 'HOLS', state: 'WAITING' });
    const firstAfterNow = now < nineOf(today) ? nineOf(today) : nineOf(dayStart(now, 1));
    expect(Number(planned.next_fire_at)).toBe(firstAfterNow);

    // Four days back: 09:00 of each day up to now is due, within a threshold that makes none a misfire.
    const from = nineOf(dayStart(now, -4));
    await h.db.kysely.updateTable('triggers').set({ next_fire_at: from }).where('id', '=', TRIGGER).execute();
    const outcome = await fireDueTriggers(h.db, {
      timeZone: TZ,
      misfireThresholdMs: 10 * DAY,
      batchSize: 10,
    });
    const fired = (await runsOf(h.db, TRIGGER)).map((run) => Number(run.scheduled_at));
    const expected = [-4, -3, -1, 0].map((offset) => nineOf(dayStart(now, offset)));
    expect(fired).toEqual(expected.filter((at) => at <= now));
    expect(fired).not.toContain(nineOf(dayStart(now, -2)));
    expect(outcome.missed).toBe(0);
    // Passing the holiday counted once: the move from the day before it to the day after.
    expect(outcome.calendarSkips).toBe(1);
    expect(Number((await triggerById(h.db, TRIGGER)).next_fire_at)).toBe(firstAfterNow);

    // The calendar now excludes today and the next two days: the trigger is planned again at once.
    let heard = 0;
    const unsubscribe = h.signal.subscribe(() => (heard += 1), ['triggers']);
    await saveCalendar(h, holidays(today, dayStart(now, 1), dayStart(now, 2)), 'update');
    unsubscribe();
    expect(heard).toBeGreaterThan(0);
    const replanned = await triggerById(h.db, TRIGGER);
    expect(Number(replanned.next_fire_at)).toBe(nineOf(dayStart(now, 3)));
    expect(replanned.calendar_version).not.toBe(planned.calendar_version);
    expect(replanned.fire_count).toBe(fired.length); // the count and previous fire are kept
    const [row] = await h.services.scheduling.quartzRows(['A']);
    expect(row).toMatchObject({ trigger_id: TRIGGER, calendar: 'HOLS', calendar_company: 'A' });

    // Paused and resumed: the next fire is the first after now that the calendar includes.
    await h.services.scheduling.pauseTrigger(TRIGGER, 'admin-a');
    await saveCalendar(h, holidays(today, dayStart(now, 1)), 'update');
    expect(await triggerById(h.db, TRIGGER)).toMatchObject({ state: 'PAUSED' });
    const resumed = await h.services.scheduling.resumeTrigger(TRIGGER);
    expect(resumed.state).toBe('WAITING');
    expect(Number((await triggerById(h.db, TRIGGER)).next_fire_at)).toBe(nineOf(dayStart(now, 2)));

    // Without the calendar's name, the trigger plans without it.
    await h.services.jobs.save(
      {
        companycode: 'A',
        legacyid: 'HOLIDAY-JOB',
        legacyname: 'Holiday job',
        legacytype: 'PULL_WAIT',
        isactive: 'Y',
        cron_trigger: '0 0 9 * * ?',
        trigger_calendars: '',
      },
      'update',
      'admin-a',
    );
    const plain = await triggerById(h.db, TRIGGER);
    expect(plain).toMatchObject({ calendar_company: null, calendar_name: null, calendar_version: null });
    expect(Number(plain.next_fire_at)).toBe(firstAfterNow);
  });

  it('Expected Run Job and the day timeline expect nothing on a holiday, and the 09:00 fire the day after', async () => {
    // The harness's service clock saved the job on 2026-11-21: 2026-12-07 and 2026-12-08 count from midnight.
    await h.services.calendars.save(
      { company_code: '*', name: 'TH', definition: { type: 'holiday', dates: ['2026-12-07'] } },
      'insert',
      'root',
    );
    await h.services.jobs.save(
      {
        companycode: 'B',
        legacyid: 'EXPECTED',
        legacyname: 'Expected',
        legacytype: 'PULL_WAIT',
        isactive: 'Y',
        cron_trigger: '0 0 9 * * ?|0 30 9 * * ?',
        trigger_calendars: 'TH',
      },
      'add',
      'admin-b',
    );
    const holidayNoon = Date.parse('2026-12-07T12:00:00+07:00');
    const nextNoon = holidayNoon + DAY;
    const onHoliday = await expectedRunReport(h.db.kysely, ['B'], holidayNoon, TZ);
    const row = onHoliday.result_list.find((r) => r.legacyid === 'EXPECTED');
    // Only the second trigger (no calendar) is expected on the holiday.
    expect(row).toMatchObject({ expected_count: 1, expected_count_day: 1, expected_time: '09:30' });
    const dayAfter = await expectedRunReport(h.db.kysely, ['B'], nextNoon, TZ);
    expect(dayAfter.result_list.find((r) => r.legacyid === 'EXPECTED')).toMatchObject({
      expected_count: 2,
      expected_time: '09:00, 09:30',
    });

    // Both triggers by the calendar: the holiday expects no run at all, and the job has no row.
    await h.services.jobs.save(
      {
        companycode: 'B',
        legacyid: 'EXPECTED',
        legacyname: 'Expected',
        legacytype: 'PULL_WAIT',
        isactive: 'Y',
        cron_trigger: '0 0 9 * * ?|0 30 9 * * ?',
        trigger_calendars: 'TH|TH',
      },
      'update',
      'admin-b',
    );
    const none = await expectedRunReport(h.db.kysely, ['B'], holidayNoon, TZ);
    expect(none.result_list.find((r) => r.legacyid === 'EXPECTED')).toBeUndefined();
    const timeline = await dayTimeline(h.db.kysely, ['B'], '2026-12-07', holidayNoon, TZ);
    expect(timeline.lanes.find((lane) => lane.legacyid === 'EXPECTED')).toBeUndefined();
    const after = await dayTimeline(h.db.kysely, ['B'], '2026-12-08', nextNoon, TZ);
    expect(after.lanes.find((lane) => lane.legacyid === 'EXPECTED')?.expected_fires).toEqual([
      '2026-12-08T02:00:00.000Z',
      '2026-12-08T02:30:00.000Z',
    ]);
    // B's own calendar of the same name hides the shared one (the scheduler's rule too).
    await h.services.calendars.save(
      { company_code: 'B', name: 'TH', definition: { type: 'holiday', dates: ['2026-12-08'] } },
      'insert',
      'admin-b',
    );
    const own = await expectedRunReport(h.db.kysely, ['B'], holidayNoon, TZ);
    expect(own.result_list.find((r) => r.legacyid === 'EXPECTED')).toMatchObject({ expected_count: 2 });
    const triggers = await h.db.kysely
      .selectFrom('triggers')
      .select(['calendar_company', 'calendar_name'])
      .where('owner_id', '=', 'EXPECTED')
      .execute();
    expect(triggers).toEqual([
      { calendar_company: 'B', calendar_name: 'TH' },
      { calendar_company: 'B', calendar_name: 'TH' },
    ]);
  });
});
