import type { Db } from '../../db/database.js';
import { databaseNow } from '../../db/database-clock.js';
import type { ExpectationDayState } from '../../db/schema.js';
import { inWriteTransaction } from '../../db/write-transaction.js';
import { runMessage, type RunMessage } from '../../i18n/run-message.js';
import { wallClock } from '../../platform/wall-clock.js';
import type { AlertSink } from '../alerts/alert-sink.js';
import { appendSystemLog } from '../system-log/system-log.repository.js';
import { businessDays } from './business-days.js';
import { addDays, dayOfInstant, dayStart, deadlineOf } from './expectation-days.js';
import { nextDayState, nextDueAt, timeDue, type Arrival, type DayTransition } from './expectation-state.js';
import {
  advanceDaysThrough,
  enabledExpectations,
  findArrival,
  insertDays,
  moveDayState,
  openDays,
  plannedTriggers,
  type EnabledExpectation,
  type OpenDayRow,
} from './expectations.repository.js';

/** A MISSING day is looked at for a late arrival this long after its deadline. */
export const RECOVERY_WINDOW_MS = 7 * 86_400_000;
/** After a long stop, days are made for at most this many days back (older ones are not evaluated). */
export const MAX_CATCH_UP_DAYS = 31;

export interface ExpectationPassDeps {
  db: Db;
  /** LIS_TIMEZONE: the jobs' days and deadlines are in it. */
  timeZone: string;
  /** Where LATE, MISSING and RECOVERED are raised (modules/alerts); none: only the state and the log. */
  alerts?: AlertSink;
}

/** A transition this pass made (it won the conditional update). */
export interface MadeTransition extends DayTransition {
  companyCode: string;
  legacyId: string;
  businessDay: string;
}

export interface PassOutcome {
  /** Day rows this pass created. */
  created: number;
  transitions: MadeTransition[];
  /** The next instant a day needs a look without news (a warning time, a deadline, the next day's start). */
  nextDueAt: number;
  now: number;
}

/** Thrown inside a day-making transaction whose expectation changed meanwhile: its rows roll back. */
class ExpectationChanged extends Error {}

/**
 * One evaluation pass (issue 35), by the database's clock: makes the day rows of each enabled
 * expectation from its last made day up to today (once: the rows are unique, the mark conditional),
 * then moves each open day to the state it has come to (expectation-state.ts) — each move a
 * conditional UPDATE in one transaction with the alert it raises and its system-log line, so two nodes
 * passing at once make each move once, and a node killed in between leaves both or neither.
 *
 * `companies`: a pass woken by runs of these companies looks for arrivals only in their days (and in
 * any day whose warning time or deadline has come); none: in every open day.
 */
export async function evaluateExpectations(
  deps: ExpectationPassDeps,
  companies?: ReadonlySet<string>,
): Promise<PassOutcome> {
  const { db, timeZone } = deps;
  const now = await databaseNow(db.kysely, db.dialect);
  const today = dayOfInstant(now, timeZone);
  let created = 0;
  for (const expectation of await enabledExpectations(db.kysely))
    if (expectation.days_through === null || expectation.days_through < today)
      created += await makeDays(deps, expectation, today, now);
  const transitions: MadeTransition[] = [];
  let nextDue = dayStart(addDays(today, 1), timeZone);
  for (const day of await openDays(db.kysely, now - RECOVERY_WINDOW_MS)) {
    let state: ExpectationDayState = day.state;
    if (!companies || companies.has(day.companyCode) || timeDue(day, now)) {
      const arrival = await findArrival(
        db.kysely,
        day,
        { start: dayStart(day.businessDay, timeZone), end: dayStart(addDays(day.businessDay, 1), timeZone) },
        day.criteria,
      );
      const transition = nextDayState(day, arrival, now);
      if (transition && (await applyTransition(deps, day, transition, arrival, now))) {
        transitions.push({
          ...transition,
          companyCode: day.companyCode,
          legacyId: day.legacyId,
          businessDay: day.businessDay,
        });
        state = transition.to;
      } else if (transition) {
        state = transition.to; // another node made it
      }
    }
    const due = nextDueAt({ ...day, state }, now);
    if (due !== undefined && due < nextDue) nextDue = due;
  }
  return { created, transitions, nextDueAt: nextDue, now };
}

/** The rows of an expectation's business days after its mark up to today; answers how many were made. */
async function makeDays(
  deps: ExpectationPassDeps,
  expectation: EnabledExpectation,
  today: string,
  now: number,
): Promise<number> {
  const { db, timeZone } = deps;
  const job = { companyCode: expectation.company_code, legacyId: expectation.legacy_id };
  const earliest = addDays(today, -MAX_CATCH_UP_DAYS);
  let from =
    expectation.days_through === null
      ? dayOfInstant(expectation.created_at, timeZone)
      : addDays(expectation.days_through, 1);
  if (from < earliest) from = earliest;
  // An inactive job has no business days: the days pass without rows.
  const days =
    expectation.is_active === 'Y'
      ? businessDays(await plannedTriggers(db.kysely, job), from, today, timeZone)
      : [];
  const rows = days
    .map((businessDay) => ({
      businessDay,
      ...deadlineOf(businessDay, expectation.deadline, expectation.warn_before_minutes, timeZone),
    }))
    // A deadline that had passed when the expectation was made is not expected.
    .filter((row) => row.deadlineAt > expectation.created_at);
  try {
    await inWriteTransaction(db, async (scope) => {
      await insertDays(scope, job, rows, now);
      const read = { version: expectation.version, daysThrough: expectation.days_through };
      if (!(await advanceDaysThrough(scope, job, read, today))) throw new ExpectationChanged();
    });
  } catch (error) {
    if (error instanceof ExpectationChanged) return 0; // changed, or made by another node: the next pass sees it
    throw error;
  }
  return rows.length;
}

/** Makes one transition if the day is still in its old state, with its alert and log line; answers whether it did. */
async function applyTransition(
  deps: ExpectationPassDeps,
  day: OpenDayRow,
  transition: DayTransition,
  arrival: Arrival | undefined,
  now: number,
): Promise<boolean> {
  return inWriteTransaction(deps.db, async (scope) => {
    if (!(await moveDayState(scope, day, transition.from, transition.to, arrival, now))) return false;
    if (transition.raises && deps.alerts)
      await deps.alerts.raise(scope, {
        companyCode: day.companyCode,
        condition: transition.raises,
        subject: `${day.legacyId}|${day.businessDay}`,
        legacyId: day.legacyId,
        jobInstanceNo: arrival?.jobInstanceNo ?? null,
        businessDay: day.businessDay,
        deadlineAt: day.deadlineAt,
        occurredAt: now,
      });
    await appendSystemLog(scope, [
      {
        sid: day.sid ?? '',
        companyCode: day.companyCode,
        jobInstanceNo: arrival?.jobInstanceNo ?? null,
        logType: transition.to === 'MISSING' ? 'ERROR' : transition.to === 'LATE' ? 'WARNING' : 'INFO',
        message: transitionMessage(day, transition.to, arrival, deps.timeZone),
        msgSource: 'expectations',
        createdAt: now,
      },
    ]);
    return true;
  });
}

/** `yyyy-mm-dd HH:MM` of an instant in the zone. */
function wallText(at: number, timeZone: string): string {
  const wall = wallClock(at, timeZone);
  return `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}`;
}

function transitionMessage(
  day: OpenDayRow,
  to: ExpectationDayState,
  arrival: Arrival | undefined,
  timeZone: string,
): RunMessage {
  const base = { legacyId: day.legacyId, day: day.businessDay, deadline: wallText(day.deadlineAt, timeZone) };
  if (to === 'LATE') return runMessage('expectationLate', base);
  if (to === 'MISSING' || !arrival) return runMessage('expectationMissing', base);
  const arrived = {
    ...base,
    files: arrival.files,
    run: arrival.jobInstanceNo,
    arrivedAt: wallText(arrival.arrivedAt, timeZone),
  };
  return runMessage(to === 'ON_TIME' ? 'expectationOnTime' : 'expectationRecovered', arrived);
}
