import { CronSyntaxError, parseCron, type CronExpression } from '../cron/index.js';
import { TimeZoneRules } from '../cron/time-zone.js';
import { nextTriggerFire, triggerFiresAt } from '../scheduler/trigger-calendar.js';
import type { TriggerCalendar } from '../scheduler/trigger-calendar.repository.js';
import { addDays, dayOfInstant, dayStart } from './expectation-days.js';

/** A trigger of a job as planned by the scheduler: its expression, zone and business calendar. */
export interface PlannedTrigger {
  expression: string;
  timeZone: string;
  calendar: TriggerCalendar;
}

/** The most fire times looked at per trigger and range (a calendar excluding nearly every time). */
const MAX_STEPS = 20_000;

/**
 * The one place the expectations use the scheduler's prediction seam (nextTriggerFire and
 * triggerFiresAt): the trigger's next fire time after `afterMs` with its calendar and business-day
 * rule, or null. A time where a capped calendar or rule search resumes is not a fire: `fires` false
 * (the caller searches on from it).
 */
function nextFire(
  expression: CronExpression,
  zone: TimeZoneRules,
  trigger: PlannedTrigger,
  afterMs: number,
): { at: number; fires: boolean } | null {
  const keyed = trigger.calendar === 'unreadable' ? undefined : trigger.calendar;
  const { timeZone } = trigger;
  const at = nextTriggerFire(expression, zone, timeZone, keyed?.calendar, afterMs, keyed?.rule);
  if (at === null) return null;
  return { at, fires: triggerFiresAt(expression, zone, timeZone, keyed?.calendar, at, keyed?.rule) };
}

/**
 * The business days of a job from `from` to `to` (yyyy-mm-dd, inclusive) in `timeZone`: the days on
 * which one of its triggers fires, with its calendar and business-day rule (a holiday of the calendar
 * is no business day; an nth-business-day rule makes one day a month). A
 * trigger whose calendar cannot be read fires nothing; an expression that is not Quartz, likewise.
 * In order, each day once.
 */
export function businessDays(
  triggers: readonly PlannedTrigger[],
  from: string,
  to: string,
  timeZone: string,
): string[] {
  const days = new Set<string>();
  const rangeStart = dayStart(from, timeZone);
  const rangeEnd = dayStart(addDays(to, 1), timeZone);
  for (const trigger of triggers) {
    if (trigger.calendar === 'unreadable') continue;
    let expression: CronExpression;
    try {
      expression = parseCron(trigger.expression);
    } catch (error) {
      if (error instanceof CronSyntaxError) continue;
      throw error;
    }
    const zone = TimeZoneRules.of(trigger.timeZone);
    let after = rangeStart - 1;
    for (let step = 0; step < MAX_STEPS; step++) {
      const next = nextFire(expression, zone, trigger, after);
      if (next === null || next.at >= rangeEnd) break;
      if (!next.fires) {
        after = next.at;
        continue;
      }
      const day = dayOfInstant(next.at, timeZone);
      days.add(day);
      // The rest of that day adds nothing: search on from the next day's start.
      after = Math.max(next.at, dayStart(addDays(day, 1), timeZone) - 1);
    }
  }
  return [...days].sort();
}
