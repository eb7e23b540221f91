/**
 * Business calendars (issue 34), pure and Quartz-faithful: parse a calendar definition, tell whether it
 * includes an instant, compute a cron trigger's fire times with it (bounded), and list what it excludes.
 */
export { parseCalendar } from './parse-calendar.js';
export { CalendarDefinitionError } from './calendar-errors.js';
export type { Calendar } from './calendar-model.js';
export { excludesEverything } from './calendar-model.js';
export { isTimeIncluded } from './is-time-included.js';
export {
  CALENDAR_SEARCH_END_MS,
  MAX_CALENDAR_CANDIDATES,
  nextFireTimesWithCalendar,
  nextIncludedFireAfter,
  nextIncludedFireTimes,
  type CalendarSearchResult,
} from './calendar-fire-times.js';
export { excludedIntervals, MAX_CRON_CALENDAR_MATCHES, type ExcludedInterval } from './excluded-intervals.js';
export {
  BusinessDayRuleError,
  businessDayRuleProblem,
  findRuleFire,
  nextRuleFireAfter,
  nextRuleFireTimes,
  ruleFiresAt,
  type RuleSearch,
} from './business-day.js';
