import type { LegacyReportRowWithExpectation } from '@lis/contracts';
import { cleanup, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { WallMonitor } from '../wall-monitor/WallMonitor';
import { buildReportRow, eventStream, renderReport, reportRows, rowOf } from './legacy-report-testing';

/** Issue 35: a job whose expected files did not come by 10:00 (Bangkok), one that expects none. */
const MISSING_ROW: LegacyReportRowWithExpectation = {
  ...buildReportRow({ legacyid: 'PAYROLL-IN', status: 'FINISHED' }),
  expectation_state: 'MISSING',
  deadline_at: '2026-11-20T03:00:00.000Z',
};
const LATE_ROW: LegacyReportRowWithExpectation = {
  ...buildReportRow({ legacyid: 'BANK-IN' }),
  expectation_state: 'LATE',
  deadline_at: '2026-11-20T05:00:00.000Z',
};
const PLAIN_ROW = buildReportRow({ legacyid: 'INV001' });

beforeEach(() => {
  localStorage.clear();
  setDisplayTimeZone('Asia/Bangkok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve() {
  mockFetch({
    'GET /v1/legacy/report': () => ({ result_list: [MISSING_ROW, LATE_ROW, PLAIN_ROW], total_count: 3 }),
    'GET /v1/events': () => eventStream().respond(),
  });
}

describe('the file deadline on the monitoring lists (issue 35)', { timeout: 60_000 }, () => {
  it('tags a row MISSING or LATE under its run state, the deadline on hover; none without an expectation', async () => {
    serve();
    renderReport('user');
    await waitFor(() => expect(reportRows()).toHaveLength(3));
    const missing = within(rowOf('PAYROLL-IN')).getByText('MISSING');
    expect(missing.className).toContain('lis-expectation-red');
    expect(missing.getAttribute('title')).toBe(
      'The deadline passed and the expected files did not arrive. · Deadline 20-11-2026 10:00',
    );
    // The run's own state stays beside it.
    expect(within(rowOf('PAYROLL-IN')).getByText('FINISHED')).toBeTruthy();
    expect(within(rowOf('BANK-IN')).getByText('LATE').className).toContain('lis-expectation-orange');
    expect(rowOf('INV001').querySelector('[data-expectation]')).toBeNull();
  });

  it('shows the same tag on the wall display', async () => {
    serve();
    render(
      <TestProviders route="/monitor">
        <WallMonitor />
      </TestProviders>,
    );
    await waitFor(() => expect(reportRows()).toHaveLength(3));
    expect(within(rowOf('PAYROLL-IN')).getByText('MISSING').getAttribute('data-expectation')).toBe('MISSING');
  });
});
