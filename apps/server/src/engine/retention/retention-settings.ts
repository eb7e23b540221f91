import { DEFAULT_RETENTION, RETENTION_MAX_DAYS, type RetentionSettings } from '@lis/contracts';
import type { SettingsRepository } from '../../db/settings.repository.js';

/** The `settings` row holding the retention days (JSON). */
export const RETENTION_SETTING_KEY = 'retention';

const FIELDS = Object.keys(DEFAULT_RETENTION) as (keyof RetentionSettings)[];

/** Each known field that is a whole number of days in range, else its default. */
export function parseRetention(text: string | undefined): RetentionSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // A damaged row falls back to the defaults; the next save replaces it.
  }
  const settings = { ...DEFAULT_RETENTION };
  for (const field of FIELDS) {
    const value = stored[field];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= RETENTION_MAX_DAYS)
      settings[field] = value;
  }
  return settings;
}

/** The retention days, stored in the `settings` table (read by every sweep, so a change applies at the next). */
export class RetentionSettingsRepository {
  constructor(private readonly settings: SettingsRepository) {}

  async get(): Promise<RetentionSettings> {
    return parseRetention(await this.settings.get(RETENTION_SETTING_KEY));
  }

  async set(value: RetentionSettings, now: number): Promise<RetentionSettings> {
    const settings = parseRetention(JSON.stringify(value));
    await this.settings.set(RETENTION_SETTING_KEY, JSON.stringify(settings), now);
    return settings;
  }
}
