import { CALENDAR_MAX_DEPTH, CALENDAR_TYPES, CalendarDefinition } from '@lis/contracts';
import { Value, type ValueError } from '@sinclair/typebox/value';
import { invalid } from '../../platform/domain-error.js';

/** How many calendars a definition chains (itself and its bases). */
export function calendarDepth(definition: CalendarDefinition): number {
  let depth = 0;
  for (let at: CalendarDefinition | undefined = definition; at; at = at.base) depth++;
  return depth;
}

/**
 * The schema's complaint in a reader's words: of a calendar (a union of the six types) the variant of
 * its own `type` says what is wrong, also inside `base`.
 */
function schemaProblem(error: ValueError | undefined): string {
  if (!error) return 'not a calendar';
  const where = error.path || '/';
  if (error.errors.length === CALENDAR_TYPES.length) {
    const value: unknown = error.value;
    const type = value && typeof value === 'object' ? (value as Record<string, unknown>).type : undefined;
    const index = CALENDAR_TYPES.findIndex((known) => known === type);
    if (index < 0) return `${where}: type must be one of ${CALENDAR_TYPES.join(', ')}`;
    return schemaProblem(error.errors[index]?.First());
  }
  return `${where}: ${error.message}`;
}

/**
 * A calendar definition as the server keeps it, or CALENDAR_INVALID with the checker's message: the
 * contract's schema (also for definitions that did not come through a route: an import, stored
 * rows), a base chain no deeper than CALENDAR_MAX_DEPTH.
 */
export function checkCalendarDefinition(definition: unknown): CalendarDefinition {
  if (!Value.Check(CalendarDefinition, definition)) {
    throw invalid('CALENDAR_INVALID', 'calendarInvalid', {
      problem: schemaProblem(Value.Errors(CalendarDefinition, definition).First()).slice(0, 300),
    });
  }
  if (calendarDepth(definition) > CALENDAR_MAX_DEPTH)
    throw invalid('CALENDAR_INVALID', 'calendarInvalid', {
      problem: `more than ${CALENDAR_MAX_DEPTH} calendars chained by base`,
    });
  return definition;
}
