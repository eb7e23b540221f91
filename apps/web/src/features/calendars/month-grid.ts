/** yyyy-mm of a date in UTC terms (the month view's months are calendar months, not instants). */
export const monthOf = (year: number, monthIndex: number) =>
  `${String(year).padStart(4, '0')}-${String(monthIndex + 1).padStart(2, '0')}`;

/** The month before or after `month` (yyyy-mm). */
export function shiftMonth(month: string, by: number): string {
  const [year, index] = parseMonth(month);
  const at = new Date(Date.UTC(year, index + by, 1));
  return monthOf(at.getUTCFullYear(), at.getUTCMonth());
}

export function parseMonth(month: string): [year: number, monthIndex: number] {
  const [year = '1970', m = '01'] = month.split('-');
  return [Number(year), Number(m) - 1];
}

/**
 * The weeks of a month, Sunday first: each week seven cells, a day (yyyy-mm-dd) or null outside the
 * month.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const [year, index] = parseMonth(month);
  const first = new Date(Date.UTC(year, index, 1)).getUTCDay();
  const length = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: first }, () => null);
  for (let day = 1; day <= length; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let at = 0; at < cells.length; at += 7) weeks.push(cells.slice(at, at + 7));
  return weeks;
}

/** "08:00:00" → "08:00" when the seconds are zero; the window's ends as the server sent them otherwise. */
export const exactTime = (time: string) => time.replace(/^(\d{1,2}:\d{2}):00(\.0+)?$/, '$1');

/** For a day's small cell: also without milliseconds ("23:59:59.999" → "23:59:59"). */
export const cellTime = (time: string) => exactTime(time).replace(/\.\d+$/, '');
