import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/*
 * The console's one date/time formatter. Every time the console shows is in ONE zone: the server's
 * (`LIS_TIMEZONE`, read from `GET /v1/env` once a session exists — see ServerTimeZoneGate), the zone
 * the server's own logs, job instance numbers and schedules use. Until the server has answered, the
 * browser's zone. Date pickers follow it too: dayjs's default zone is set with it, and Ant Design's
 * pickers take "today" from `dayjs().tz()`.
 */

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec 000 §9: dates are entered dd/mm/yyyy. */
export const ENTRY_DATE_FORMAT = 'DD/MM/YYYY';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let zone = browserZone();

/** Whether `candidate` is an IANA zone this browser knows. */
export function isKnownTimeZone(candidate: string): boolean {
  if (!candidate) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: candidate });
    return true;
  } catch {
    return false;
  }
}

/** Sets the zone every time is shown in (the server's); an unknown zone is ignored (false). */
export function setDisplayTimeZone(next: string): boolean {
  if (!isKnownTimeZone(next)) return false;
  zone = next;
  dayjs.tz.setDefault(next);
  return true;
}

/** The zone times are shown in. */
export const displayTimeZone = () => zone;

interface ZoneParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of the instant `at` in `timeZone` (the display zone by default). */
export function zoneParts(at: number | Date, timeZone = zone): ZoneParts {
  const fields: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) fields[part.type] = part.value;
  return {
    year: fields.year ?? '',
    month: fields.month ?? '',
    day: fields.day ?? '',
    hour: fields.hour ?? '',
    minute: fields.minute ?? '',
    second: fields.second ?? '',
  };
}

const instantOf = (iso: string): number => (iso ? Date.parse(iso) : Number.NaN);

/** ISO time → dd-mm-yyyy HH:mm:ss in the display zone (spec 000 §9); '' stays '', text that is no time stays as it is. */
export function tableTime(iso: string): string {
  const at = instantOf(iso);
  if (Number.isNaN(at)) return iso;
  const p = zoneParts(at);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** HH:mm:ss of an instant in the display zone (the wall display's clock, "updated at"). */
export function clockTime(at: number | Date): string {
  const p = zoneParts(at);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** dd-mm-yyyy of an instant in the display zone. */
export function clockDate(at: number | Date): string {
  const p = zoneParts(at);
  return `${p.day}-${p.month}-${p.year}`;
}

/** yyyymmdd of an instant (ms or ISO text) in the display zone: which day it was there; '' for no time. */
export function zoneDayKey(at: number | Date | string): string {
  const instant = typeof at === 'string' ? instantOf(at) : at;
  if (typeof instant === 'number' && Number.isNaN(instant)) return '';
  const p = zoneParts(instant);
  return `${p.year}${p.month}${p.day}`;
}

/** Today in the display zone, as yyyymmdd (what the reports' `date` parameters take). */
export const zoneToday = (now: number = Date.now()) => zoneDayKey(now);

/** Today in the display zone as a date picker value (midnight of that calendar day). */
export function zoneTodayPick(now: number = Date.now()): Dayjs {
  const day = zoneToday(now);
  return dayjs(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T00:00:00`);
}

/** "UTC+07:00", "UTC-03:30", "UTC+00:00": the zone's offset at `at`. */
export function zoneOffset(timeZone = zone, at: number = Date.now()): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(name);
  if (!match) return 'UTC+00:00';
  return `UTC${match[1]}${match[2]!.padStart(2, '0')}:${match[3] ?? '00'}`;
}

/** "Asia/Bangkok (UTC+07:00)": the zone and its offset now, as the header shows it. */
export const zoneLabel = (timeZone = zone, at: number = Date.now()) =>
  `${timeZone} (${zoneOffset(timeZone, at)})`;

/** `yyyy-mm-dd` → dd-mm-yyyy. */
export function tableDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : isoDay;
}

/** A picked day as the job searches send it: yyyymmdd000000 (spec 000 §5). */
export const jobSearchDate = (day: Dayjs | null | undefined) =>
  day ? `${day.format('YYYYMMDD')}000000` : '';

/** A picked day as the application log and reports send it: yyyymmdd. */
export const compactDate = (day: Dayjs | null | undefined) => (day ? day.format('YYYYMMDD') : '');

/** A yyyymmdd day (as `compactDate` writes it) back as a picker's day; anything else: none. */
export const pickerDay = (compact: string): Dayjs | null =>
  /^\d{8}$/.test(compact)
    ? dayjs(`${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}T00:00:00`)
    : null;
