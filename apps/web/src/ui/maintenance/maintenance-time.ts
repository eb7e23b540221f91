import { zoneParts } from '../table-dates';

/**
 * The end of a maintenance window as the console shows it, in its zone: `06:00` when it is on the
 * day of `now`, else `06-12-2026 06:00` (seconds only when there are some); text that is no time
 * stays as it is.
 */
export function untilText(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const p = zoneParts(at);
  const today = zoneParts(now);
  const time = `${p.hour}:${p.minute}${p.second === '00' ? '' : `:${p.second}`}`;
  const sameDay = p.year === today.year && p.month === today.month && p.day === today.day;
  return sameDay ? time : `${p.day}-${p.month}-${p.year} ${time}`;
}
