import { wallClock } from '../../platform/wall-clock.js';

/** Spec 001 §9: quartz times are `dd-mm-yyyy hh:mm:ss` (here in `LIS_TIMEZONE`); '' when there is none. */
export function formatQuartzTime(at: number | null, timeZone: string): string {
  if (at === null) return '';
  const t = wallClock(at, timeZone);
  return `${t.day}-${t.month}-${t.year} ${t.hour}:${t.minute}:${t.second}`;
}
