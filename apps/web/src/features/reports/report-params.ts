/** What the Daily Report's address asks for, or why it cannot be shown. */
export type DailyReportParams =
  | { ok: true; companies: string[]; dateFrom: string; dateTo: string }
  | { ok: false; missing: true }
  | { ok: false; missing: false; name: 'date_from' | 'date_to'; value: string };

/**
 * `companycode` may repeat and may hold several codes separated by commas (`A,B`); blanks are
 * dropped. None: every company of the caller.
 */
export function companiesOf(params: URLSearchParams): string[] {
  const codes = params
    .getAll('companycode')
    .flatMap((value) => value.split(','))
    .map((code) => code.trim())
    .filter(Boolean);
  return [...new Set(codes)];
}

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** `yyyymmdd` or `dd/mm/yyyy` (as typed in the console's filters) → `yyyymmdd`; undefined when neither. */
export function reportDate(text: string): string | undefined {
  const value = text.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const typed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [year, month, day] = compact
    ? [Number(compact[1]), Number(compact[2]), Number(compact[3])]
    : typed
      ? [Number(typed[3]), Number(typed[2]), Number(typed[1])]
      : [0, 0, 0];
  if (!isRealDay(year, month, day)) return undefined;
  return `${String(year).padStart(4, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** Reads `companycode`, `date_from`, `date_to` of /daily-report and /report (decision 0014). */
export function dailyReportParams(params: URLSearchParams): DailyReportParams {
  const from = params.get('date_from')?.trim() ?? '';
  const to = params.get('date_to')?.trim() ?? '';
  if (!from || !to) return { ok: false, missing: true };
  const dateFrom = reportDate(from);
  if (!dateFrom) return { ok: false, missing: false, name: 'date_from', value: from };
  const dateTo = reportDate(to);
  if (!dateTo) return { ok: false, missing: false, name: 'date_to', value: to };
  return { ok: true, companies: companiesOf(params), dateFrom, dateTo };
}

/** `yyyymmdd` → dd-mm-yyyy. */
export const shownDate = (compact: string) =>
  `${compact.slice(6, 8)}-${compact.slice(4, 6)}-${compact.slice(0, 4)}`;
