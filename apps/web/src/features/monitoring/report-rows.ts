import type { LegacyReportRow } from '@lis/contracts';
import { tableTime } from '../../ui/table-dates';

/** The job-state checkboxes of spec 000 §2, in the screen's order; STOPPED after them (issue 31). */
export const JOB_STATES = [
  'ACTIVE',
  'SUSPEND',
  'ERROR',
  'RUNNING',
  'FINISHED',
  'WARNING',
  'STOPPED',
] as const;
export type JobState = (typeof JOB_STATES)[number];
/** The same states in the manual report's order (spec 000 §2 "Legacy report - Manual"). */
export const MANUAL_JOB_STATES: readonly JobState[] = [
  'ACTIVE',
  'ERROR',
  'FINISHED',
  'SUSPEND',
  'RUNNING',
  'WARNING',
  'STOPPED',
];

export interface ReportFilters {
  companyCode: string;
  legacyId: string;
  legacyName: string;
  /** None ticked: every state. Several: their union. */
  states: JobState[];
}

export const EMPTY_REPORT_FILTERS: ReportFilters = {
  companyCode: '',
  legacyId: '',
  legacyName: '',
  states: [],
};

const ERROR_STEPS = ['step1_status', 'step2_status', 'step3_status', 'step4_status'] as const;

/** Spec 000 §2: Active isactive Y, Suspend hassuspend Y, Error any of steps 1–4 ERROR, others the run state. */
export function hasJobState(row: LegacyReportRow, state: JobState): boolean {
  switch (state) {
    case 'ACTIVE':
      return row.isactive === 'Y';
    case 'SUSPEND':
      return row.hassuspend === 'Y';
    case 'ERROR':
      return ERROR_STEPS.some((step) => row[step] === 'ERROR');
    default:
      return row.status === state;
  }
}

const contains = (value: string, part: string) => value.toLowerCase().includes(part.trim().toLowerCase());

/** The filters apply in the browser over the loaded list (spec 000 §2). */
export function filterReportRows(
  rows: readonly LegacyReportRow[],
  filters: ReportFilters,
): LegacyReportRow[] {
  return rows.filter(
    (row) =>
      contains(row.companycode, filters.companyCode) &&
      contains(row.legacyid, filters.legacyId) &&
      contains(row.legacyname, filters.legacyName) &&
      (filters.states.length === 0 || filters.states.some((state) => hasJobState(row, state))),
  );
}

/** Spec 000 §9: active jobs first, then job start descending (ISO text sorts as time; none last). */
export function sortReportRows(rows: readonly LegacyReportRow[]): LegacyReportRow[] {
  return [...rows].sort((a, b) => {
    const active = Number(b.isactive === 'Y') - Number(a.isactive === 'Y');
    if (active !== 0) return active;
    if (a.job_started_on === b.job_started_on) return 0;
    return a.job_started_on < b.job_started_on ? 1 : -1;
  });
}

export type RowKind = 'inactive-suspended' | 'suspended' | 'success' | 'error' | 'warning' | 'plain';

/**
 * Spec 000 §2 row colours: suspension first, then the latest run's state. A run an operator stopped
 * is a plain row (issue 31): never red; its STOPPED tag says what happened.
 */
export function rowKind(row: LegacyReportRow): RowKind {
  if (row.hassuspend === 'Y') return row.isactive === 'Y' ? 'suspended' : 'inactive-suspended';
  switch (row.status) {
    case 'SUCCESS':
    case 'FINISHED':
      return 'success';
    case 'ERROR':
      return 'error';
    case 'WARNING':
      return 'warning';
    default:
      return 'plain';
  }
}

export const rowClassName = (row: LegacyReportRow) => `legacy-report-row-${rowKind(row)}`;

/** ISO time → dd-mm-yyyy HH:mm:ss in the server's time zone (ui/table-dates); '' stays ''. */
export const formatReportTime = (iso: string): string => tableTime(iso);

export const reportRowKey = (row: { companycode: string; legacyid: string }) =>
  `${row.companycode}\u0000${row.legacyid}`;

/** The steps the monitoring report re-runs when in ERROR: the spec's 2, 3 and 4, and 1 (docs/reliability.md). */
export const RERUN_STEPS = [1, 2, 3, 4] as const;
export type ReportRerunStep = (typeof RERUN_STEPS)[number];

/** A step in ERROR, or STOPPED by an operator (issue 31: the run goes on from it), may be re-run. */
export const isRerunnableStatus = (status: string) => status === 'ERROR' || status === 'STOPPED';

export function canRerunStep(row: LegacyReportRow, step: number): step is ReportRerunStep {
  return (RERUN_STEPS as readonly number[]).includes(step) && isRerunnableStatus(stepStatus(row, step));
}

export function stepStatus(row: LegacyReportRow, step: number): string {
  switch (step) {
    case 1:
      return row.step1_status;
    case 2:
      return row.step2_status;
    case 3:
      return row.step3_status;
    case 4:
      return row.step4_status;
    case 5:
      return row.step5_status;
    default:
      return '';
  }
}

/** DESIGN §6: an important job (`important_job` True/true) asks for the action password. */
export const isImportantJob = (row: LegacyReportRow) => row.important_job.trim().toLowerCase() === 'true';
