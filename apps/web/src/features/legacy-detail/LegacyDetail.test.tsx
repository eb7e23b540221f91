import type { RoleCode, SystemLogRow } from '@lis/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext, SIGNED_OUT_USER } from '../../platform/auth/current-user-context';
import { findDialog } from '../../testing/find-dialog';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { buildReportRow } from '../legacy-report/legacy-report-testing';
import { LegacyDetailPage } from '../../pages/LegacyDetailPage';

const RUN = buildReportRow({
  companycode: 'C1',
  legacyid: 'DMS-JOB',
  legacyname: 'Invoices to DMS',
  legacytype: 'DMS_WAIT',
  job_instanceno: 'C1-DMS-1',
  status: 'ERROR',
  step5_status: 'ERROR',
  step4_status: '',
  step1_started_on: '2026-11-20T10:15:01.000Z',
  send_email_status: 'SUCCESS',
  message: 'step 5 (conversion): bad record',
});

const log = (seq: number, log_type: string, message: string): SystemLogRow => ({
  seq,
  sid: '555',
  companycode: 'C1',
  job_instanceno: 'C1-DMS-1',
  log_type,
  message,
  created_on: '20-11-2026 17:15:0' + String(seq),
  msg_source: 'pipeline',
  created_at: '2026-11-20T10:15:00.000Z',
});

function server(run = RUN) {
  const fetchMock = mockFetch({
    'GET /v1/legacy/task': () => ({
      // The task list's filters match parts: a longer instance number of the same job comes too.
      result_list: [{ ...run, job_instanceno: 'C1-DMS-10', status: 'FINISHED' }, run],
      total_count: 2,
    }),
    'GET /v1/system/log': () => ({
      result_list: [
        log(1, 'INFO', 'ProcessStep 1 load files'),
        log(2, 'INFO', 'step 1 SUCCESS'),
        log(3, 'WARNING', 'Warning: slow server'),
        log(4, 'ERROR', 'conversion failed'),
        log(5, 'INFO', 'queued'),
        log(6, 'INFO', 'step 4 FINISHED: 0 errors'),
        log(7, 'DEBUG', 'raw reply kept'),
      ],
      total_count: 5,
    }),
    'GET /v1/lis-server/run-step': () => ({ message: 'Step 5 queued', job_instance_no: 'C1-DMS-1' }),
  });
  return (path: string) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname === path)
      .map((url) => Object.fromEntries(url.searchParams));
}

function renderDetail(search: string, role: RoleCode = 'user') {
  return render(
    <TestProviders route={`/legacydetail?${search}`}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CurrentUserContext.Provider value={{ ...SIGNED_OUT_USER, username: 'u', role, found: true }}>
          <LegacyDetailPage />
        </CurrentUserContext.Provider>
      </ConfigProvider>
    </TestProviders>,
  );
}

const QUERY = 'company_code=C1&legacy_id=DMS-JOB&job_no=C1-DMS-1&legacytype=DMS_WAIT&_blank=true';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Monitor Detail', { timeout: 120_000 }, () => {
  it('shows the header, the exact run with its steps, and the coloured log of the run', async () => {
    const calls = server();
    renderDetail(QUERY);
    expect(await screen.findByText('Invoices to DMS')).toBeTruthy();
    expect(screen.getByText('C1-DMS-1')).toBeTruthy();
    expect(calls('/v1/legacy/task')[0]).toMatchObject({
      company_code: 'C1',
      legacy_id: 'DMS-JOB',
      job_instance_no: 'C1-DMS-1',
    });
    expect(calls('/v1/system/log')[0]).toMatchObject({
      job_instanceno: 'C1-DMS-1',
      page: '1',
      page_size: '25',
    });
    // The run's (ERROR), not the longer instance number's (FINISHED).
    expect(screen.getAllByText('ERROR').length).toBeGreaterThan(0);
    expect(screen.queryByText('FINISHED')).toBeNull();
    expect(screen.getByText('Success')).toBeTruthy();
    // Coloured by log type, not by the words (issue 17): an INFO line saying "errors" is not red.
    const tone = (text: string) => screen.getByText(text).closest('tr')?.className ?? '';
    expect(await screen.findByText('step 1 SUCCESS')).toBeTruthy();
    expect(tone('step 1 SUCCESS')).toContain('legacy-detail-log-info');
    expect(tone('Warning: slow server')).toContain('legacy-detail-log-warning');
    expect(tone('conversion failed')).toContain('legacy-detail-log-error');
    expect(tone('ProcessStep 1 load files')).toContain('legacy-detail-log-info');
    expect(tone('queued')).toContain('legacy-detail-log-info');
    expect(tone('step 4 FINISHED: 0 errors')).toContain('legacy-detail-log-info');
    expect(tone('raw reply kept')).toContain('legacy-detail-log-plain');
    // A DMS type: the DMS list is offered.
    expect(screen.getByRole('button', { name: /DMS Files/ })).toBeTruthy();
  });

  it('re-runs step 5 in ERROR after the confirmation and reloads', async () => {
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderDetail(QUERY);
    await screen.findByText('Invoices to DMS');
    await user.click(screen.getByRole('button', { name: 'Re-run step 5' }));
    await user.click(within(await findDialog('Do you want to re-run?')).getByRole('button', { name: 'Yes' }));
    expect(await findDialog('Success!')).toBeTruthy();
    expect(calls('/v1/lis-server/run-step')[0]).toMatchObject({
      step: '5',
      job_instance_no: 'C1-DMS-1',
      legacy_id: 'DMS-JOB',
    });
    await waitFor(() => expect(calls('/v1/legacy/task').length).toBeGreaterThan(1));
  });

  it('offers no DMS list to other types, and says which parameters are missing', async () => {
    server();
    renderDetail(QUERY.replace('DMS_WAIT', 'IN_WAIT').replace('legacy_id=DMS-JOB', 'legacy_id=IN-JOB'));
    expect(await screen.findByText(/No run C1-DMS-1 of IN-JOB/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /DMS Files/ })).toBeNull();
    cleanup();
    renderDetail('company_code=C1');
    expect(await screen.findByText(/company_code, legacy_id and job_no are needed/)).toBeTruthy();
  });

  it('shows a KEPT or UNKNOWN e-mail status as the monitoring list does, explained on hover (issue 17)', async () => {
    server({ ...RUN, send_email_status: 'KEPT' });
    renderDetail(QUERY);
    const kept = await screen.findByText('Kept');
    expect(kept.getAttribute('title')).toContain('no SMTP server is configured');
    cleanup();
    server({ ...RUN, send_email_status: 'UNKNOWN' });
    renderDetail(QUERY);
    const unknown = await screen.findByText('Unknown');
    expect(unknown.className).toContain('legacy-report-status-warning');
    expect(unknown.getAttribute('title')).toContain('never confirmed');
  });
});
