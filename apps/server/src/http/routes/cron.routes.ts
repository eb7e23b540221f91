import { CRON_CHECK_DEFAULT_COUNT, CronCheckRequest, CronCheckResponse } from '@lis/contracts';
import {
  CalendarDefinitionError,
  nextFireTimesWithCalendar,
  parseCalendar,
  type Calendar,
} from '../../engine/calendar/index.js';
import { describeCron, isKnownTimeZone, nextFireTimes, validateCron } from '../../engine/cron/index.js';
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
 * Issue 5 item 3: the Select Cron trigger modal's validator, description and next fires; with a
 * calendar (issue 34), the fire times it includes.
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
      const from = new Date(ctx.clock.now());
      const count = body.count ?? CRON_CHECK_DEFAULT_COUNT;
      const fires = calendar
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
