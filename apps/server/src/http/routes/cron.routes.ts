import {
  CRON_CHECK_DEFAULT_COUNT,
  CronCheckRequest,
  CronCheckResponse,
  formatBusinessDayRule,
  type BusinessDayRule,
} from '@lis/contracts';
import {
  businessDayRuleProblem,
  CalendarDefinitionError,
  nextFireTimesWithCalendar,
  nextRuleFireTimes,
  parseCalendar,
  type Calendar,
} from '../../engine/calendar/index.js';
import {
  describeCron,
  isKnownTimeZone,
  nextFireTimes,
  parseCron,
  validateCron,
} from '../../engine/cron/index.js';
import { invalid } from '../../platform/domain-error.js';
import { message } from '../../i18n/messages.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/** The calendar of a check, or 400 CALENDAR_INVALID with the core's reason (issue 34). */
function checkedCalendar(definition: unknown): Calendar | undefined {
  if (definition === undefined) return undefined;
  try {
    return parseCalendar(definition);
  } catch (error) {
    if (error instanceof CalendarDefinitionError)
      throw invalid('CALENDAR_INVALID', 'calendarInvalid', { problem: error.message.slice(0, 300) });
    throw error;
  }
}

/**
 * The rule of a check, or 400 CALENDAR_RULE_INVALID: n = 0, no calendar, nth on an expression whose
 * day fields are not `*` / `?` (issue 34). `expression` is valid.
 */
function checkedRule(
  rule: BusinessDayRule | undefined,
  calendar: Calendar | undefined,
  expression: string,
): BusinessDayRule | undefined {
  if (rule === undefined) return undefined;
  const text = formatBusinessDayRule(rule);
  if (rule.rule === 'nth' && rule.n === 0)
    throw invalid('CALENDAR_RULE_INVALID', 'cronRuleInvalid', { rule: text });
  if (!calendar) throw invalid('CALENDAR_RULE_INVALID', 'cronRuleWithoutCalendar', { rule: text });
  if (businessDayRuleProblem(rule, parseCron(expression)))
    throw invalid('CALENDAR_RULE_INVALID', 'cronRuleNthDays', { rule: text, expression });
  return rule;
}

/**
 * Issue 5 item 3: the Select Cron trigger modal's validator, description and next fires; with a
 * calendar (issue 34), the fire times it includes; with a business-day rule too, the rule's.
 */
export function cronRoutes(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/v1/cron/check',
    {
      // Pure computation: nothing is stored, so nothing to audit.
      config: { policy: { access: 'signed-in' }, audit: false },
      schema: { tags: ['cron'], body: CronCheckRequest, response: { 200: CronCheckResponse } },
    },
    async (request) => {
      const body = request.body;
      const language = body.language ?? request.language;
      const timeZone = body.time_zone ?? ctx.timeZone;
      const expression = body.expression.trim();
      const calendar = checkedCalendar(body.calendar);
      if (!isKnownTimeZone(timeZone))
        return {
          valid: false,
          message: message(language, 'cronTimeZoneUnknown', { zone: timeZone }),
          time_zone: timeZone,
          next_fire_times: [],
        };
      const validation = validateCron(expression);
      if (!validation.valid)
        return {
          valid: false,
          message: message(language, 'cronInvalid', { problem: validation.message }),
          time_zone: timeZone,
          next_fire_times: [],
        };
      const rule = checkedRule(body.rule, calendar, expression);
      const from = new Date(ctx.clock.now());
      const count = body.count ?? CRON_CHECK_DEFAULT_COUNT;
      const fires =
        calendar && rule
          ? nextRuleFireTimes(expression, from, timeZone, count, calendar, rule).fireTimes
          : calendar
            ? nextFireTimesWithCalendar(expression, from, timeZone, count, calendar)
            : nextFireTimes(expression, from, timeZone, count);
      return {
        valid: true,
        description: describeCron(expression, language),
        time_zone: timeZone,
        next_fire_times: fires.map((date) => date.toISOString()),
      };
    },
  );
}
