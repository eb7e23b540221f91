import dayjs, { type Dayjs } from 'dayjs';
import { displayTimeZone, zoneParts } from './table-dates';

/*
 * A date-time picker shows and takes wall times of the console's zone (the server's, `LIS_TIMEZONE`),
 * whatever the browser's zone: its value is a zone-less wall time, turned into an instant here.
 */

/** An instant (ISO 8601) as a picker's value: its wall time in `zone`; null for text that is no time. */
export function wallPickOf(iso: string, zone = displayTimeZone()): Dayjs | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const p = zoneParts(at, zone);
  return dayjs(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`);
}

/** A picked wall time as the instant it is in `zone`: ISO 8601 with that zone's offset (`…T22:00:00+07:00`). */
export function instantOfWallPick(pick: Dayjs, zone = displayTimeZone()): string {
  return dayjs.tz(pick.format('YYYY-MM-DDTHH:mm:ss'), zone).format();
}
