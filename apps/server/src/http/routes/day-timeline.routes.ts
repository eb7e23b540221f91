import { DayTimelineQuery, DayTimelineResponse } from '@lis/contracts';
import { jobKey } from '../../modules/expectations/expectation.service.js';
import { dayTimeline } from '../../modules/reports/day-timeline.js';
import type { RoutePolicy } from '../plugins/route-policy.js';
import type { AppContext } from '../app-context.js';
import { asList, companiesOf } from './monitoring.routes.js';
import type { TypedApp } from '../typed-app.js';

/** The same rule as the other reports: every role, its own companies; a named company must be one of them. */
const signedIn: { policy: RoutePolicy } = { policy: { access: 'signed-in' } };

/** The day timeline of Daily Report and Expected Run Job (issue 17), with the day's maintenance (issue 34). */
export function dayTimelineRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/v1/reports/day-timeline',
    {
      config: signedIn,
      schema: { tags: ['reports'], querystring: DayTimelineQuery, response: { 200: DayTimelineResponse } },
    },
    async (request) => {
      const query = request.query;
      const companies = companiesOf(request, asList(query.company_code));
      const timeline = await dayTimeline(ctx.db.kysely, companies, query.date, ctx.clock.now(), ctx.timeZone);
      // The maintenance windows (issue 34) of the shown companies that hold any time of the day.
      const maintenance = await ctx.services.maintenance.periods(
        companies,
        Date.parse(timeline.day_start),
        Date.parse(timeline.day_end),
      );
      // The file deadlines of the day (issue 35): drawn as a marker on the lanes of expecting jobs.
      const expected = await ctx.services.expectations.statesOn(companies, timeline.date);
      const lanes = timeline.lanes.map((lane) => {
        const day = expected.get(jobKey(lane.companycode, lane.legacyid));
        return day ? { ...lane, deadline_at: day.deadline_at, expectation_state: day.state } : lane;
      });
      return { ...timeline, lanes, maintenance };
    },
  );
}
