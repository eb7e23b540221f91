import { CALENDAR_MAX_DEPTH, CalendarDefinition } from '@lis/contracts';
import { Value } from '@sinclair/typebox/value';
import { invalid } from '../../platform/domain-error.js';

/** How many calendars a definition chains (itself and its bases). */
export function calendarDepth(definition: CalendarDefinition): number {
  let depth = 0;
  for (let at: CalendarDefinition | undefined = definition; at; at = at.base) depth++;
  return depth;
}

/**
 * A calendar definition as the server keeps it, or CALENDAR_INVALID with the checker's message: the
 * contract's schema (also for definitions that did not come through a route: an import, stored
 * rows), a base chain no deeper than CALENDAR_MAX_DEPTH.
 */
export function checkCalendarDefinition(definition: unknown): CalendarDefinition {
  if (!Value.Check(CalendarDefinition, definition)) {
    const first = Value.Errors(CalendarDefinition, definition).First();
    throw invalid('CALENDAR_INVALID', 'calendarInvalid', {
      problem: first ? `${first.path || '/'}: ${first.message}` : 'not a calendar',
    });
  }
  if (calendarDepth(definition) > CALENDAR_MAX_DEPTH)
    throw invalid('CALENDAR_INVALID', 'calendarInvalid', {
      problem: `more than ${CALENDAR_MAX_DEPTH} calendars chained by base`,
    });
  return definition;
}
