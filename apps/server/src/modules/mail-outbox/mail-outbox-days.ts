import { invalid } from '../../platform/domain-error.js';
import { dayBoundaries, daysBetween, parseReportDate } from '../reports/report-days.js';

/** The instants `[from, to)` (epoch ms) a mail's queue time must fall in; a side left open is undefined. */
export interface QueuedBetween {
  from: number | undefined;
  to: number | undefined;
}

/**
 * The Mail outbox's day filter (LIS issue 31): `date_from` and `date_to` are `yyyymmdd` days of
 * LIS_TIMEZONE, both inclusive, either may be left out. A day that does not exist (20261131) or a
 * reversed range is a 400 `{message}` in the reader's language.
 */
export function queuedBetween(
  dateFrom: string | undefined,
  dateTo: string | undefined,
  timeZone: string,
): QueuedBetween {
  const from = dateFrom === undefined ? undefined : parseReportDate(dateFrom);
  if (dateFrom !== undefined && !from)
    throw invalid('DATE_INVALID', 'logTransactionDateInvalid', { field: 'date_from' });
  const to = dateTo === undefined ? undefined : parseReportDate(dateTo);
  if (dateTo !== undefined && !to)
    throw invalid('DATE_INVALID', 'logTransactionDateInvalid', { field: 'date_to' });
  if (from && to && daysBetween(from, to) < 1)
    throw invalid('DATE_RANGE_REVERSED', 'logDateRangeReversed', { from: 'date_from', to: 'date_to' });
  return {
    from: from ? dayBoundaries(from, 1, timeZone)[0] : undefined,
    // The first instant of the day after `to`.
    to: to ? dayBoundaries(to, 1, timeZone)[1] : undefined,
  };
}
