import { CALENDAR_MAX_DEPTH, CALENDAR_TYPES, CalendarDefinition } from '@lis/contracts';
import { Value, type ValueError } from '@sinclair/typebox/value';
import { CalendarDefinitionError, parseCalendar, type Calendar } from '../../engine/calendar/index.js';
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

const refuse = (problem: string) =>
  invalid('CALENDAR_INVALID', 'calendarInvalid', { problem: problem.slice(0, 300) });

/**
 * A calendar definition parsed by the engine's checker (engine/calendar parseCalendar: real dates,
 * known zones, Quartz's daily-range rules, valid cron expressions, the depth of `base`), or
 * CALENDAR_INVALID with its message. The contract's schema is checked first, also for definitions that
 * did not come through a route (an import, a stored row), with a message naming the variant's field.
 */
export function parseCalendarDefinition(definition: unknown): Calendar {
  if (!Value.Check(CalendarDefinition, definition))
    throw refuse(schemaProblem(Value.Errors(CalendarDefinition, definition).First()));
  if (calendarDepth(definition) > CALENDAR_MAX_DEPTH)
    throw refuse(`more than ${CALENDAR_MAX_DEPTH} calendars chained by base`);
  try {
    return parseCalendar(definition);
  } catch (error) {
    if (error instanceof CalendarDefinitionError) throw refuse(error.message);
    throw error;
  }
}

/** The definition, once the checker has accepted it (see parseCalendarDefinition). */
export function checkCalendarDefinition(definition: unknown): CalendarDefinition {
  parseCalendarDefinition(definition);
  return definition as CalendarDefinition;
}
