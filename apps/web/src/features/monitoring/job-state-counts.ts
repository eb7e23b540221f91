import type { LegacyReportRow } from '@lis/contracts';
import { hasJobState, sortReportRows } from './report-rows';

/** The states counted in chips above the report and the wall display's tiles, worst first. */
export const COUNTED_STATES = ['ERROR', 'SUSPEND', 'WARNING', 'RUNNING'] as const;
export type CountedState = (typeof COUNTED_STATES)[number];

/**
 * A job in a counted state: ERROR the latest run or any of its steps 1–4 in ERROR (the report's ERROR
 * filter, and the run itself), SUSPEND suspended, WARNING and RUNNING the latest run's state.
 */
export function isInState(row: LegacyReportRow, state: CountedState): boolean {
  switch (state) {
    case 'ERROR':
      return row.status === 'ERROR' || hasJobState(row, 'ERROR');
    case 'SUSPEND':
      return hasJobState(row, 'SUSPEND');
    default:
      return row.status === state;
  }
}

export function countStates(rows: readonly LegacyReportRow[]): Record<CountedState, number> {
  const counts: Record<CountedState, number> = { ERROR: 0, SUSPEND: 0, WARNING: 0, RUNNING: 0 };
  for (const row of rows) for (const state of COUNTED_STATES) if (isInState(row, state)) counts[state] += 1;
  return counts;
}

/** 0 for a job in ERROR, 1 suspended, 2 WARNING, 3 RUNNING, 4 any other. */
export function problemRank(row: LegacyReportRow): number {
  const index = COUNTED_STATES.findIndex((state) => isInState(row, state));
  return index < 0 ? COUNTED_STATES.length : index;
}

/**
 * "Errors first": the jobs in ERROR, then suspended, WARNING and RUNNING ones, each group in the spec's
 * order (active first, newest start first), then the rest in that order.
 */
export function sortProblemsFirst(rows: readonly LegacyReportRow[]): LegacyReportRow[] {
  const ranked = sortReportRows(rows).map((row, position) => ({ row, position, rank: problemRank(row) }));
  ranked.sort((a, b) => a.rank - b.rank || a.position - b.position);
  return ranked.map(({ row }) => row);
}
