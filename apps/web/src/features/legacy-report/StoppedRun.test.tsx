import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { CurrentUserContext, SIGNED_OUT_USER } from '../../platform/auth/current-user-context';
import { LegacyDetailPage } from '../../pages/LegacyDetailPage';
import { StepStatusStrip } from '../../ui/StepStatusStrip';
import { LegacyTask } from '../legacy-task/LegacyTask';
import { RunStatusTag } from '../reports/RunStatusTag';
import { WallMonitor } from '../wall-monitor/WallMonitor';
import { wallSummary } from '../wall-monitor/wall-summary';
import { countStates } from '../monitoring/job-state-counts';
import { buildReportRow, eventStream, renderReport, reportRows, rowOf } from './legacy-report-testing';
import { canRerunStep, hasJobState, rowKind } from '../monitoring/report-rows';
import { StatusTag } from '../monitoring/StatusTag';

const EN_HELP = 'Stopped by an operator — not an error';
const TH_HELP = 'ผู้ใช้งานสั่งหยุด — ไม่ใช่ข้อผิดพลาด';

/** A job whose latest run an operator stopped during step 2 (issue 31). */
const STOPPED_ROW = buildReportRow({
  legacyid: 'HALTED',
  job_instanceno: 'C1-HALTED-1',
  status: 'STOPPED',
  step1_status: 'SUCCESS',
  step2_status: 'STOPPED',
  message: 'stopped by ops',
});
const ERROR_ROW = buildReportRow({ legacyid: 'BROKEN', status: 'ERROR', step2_status: 'ERROR' });

const inLanguage = (language: 'en' | 'th') => localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
const show = (node: React.ReactNode) => render(<TestProviders>{node}</TestProviders>);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a run stopped by an operator (issue 31)', { timeout: 60_000 }, () => {
  it.each([
    ['en', EN_HELP],
    ['th', TH_HELP],
  ] as const)('the tags show STOPPED in its own colour, explained in %s', (language, help) => {
    inLanguage(language);
    show(
      <>
        <StatusTag status="STOPPED" />
        <StatusTag status="ERROR" />
        <RunStatusTag status="STOPPED" />
        <StepStatusStrip steps={[{ step: 'Call Function Status', status: 'STOPPED' }]} />
      </>,
    );
    const [label, tag] = screen.getAllByText('STOPPED');
    expect(label?.className).toContain('legacy-report-status-stopped');
    expect(label?.className).not.toContain('legacy-report-status-error');
    expect(label?.getAttribute('title')).toBe(help);
    expect(screen.getByText('ERROR').getAttribute('title')).toBeNull();
    expect(tag?.className).toContain('ant-tag-purple');
    expect(tag?.getAttribute('title')).toBe(help);
    const badge = screen.getByRole('img', { name: /^Call Function Status: STOPPED/ });
    expect(badge.className).toContain('step-status-badge-stopped');
    expect(badge.getAttribute('title')).toContain(help);
  });

  it('counts in no error total, is no red row, and its stopped step may be re-run', () => {
    const rows = [STOPPED_ROW, ERROR_ROW];
    expect(countStates(rows).ERROR).toBe(1);
    expect(wallSummary(rows, new Date()).error).toBe(1);
    expect(hasJobState(STOPPED_ROW, 'ERROR')).toBe(false);
    expect(hasJobState(STOPPED_ROW, 'STOPPED')).toBe(true);
    expect(rowKind(STOPPED_ROW)).toBe('plain');
    expect(canRerunStep(STOPPED_ROW, 2)).toBe(true);
    expect(canRerunStep(STOPPED_ROW, 1)).toBe(false);
  });

  it('the monitoring list shows it STOPPED, not red, outside the ERROR count; the STOPPED box finds it', async () => {
    inLanguage('th');
    mockFetch({
      'GET /v1/legacy/report': () => ({ result_list: [STOPPED_ROW, ERROR_ROW], total_count: 2 }),
      'GET /v1/events': () => eventStream().respond(),
    });
    const user = userEvent.setup();
    renderReport('user');
    await waitFor(() => expect(reportRows()).toHaveLength(2));
    const row = rowOf('HALTED');
    expect(row.className).not.toContain('legacy-report-row-error');
    expect(within(row).getByText('STOPPED').getAttribute('title')).toBe(TH_HELP);
    const errorCount = document.querySelector('.legacy-report-count-error .legacy-report-count-number');
    expect(errorCount?.textContent).toBe('1');
    await user.click(screen.getByRole('checkbox', { name: 'STOPPED' }));
    await user.click(screen.getByRole('button', { name: /ค้นหา/ }));
    await waitFor(() => expect(reportRows()).toHaveLength(1));
    expect(reportRows()[0]?.textContent).toContain('HALTED');
  });

  it('the wall display shows it STOPPED and counts it in no error', async () => {
    inLanguage('th');
    mockFetch({
      'GET /v1/legacy/report': () => ({ result_list: [STOPPED_ROW], total_count: 1 }),
      'GET /v1/events': () => eventStream().respond(),
    });
    render(
      <TestProviders route="/monitor">
        <WallMonitor />
      </TestProviders>,
    );
    await waitFor(() => expect(reportRows()).toHaveLength(1));
    expect(screen.getByTestId('wall-count-error').textContent).toBe('0');
    expect(within(reportRows()[0]!).getByText('STOPPED').getAttribute('title')).toBe(TH_HELP);
  });

  it('the task list searches by STOPPED and shows the run STOPPED, explained in English', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch({
      'GET /v1/legacy/task': ({ url }) => {
        asked.push(url.searchParams);
        return { result_list: [STOPPED_ROW], total_count: 1 };
      },
    });
    const user = userEvent.setup();
    render(
      <TestProviders route="/legacytask">
        <ConfigProvider theme={{ token: { motion: false } }}>
          <LegacyTask />
        </ConfigProvider>
      </TestProviders>,
    );
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    await user.click(screen.getByRole('checkbox', { name: 'STOPPED' }));
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(asked.at(-1)?.getAll('status')).toEqual(['STOPPED']));
    const table = document.querySelector('.ant-table-tbody') as HTMLElement;
    await waitFor(() => expect(within(table).getByText('STOPPED').getAttribute('title')).toBe(EN_HELP));
    expect(within(table).getByRole('img', { name: /STOPPED/ }).className).toContain(
      'step-status-badge-stopped',
    );
  });

  it('Monitor Detail shows the run and its step STOPPED in Thai, with the re-run button of the stopped step', async () => {
    inLanguage('th');
    mockFetch({
      'GET /v1/legacy/task': () => ({ result_list: [STOPPED_ROW], total_count: 1 }),
      'GET /v1/system/log': () => ({ result_list: [], total_count: 0 }),
    });
    render(
      <TestProviders
        route={`/legacydetail?company_code=C1&legacy_id=HALTED&job_no=${STOPPED_ROW.job_instanceno}&legacytype=IN_WAIT`}
      >
        <ConfigProvider theme={{ token: { motion: false } }}>
          <CurrentUserContext.Provider
            value={{ ...SIGNED_OUT_USER, username: 'u', role: 'user', found: true }}
          >
            <LegacyDetailPage />
          </CurrentUserContext.Provider>
        </ConfigProvider>
      </TestProviders>,
    );
    const tags = await screen.findAllByText('STOPPED');
    expect(tags.length).toBeGreaterThanOrEqual(2);
    for (const tag of tags) {
      expect(tag.className).toContain('legacy-report-status-stopped');
      expect(tag.getAttribute('title')).toBe(TH_HELP);
    }
    expect(screen.getByRole('button', { name: 'รันขั้นตอนที่ 2 ใหม่' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'รันขั้นตอนที่ 1 ใหม่' })).toBeNull();
  });
});
