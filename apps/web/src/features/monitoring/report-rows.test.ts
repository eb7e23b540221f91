import { describe, expect, it } from 'vitest';
import { buildReportRow } from '../legacy-report/legacy-report-testing';
import {
  canRerunStep,
  EMPTY_REPORT_FILTERS,
  filterReportRows,
  formatReportTime,
  hasJobState,
  isImportantJob,
  rowKind,
  sortReportRows,
} from './report-rows';

describe('report rows', () => {
  it('reads each job state as the spec means it', () => {
    expect(hasJobState(buildReportRow({ isactive: 'Y' }), 'ACTIVE')).toBe(true);
    expect(hasJobState(buildReportRow({ isactive: 'N' }), 'ACTIVE')).toBe(false);
    expect(hasJobState(buildReportRow({ hassuspend: 'Y' }), 'SUSPEND')).toBe(true);
    expect(hasJobState(buildReportRow({ step4_status: 'ERROR' }), 'ERROR')).toBe(true);
    // Error is about steps 1 to 4 only.
    expect(hasJobState(buildReportRow({ status: 'ERROR', step5_status: 'ERROR' }), 'ERROR')).toBe(false);
    expect(hasJobState(buildReportRow({ status: 'RUNNING' }), 'RUNNING')).toBe(true);
    expect(hasJobState(buildReportRow({ status: 'WARNING' }), 'FINISHED')).toBe(false);
  });

  it('keeps every row with no state ticked, and the union of the ticked ones', () => {
    const rows = [
      buildReportRow({ legacyid: 'a', hassuspend: 'Y', status: 'FINISHED' }),
      buildReportRow({ legacyid: 'b', status: 'WARNING' }),
      buildReportRow({ legacyid: 'c', status: 'FINISHED' }),
    ];
    expect(filterReportRows(rows, EMPTY_REPORT_FILTERS)).toHaveLength(3);
    const union = filterReportRows(rows, { ...EMPTY_REPORT_FILTERS, states: ['SUSPEND', 'WARNING'] });
    expect(union.map((row) => row.legacyid)).toEqual(['a', 'b']);
    const text = filterReportRows(rows, { ...EMPTY_REPORT_FILTERS, legacyId: ' B ', states: ['WARNING'] });
    expect(text.map((row) => row.legacyid)).toEqual(['b']);
  });

  it('sorts active jobs first, then the newest start, jobs that never ran last', () => {
    const rows = [
      buildReportRow({ legacyid: 'never', job_started_on: '' }),
      buildReportRow({ legacyid: 'off', isactive: 'N', job_started_on: '2026-12-01T00:00:00.000Z' }),
      buildReportRow({ legacyid: 'old', job_started_on: '2026-01-01T00:00:00.000Z' }),
      buildReportRow({ legacyid: 'new', job_started_on: '2026-06-01T00:00:00.000Z' }),
    ];
    expect(sortReportRows(rows).map((row) => row.legacyid)).toEqual(['new', 'old', 'never', 'off']);
  });

  it('gives suspension colours before the run state', () => {
    expect(rowKind(buildReportRow({ hassuspend: 'Y', status: 'ERROR' }))).toBe('suspended');
    expect(rowKind(buildReportRow({ hassuspend: 'Y', isactive: 'N' }))).toBe('inactive-suspended');
    expect(rowKind(buildReportRow({ status: 'SUCCESS' }))).toBe('success');
    expect(rowKind(buildReportRow({ status: 'QUEUED' }))).toBe('plain');
  });

  it('re-runs steps 1, 2, 3 and 4 in ERROR only; important means True or true', () => {
    const row = buildReportRow({ step1_status: 'ERROR', step2_status: 'ERROR', step5_status: 'ERROR' });
    expect([1, 2, 3, 4, 5].filter((step) => canRerunStep(row, step))).toEqual([1, 2]);
    expect(isImportantJob(buildReportRow({ important_job: 'True' }))).toBe(true);
    expect(isImportantJob(buildReportRow({ important_job: 'true' }))).toBe(true);
    expect(isImportantJob(buildReportRow({ important_job: 'N' }))).toBe(false);
    expect(isImportantJob(buildReportRow({ important_job: '' }))).toBe(false);
  });

  it('shows times as dd-mm-yyyy HH:mm:ss and nothing for none', () => {
    expect(formatReportTime('')).toBe('');
    const local = new Date(2026, 10, 20, 7, 5, 9);
    expect(formatReportTime(local.toISOString())).toBe('20-11-2026 07:05:09');
  });
});
