import type { LegacyReportRow, LegacyReportRowWithExpectation } from '@lis/contracts';
import { useT } from '../../platform/i18n/I18nProvider';
import { ExpectationStateTag } from '../../ui/expectation/ExpectationStateTag';
import { monitoringMessages } from './monitoring.i18n';
import { StatusTag } from './StatusTag';

/** A run still in progress: its state is shown even when the job is suspended meanwhile. */
const IN_PROGRESS = new Set(['QUEUED', 'WAITING', 'RUNNING']);

/** The state a list shows for a job: SUSPEND while it is suspended (issue 31), else its latest run's. */
export function shownJobState(row: Pick<LegacyReportRow, 'hassuspend' | 'status'>): string {
  return row.hassuspend === 'Y' && !IN_PROGRESS.has(row.status) ? 'SUSPEND' : row.status;
}

/**
 * The job's state on the monitoring list and the wall display: a suspended job reads SUSPEND (the
 * latest run's own state on hover), never the green FINISHED of a run after the one that suspended it.
 */
export function JobStateTag({ row }: { row: LegacyReportRow }) {
  const t = useT(monitoringMessages);
  const shown = shownJobState(row);
  if (shown !== 'SUSPEND') return <StatusTag status={row.status} />;
  return (
    <span
      className="legacy-report-status legacy-report-status-suspend"
      data-status="SUSPEND"
      title={t('suspendedLatestRun', { status: row.status || '-' })}
    >
      SUSPEND
    </span>
  );
}

/**
 * The job's state with, under it, today's file deadline state when the job expects files (issue 35:
 * LATE, MISSING, … on the monitoring list and the wall display; the deadline on hover).
 */
export function JobStateCell({
  row,
}: {
  row: LegacyReportRow & Partial<Pick<LegacyReportRowWithExpectation, 'expectation_state' | 'deadline_at'>>;
}) {
  if (!row.expectation_state) return <JobStateTag row={row} />;
  return (
    <span className="legacy-report-state-cell">
      <JobStateTag row={row} />
      <ExpectationStateTag state={row.expectation_state} deadlineAt={row.deadline_at} compact />
    </span>
  );
}
