import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from '../../http/metrics/metrics-registry.js';
import { schedulerMetricsRecorder } from '../../http/metrics/scheduler-recorder.js';
import {
  isTimeIncluded,
  MAX_CALENDAR_CANDIDATES,
  nextFireTimesWithCalendar,
  parseCalendar,
} from '../calendar/index.js';
import { parseCron } from '../cron/index.js';
import { FireTimeCache } from './fire-time-cache.js';
import { dueTimes, MAX_RESUMES_PER_PASS, type DueTrigger } from './misfire.js';
import {
  CAPPED_RESUME_SPAN_MS,
  calendarVersion,
  nextTriggerFireOf,
  parsedCalendar,
} from './trigger-calendar.js';

const TZ = 'Asia/Bangkok';
const at = (text: string) => Date.parse(text);
const HOLIDAYS = JSON.stringify({ type: 'holiday', dates: ['2026-12-07', '2026-12-10'] });
const keyed = (definition: string) => {
  const { calendar, id } = parsedCalendar(definition);
  if (!calendar) throw new Error('unreadable');
  return { calendar, id };
};
const NINE = '0 0 9 * * ?';
const nine = (day: string) => at(`${day}T09:00:00+07:00`);

describe('nextTriggerFire', () => {
  it('is the next cron fire time the calendar includes, as the calendar core computes it', () => {
    const { calendar } = keyed(HOLIDAYS);
    expect(nextTriggerFireOf(parseCron(NINE), TZ, calendar, nine('2026-12-06'))).toBe(nine('2026-12-08'));
    expect(nextTriggerFireOf(parseCron(NINE), TZ, undefined, nine('2026-12-06'))).toBe(nine('2026-12-07'));
    const expected = nextFireTimesWithCalendar(NINE, new Date(nine('2026-12-01')), TZ, 10, calendar);
    let previous = nine('2026-12-01');
    for (const time of expected) {
      previous = nextTriggerFireOf(parseCron(NINE), TZ, calendar, previous) ?? NaN;
      expect(previous).toBe(time.getTime());
    }
  });

  it('is null when the calendar excludes everything', () => {
    const everyWeekday = parseCalendar({
      type: 'weekly',
      exclude: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
    });
    expect(nextTriggerFireOf(parseCron(NINE), TZ, everyWeekday, nine('2026-12-06'))).toBeNull();
  });

  it('after a capped search, resumes at a fire time past the span every candidate of which was excluded', () => {
    // Every second, and a cron calendar excluding whole weekend days second by second (no skipping).
    const weekend = parseCalendar({ type: 'cron', expression: '* * * ? * SAT,SUN' });
    const friday = at('2026-12-04T23:59:59+07:00'); // the last second before Saturday
    const resume = nextTriggerFireOf(parseCron('* * * * * ?'), TZ, weekend, friday);
    expect(resume).toBe(friday + CAPPED_RESUME_SPAN_MS + 1000);
    expect(isTimeIncluded(weekend, resume ?? 0, TZ)).toBe(false);
    // Searched on from there, the first included second is Monday 00:00.
    let time = resume ?? 0;
    for (let resumes = 0; resumes < 5 && !isTimeIncluded(weekend, time, TZ); resumes++)
      time = nextTriggerFireOf(parseCron('* * * * * ?'), TZ, weekend, time) ?? 0;
    expect(time).toBe(at('2026-12-07T00:00:00+07:00'));
    expect(CAPPED_RESUME_SPAN_MS).toBe((MAX_CALENDAR_CANDIDATES - 1) * 1000);
  });
});

describe('parsedCalendar and calendarVersion', () => {
  it('parses a definition once, names it, and marks one the core refuses as unreadable', () => {
    const first = parsedCalendar(HOLIDAYS);
    expect(parsedCalendar(HOLIDAYS)).toBe(first);
    expect(parsedCalendar(JSON.stringify({ type: 'holiday', dates: ['2026-12-08'] })).id).not.toBe(first.id);
    expect(
      parsedCalendar(JSON.stringify({ type: 'daily', from: '22:00', to: '06:00' })).calendar,
    ).toBeUndefined();
    expect(parsedCalendar('not json').calendar).toBeUndefined();
    expect(calendarVersion(HOLIDAYS)).toBe(calendarVersion(HOLIDAYS));
    expect(calendarVersion(HOLIDAYS)).not.toBe(calendarVersion(HOLIDAYS.replace('10', '11')));
  });
});

describe('the fire-time cache with a calendar', () => {
  it('keys on the calendar: the same expression and zone answer by each calendar', () => {
    const cache = new FireTimeCache();
    const holidays = keyed(HOLIDAYS);
    const other = keyed(JSON.stringify({ type: 'holiday', dates: ['2026-12-08'] }));
    const from = nine('2026-12-06');
    expect(cache.next(NINE, TZ, from)).toBe(nine('2026-12-07'));
    expect(cache.next(NINE, TZ, from, holidays)).toBe(nine('2026-12-08'));
    expect(cache.next(NINE, TZ, from, other)).toBe(nine('2026-12-07'));
    expect(cache.next(NINE, TZ, nine('2026-12-07'), other)).toBe(nine('2026-12-09'));
    // Along a chain: each answer from the chain is the calendar core's next included time.
    let time = from;
    for (const expected of nextFireTimesWithCalendar(NINE, new Date(from), TZ, 40, holidays.calendar)) {
      time = cache.next(NINE, TZ, time, holidays) ?? NaN;
      expect(time).toBe(expected.getTime());
    }
    expect(cache.hits).toBeGreaterThan(30);
  });
});

describe('dueTimes with a calendar', () => {
  const trigger = (nextFireAt: number, calendar = keyed(HOLIDAYS)): DueTrigger => ({
    expression: NINE,
    timeZone: TZ,
    nextFireAt,
    misfirePolicy: 'fire_once_now',
    calendar,
  });

  it('fires the included due times, never an excluded one, and counts the holidays passed', () => {
    const due = dueTimes(trigger(nine('2026-12-05')), nine('2026-12-11') + 1000, 7 * 86_400_000);
    expect(due.fireTimes).toEqual(['05', '06', '08', '09', '11'].map((d) => nine(`2026-12-${d}`)));
    expect(due.nextFireAt).toBe(nine('2026-12-12'));
    expect(due.calendarSkips).toBe(2);
    expect(due.misfired).toBe(false);
  });

  it('does not fire a due time the calendar now excludes (planned before it changed): the next included one', () => {
    const due = dueTimes(trigger(nine('2026-12-07')), nine('2026-12-07') + 500, 60_000);
    expect(due).toMatchObject({
      fireTimes: [],
      missedTimes: [],
      nextFireAt: nine('2026-12-08'),
      calendarSkips: 1,
    });
    // Later, the first included due time is a misfire of its own: fired once, the others missed.
    const late = dueTimes(trigger(nine('2026-12-07')), nine('2026-12-09') + 3_600_000, 60_000);
    expect(late).toMatchObject({
      fireTimes: [nine('2026-12-08')],
      missedTimes: [nine('2026-12-09')],
      nextFireAt: nine('2026-12-11'),
      misfired: true,
    });
  });

  it('walks at most a few capped searches a pass, then leaves the trigger where the search stopped', () => {
    // Every second, and only Sundays included (a cron calendar: tested second by second, no skipping).
    const weekdays = keyed(JSON.stringify({ type: 'cron', expression: '* * * ? * MON-SAT' }));
    const thursday = at('2026-12-10T00:00:00+07:00');
    const now = at('2026-12-20T12:00:00+07:00');
    const every: DueTrigger = { ...trigger(thursday, weekdays), expression: '* * * * * ?' };
    const due = dueTimes(every, now, 60_000);
    expect(due.fireTimes).toEqual([]);
    expect(due.calendarSkips).toBe(MAX_RESUMES_PER_PASS);
    expect(due.nextFireAt).toBeGreaterThan(thursday);
    expect(isTimeIncluded(weekdays.calendar, due.nextFireAt ?? 0, TZ)).toBe(false);
    // The next passes go on from there and reach Sunday's first second, a misfire: fired once.
    let next = due.nextFireAt ?? 0;
    let fired: number[] = [];
    let passes = 1;
    for (; passes < 20 && fired.length === 0; passes++) {
      const step = dueTimes({ ...every, nextFireAt: next }, now, 60_000);
      fired = step.fireTimes;
      next = step.nextFireAt ?? 0;
    }
    expect(fired).toEqual([at('2026-12-13T00:00:00+07:00')]);
    expect(passes).toBeGreaterThan(2);
    expect(next).toBe(now + 1000); // Sunday 20th is included: the first second after now
  });
});

describe('the calendar skips counter', () => {
  it('is exported per node with what the passes counted', () => {
    const registry = new MetricsRegistry();
    const recorder = schedulerMetricsRecorder(registry);
    recorder.passed?.({ triggers: 1, queued: 0, skipped: 0, missed: 0, lateness: [], calendarSkips: 3 });
    recorder.passed?.({ triggers: 1, queued: 1, skipped: 0, missed: 0, lateness: [0] });
    expect(registry.render()).toMatch(/^lis_node_scheduler_calendar_skips_total 3$/m);
  });
});
