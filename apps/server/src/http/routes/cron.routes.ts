import { CRON_CHECK_DEFAULT_COUNT, CronCheckRequest, CronCheckResponse } from '@lis/contracts';
import { describeCron, isKnownTimeZone, nextFireTimes, validateCron } from '../../engine/cron/index.js';
import { message } from '../../i18n/messages.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

/** Issue 5 item 3: the Select Cron trigger modal's validator, description and next fires. */
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
      const fires = nextFireTimes(
        expression,
        new Date(ctx.clock.now()),
        timeZone,
        body.count ?? CRON_CHECK_DEFAULT_COUNT,
      );
      return {
        valid: true,
        description: describeCron(expression, language),
        time_zone: timeZone,
        next_fire_times: fires.map((date) => date.toISOString()),
      };
    },
  );
}
