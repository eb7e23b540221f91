import {
  formatBusinessDayRule,
  parseTriggerCalendarEntry,
  TRIGGER_RULE_SEPARATOR,
  type BusinessDayRule,
  type TriggerCalendarEntry,
} from '@lis/contracts';
import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { TriggerTable } from '../../db/schema.js';
import { businessDayRuleProblem, type Calendar } from '../calendar/index.js';
import { parseCron, validateCron } from '../cron/index.js';
import type { SchedulerSignal } from './scheduler-signal.js';
import {
  calendarVersion,
  nextTriggerFireOf,
  parsedCalendar,
  type StoredCalendar,
  type TriggerCalendarResolver,
} from './trigger-calendar.js';
import { inWriteTransaction, type WriteScope } from '../../db/write-transaction.js';
import {
  deleteOwnerTriggers,
  insertTriggers,
  loadOwnerSchedule,
  ownerTriggers,
  type OwnerSchedule,
  type TriggerOwner,
} from './trigger-sync.repository.js';

export type { TriggerOwner };

export interface SyncTriggersOptions {
  /** LIS_TIMEZONE: the zone the expressions are read in. */
  timeZone: string;
  /** Notified after the change commits, so sleeping loops re-read the due times. */
  signal?: SchedulerSignal;
  /**
   * Finds the calendars the triggers name (modules/calendars, through the composition root). Needed
   * when the owner's triggers name one: the sync refuses to plan them without it.
   */
  calendars?: TriggerCalendarResolver;
}

export function triggerId(owner: TriggerOwner, position: number): string {
  return `${owner.kind}|${owner.companyCode}|${owner.ownerId}|${position}`;
}

/** The `|`-joined expressions of a `cron_trigger` column, blanks dropped. */
export function splitCronTrigger(cronTrigger: string): string[] {
  return cronTrigger
    .split('|')
    .map((expression) => expression.trim())
    .filter((expression) => expression.length > 0);
}

/**
 * The entry of each trigger position of a `trigger_calendars` column: `NAME` or `NAME;RULE` (name ''
 * none; issue 34); undefined where the rule part is no rule (refused on save; never fires).
 */
export function splitTriggerCalendarEntries(triggerCalendars: string): (TriggerCalendarEntry | undefined)[] {
  return triggerCalendars.split('|').map((entry) => parseTriggerCalendarEntry(entry.trim()));
}

type Timing = Pick<TriggerTable, 'state' | 'next_fire_at' | 'prev_fire_at' | 'fire_count'>;
type CalendarColumns = Pick<
  TriggerTable,
  'calendar_company' | 'calendar_name' | 'calendar_version' | 'calendar_rule'
>;

/** The calendar a trigger position is planned with: its columns, the parsed calendar and rule. */
interface PlannedCalendar {
  columns: CalendarColumns;
  calendar: Calendar | undefined;
  rule?: BusinessDayRule | undefined;
  /**
   * The calendar exists but the core refuses its definition, or the entry's rule is no rule: the
   * trigger never fires (ERROR).
   */
  unreadable: boolean;
}

const NO_CALENDAR: PlannedCalendar = {
  columns: { calendar_company: null, calendar_name: null, calendar_version: null, calendar_rule: null },
  calendar: undefined,
  unreadable: false,
};

/** An entry whose rule part is no rule: kept as written (so the monitor shows it), never fired. */
function unreadableEntry(text: string): PlannedCalendar {
  const at = text.indexOf(TRIGGER_RULE_SEPARATOR);
  return {
    columns: {
      ...NO_CALENDAR.columns,
      calendar_name: text.slice(0, at).trim().slice(0, 64),
      calendar_rule: text
        .slice(at + 1)
        .trim()
        .slice(0, 32),
    },
    calendar: undefined,
    unreadable: true,
  };
}

/**
 * Each trigger position's calendar: the owner's company's own calendar of the name, else the shared
 * one (the resolver's rule); a name that resolves to none plans the trigger without a calendar.
 */
async function plannedCalendars(
  scope: WriteScope,
  owner: TriggerOwner,
  schedule: OwnerSchedule,
  count: number,
  resolver: TriggerCalendarResolver | undefined,
): Promise<PlannedCalendar[]> {
  const texts = schedule.triggerCalendars
    .split('|')
    .slice(0, count)
    .map((text) => text.trim());
  const entries = texts.map(parseTriggerCalendarEntry);
  const wanted = [...new Set(entries.flatMap((entry) => (entry && entry.name !== '' ? [entry.name] : [])))];
  if (wanted.length > 0 && !resolver)
    throw new Error(
      `the triggers of ${owner.kind} ${owner.ownerId} name calendars: syncTriggers needs a resolver`,
    );
  const found =
    wanted.length > 0 && resolver
      ? await resolver.resolveTriggerCalendars(scope, owner.companyCode, wanted)
      : new Map<string, StoredCalendar>();
  return Array.from({ length: count }, (_, position) => {
    const text = texts[position] ?? '';
    const entry = entries[position];
    if (entry === undefined) return text === '' ? NO_CALENDAR : unreadableEntry(text);
    if (entry.name === '') return NO_CALENDAR;
    const calendar_rule = entry.rule ? formatBusinessDayRule(entry.rule) : null;
    const stored = found.get(entry.name);
    if (!stored)
      return {
        ...NO_CALENDAR,
        columns: { ...NO_CALENDAR.columns, calendar_name: entry.name, calendar_rule },
      };
    const { calendar } = parsedCalendar(stored.definition);
    return {
      columns: {
        calendar_company: stored.companyCode,
        calendar_name: stored.name,
        calendar_version: calendarVersion(stored.definition),
        calendar_rule,
      },
      calendar,
      rule: entry.rule,
      unreadable: calendar === undefined,
    };
  });
}

function sameCalendar(trigger: CalendarColumns, planned: CalendarColumns): boolean {
  return (
    trigger.calendar_company === planned.calendar_company &&
    trigger.calendar_name === planned.calendar_name &&
    trigger.calendar_version === planned.calendar_version &&
    trigger.calendar_rule === planned.calendar_rule
  );
}

/**
 * A fresh trigger's schedule: the first fire strictly after now its calendar includes (and its rule
 * gives), or ERROR (an invalid expression, an unreadable calendar or rule, nth on a day-restricted
 * cron) / COMPLETE.
 */
function freshSchedule(expression: string, timeZone: string, now: number, planned: PlannedCalendar): Timing {
  const validation = validateCron(expression);
  const error = { state: 'ERROR' as const, next_fire_at: null, prev_fire_at: null, fire_count: 0 };
  if (!validation.valid || planned.unreadable) return error;
  const parsed = parseCron(expression);
  if (planned.rule && businessDayRuleProblem(planned.rule, parsed)) return error;
  const next = nextTriggerFireOf(parsed, timeZone, planned.calendar, now, planned.rule);
  return {
    state: next === null ? 'COMPLETE' : 'WAITING',
    next_fire_at: next,
    prev_fire_at: null,
    fire_count: 0,
  };
}

/**
 * A kept trigger whose calendar changed (another definition, another calendar, or none any more):
 * its next fire is planned again with the new one — from its due time when it is due and not yet
 * fired (a fire the new calendar includes is not lost), else the first included time after now (a
 * time the old calendar excluded and that has passed is not fired late). State (PAUSED stays
 * paused), previous fire and count are kept.
 */
function replannedTiming(kept: TriggerTable, now: number, planned: PlannedCalendar): Timing {
  const fresh = freshSchedule(kept.expression, kept.time_zone, now, planned);
  if (fresh.state === 'ERROR')
    return { ...fresh, prev_fire_at: kept.prev_fire_at, fire_count: kept.fire_count };
  const due = kept.next_fire_at === null ? null : Number(kept.next_fire_at);
  const from = due !== null && due <= now && kept.state !== 'ERROR' ? due - 1 : now;
  const next = nextTriggerFireOf(
    parseCron(kept.expression),
    kept.time_zone,
    planned.calendar,
    from,
    planned.rule,
  );
  const state = kept.state === 'PAUSED' ? 'PAUSED' : next === null ? 'COMPLETE' : 'WAITING';
  return { state, next_fire_at: next, prev_fire_at: kept.prev_fire_at, fire_count: kept.fire_count };
}

/**
 * Replaces the owner's triggers from its cron_trigger (job_configs / chain_jobs), keeping
 * prev/next of unchanged expressions; removes them when the owner is gone.
 *
 * An expression found among the owner's current triggers (same text and zone) keeps its state
 * (a PAUSED one stays paused), next and previous fire and count, even when its position moved —
 * unless its calendar changed (issue 34: another definition, another calendar, none), which plans its
 * next fire again (replannedTiming); a new one starts at the first fire strictly after the database's
 * now that its calendar includes. The rows are locked while they are replaced, so a concurrent fire
 * either commits first (and its advance is what we keep) or waits for us; the unique (trigger,
 * scheduled time) index stops a double fire anyway.
 */
export async function syncTriggers(db: Db, owner: TriggerOwner, options: SyncTriggersOptions): Promise<void> {
  await inWriteTransaction(db, async (scope) => {
    const now = await databaseNow(scope, db.dialect);
    const existing = await ownerTriggers(scope, db.dialect, owner);
    const schedule = await loadOwnerSchedule(scope, owner);

    if (existing.length > 0) await deleteOwnerTriggers(scope, owner);
    if (!schedule) return;

    const expressions = splitCronTrigger(schedule.cronTrigger);
    const calendars = await plannedCalendars(scope, owner, schedule, expressions.length, options.calendars);
    const unused = [...existing];
    const take = (match: (t: TriggerTable) => boolean) => {
      const index = unused.findIndex(match);
      return index >= 0 ? unused.splice(index, 1)[0] : undefined;
    };
    const rows: TriggerTable[] = expressions.map((expression, position) => {
      const planned = calendars[position] ?? NO_CALENDAR;
      const sameTrigger = (t: TriggerTable) =>
        t.expression === expression && t.time_zone === options.timeZone;
      const kept = take((t) => sameTrigger(t) && sameCalendar(t, planned.columns)) ?? take(sameTrigger);
      let timing: Timing;
      if (!kept) timing = freshSchedule(expression, options.timeZone, now, planned);
      else if (sameCalendar(kept, planned.columns))
        timing = {
          state: kept.state,
          next_fire_at: kept.next_fire_at,
          prev_fire_at: kept.prev_fire_at,
          fire_count: kept.fire_count,
        };
      else timing = replannedTiming(kept, now, planned);
      return {
        id: triggerId(owner, position),
        owner_kind: owner.kind,
        company_code: owner.companyCode,
        owner_id: owner.ownerId,
        position,
        expression: expression.slice(0, 200),
        time_zone: options.timeZone,
        ...timing,
        misfire_policy: schedule.misfirePolicy,
        paused_by: kept?.paused_by ?? null,
        updated_at: now,
        ...planned.columns,
      };
    });
    if (rows.length > 0) await insertTriggers(scope, rows);
  });
  await options.signal?.notify('triggers');
}
