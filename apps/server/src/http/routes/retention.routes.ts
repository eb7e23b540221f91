import {
  DEFAULT_RETENTION,
  RetentionSettings,
  RetentionSettingsResponse,
  RetentionSweepResponse,
  type RetentionCounts,
  type RetentionLastSweep,
} from '@lis/contracts';
import { emptyCounts } from '../../engine/retention/retention-sweep.js';
import { message } from '../../i18n/messages.js';
import type { AppContext } from '../app-context.js';
import type { TypedApp } from '../typed-app.js';

const superAdmin = { policy: { access: 'super_admin' } } as const;
const iso = (at: number) => new Date(at).toISOString();

/** The last completed sweep from the lease row's JSON, or null. */
function lastSweep(text: string | null | undefined): RetentionLastSweep | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { started_at: number; finished_at: number; counts: RetentionCounts };
    return {
      started_at: iso(parsed.started_at),
      finished_at: iso(parsed.finished_at),
      // A sweep recorded before a count existed (alerts, issue 35) reads it as 0.
      counts: { ...emptyCounts(), ...parsed.counts },
    };
  } catch {
    return null;
  }
}

/**
 * Retention (decision 0022), super_admin only: read and change the days kept, and run a sweep now (the
 * worker nodes sweep on their own about hourly; a sweep by hand takes the same lease).
 */
export function retentionRoutes(app: TypedApp, ctx: AppContext): void {
  const { retentionSettings: settings, retentionSweep: sweep } = ctx.services;
  const current = async (): Promise<RetentionSettingsResponse> => ({
    settings: await settings.get(),
    defaults: DEFAULT_RETENTION,
    last_sweep: lastSweep((await sweep.lastRecord())?.lastResult),
  });

  app.get(
    '/v1/settings/retention',
    { config: superAdmin, schema: { response: { 200: RetentionSettingsResponse } } },
    current,
  );

  app.put(
    '/v1/settings/retention',
    {
      config: superAdmin,
      schema: { body: RetentionSettings, response: { 200: RetentionSettingsResponse } },
    },
    async (request) => {
      request.auditTarget = 'retention';
      const saved = await settings.set(request.body, ctx.clock.now());
      request.auditDetails = { ...saved };
      return current();
    },
  );

  app.post(
    '/v1/settings/retention/sweep',
    { config: superAdmin, schema: { response: { 200: RetentionSweepResponse } } },
    async (request) => {
      request.auditTarget = 'retention';
      const outcome = await sweep.run();
      if (!outcome.ran)
        return { message: message(request.language, 'retentionSweepBusy'), ran: false, counts: null };
      const { counts } = outcome;
      request.auditDetails = { ...counts };
      return {
        message: message(request.language, 'retentionSwept', {
          runs: counts.runs,
          logs: counts.system_log + counts.application_log,
          mails: counts.mails,
          files: counts.files_deleted,
        }),
        ran: true,
        counts,
      };
    },
  );
}
