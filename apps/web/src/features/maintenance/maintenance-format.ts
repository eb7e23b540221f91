import { tableTime } from '../../ui/table-dates';

/** dd-mm-yyyy HH:mm in the console's zone (seconds only when there are some). */
export const minuteTime = (iso: string) => tableTime(iso).replace(/ (\d{2}:\d{2}):00$/, ' $1');

/** `8 h`, `1 h 30 min`, `45 min`: a window's length in the reader's words. */
export function durationText(
  minutes: number,
  t: (key: 'hours' | 'minutesShort', values: Record<string, number>) => string,
): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? t('hours', { h }) : '', m || !h ? t('minutesShort', { m }) : ''].filter(Boolean).join(' ');
}
