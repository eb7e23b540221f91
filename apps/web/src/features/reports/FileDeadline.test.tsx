import type { DayTimelineLane, DayTimelineResponse, ExpectedRunJobRow } from '@lis/contracts';
import { cleanup, render, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format, LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { setDisplayTimeZone } from '../../ui/table-dates';
import { ExpectedRunJob } from './ExpectedRunJob';
import type { TimelineColors } from './timeline/timeline-colors';
import { timelineModel, type TimelineOption } from './timeline/timeline-option';
import { timelineMessages, type TimelineMessageKey } from './timeline/timeline.i18n';

/*
 * Issue 35, seen where operators look: the Expected Run Job report's deadline column and the day
 * timeline's deadline markers, both from the optional `deadline_at` / `expectation_state` of a row.
 */

const bkk = (wall: string) => new Date(`${wall}+07:00`).toISOString();

const row = (legacyid: string, over: Partial<ExpectedRunJobRow> = {}): ExpectedRunJobRow => ({
  companycode: 'C1',
  legacyid,
  legacyname: `${legacyid} name`,
  expected_time: '08:00',
  expected_count: 1,
  expected_count_day: 1,
  actual_time: '08:00:01',
  actual_count: 1,
  invalid_triggers: [],
  ...over,
});

const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row'));
const rowOf = (id: string) => bodyRows().find((r) => r.textContent?.includes(id))!;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Expected Run Job: the file deadline column', { timeout: 60_000 }, () => {
  it('shows the deadline and its state for a job that expects files, "-" for one that does not', async () => {
    setDisplayTimeZone('Asia/Bangkok');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockFetch({
      'GET /v1/legacy/expected-running-job-report': () => ({
        report_date: '2026-11-21',
        time_zone: 'Asia/Bangkok',
        result_list: [
          row('PAYROLL-IN', { expectation_state: 'MISSING', deadline_at: bkk('2026-11-21T10:00:00') }),
          row('NO-DEADLINE'),
        ],
        total_count: 2,
      }),
    });
    render(
      <TestProviders route="/expected-running-job-report?companycode=C1">
        <ConfigProvider theme={{ token: { motion: false } }}>
          <ExpectedRunJob />
        </ConfigProvider>
      </TestProviders>,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(document.body.textContent).toContain('กำหนดเวลาไฟล์');
    const cell = within(rowOf('PAYROLL-IN')).getByTestId('expected-deadline');
    // The time of the row's day (the report is of today; the day is said above the table).
    expect(cell.firstElementChild?.textContent).toBe('10:00');
    const tag = within(cell).getByText('MISSING');
    expect(tag.className).toContain('lis-expectation-red');
    expect(tag.getAttribute('title')).toBe('เลยกำหนดเวลาแล้ว และไฟล์ที่คาดไว้ไม่มา · กำหนดเวลา 21-11-2026 10:00');
    expect(within(rowOf('NO-DEADLINE')).queryByTestId('expected-deadline')).toBeNull();
  });
});

const COLORS: TimelineColors = {
  state: { FINISHED: 'green', ERROR: 'red', WARNING: 'orange' },
  other: 'grey',
  missing: 'crimson',
  expected: 'darkgray',
  maintenance: 'purple',
  now: 'navy',
  text: 'black',
  secondaryText: 'dimgray',
  split: 'silver',
  laneShade: 'whitesmoke',
  zoomFill: 'aliceblue',
  background: 'white',
  fontFamily: 'Sarabun',
  fontSize: 12,
};
const translate =
  (language: 'en' | 'th') => (key: TimelineMessageKey, values?: Record<string, string | number>) =>
    format(timelineMessages[language][key], values);
const lane = (over: Partial<DayTimelineLane>): DayTimelineLane => ({
  companycode: 'MON',
  legacyid: 'MON-OK',
  legacyname: 'Invoices',
  legacytype: 'IN_WAIT',
  run_count: 0,
  runs: [],
  missing_count: 0,
  missing_fires: [],
  invalid_triggers: [],
  ...over,
});
const DAY: DayTimelineResponse = {
  date: '2026-11-21',
  time_zone: 'Asia/Bangkok',
  day_start: bkk('2026-11-21T00:00:00'),
  day_end: bkk('2026-11-22T00:00:00'),
  now: bkk('2026-11-21T11:00:00'),
  total_lanes: 4,
  lanes: [
    lane({ legacyid: 'PAYROLL-IN', deadline_at: bkk('2026-11-21T10:00:00'), expectation_state: 'MISSING' }),
    lane({ legacyid: 'NO-DEADLINE' }),
    lane({ legacyid: 'BANK-IN', deadline_at: bkk('2026-11-21T12:30:00'), expectation_state: 'LATE' }),
    lane({ legacyid: 'HR-IN', deadline_at: bkk('2026-11-21T09:00:00'), expectation_state: 'ON_TIME' }),
  ],
};
type Series = Extract<NonNullable<TimelineOption['series']>, unknown[]>[number];
const H = 3_600_000;

describe('the day timeline: each lane’s file deadline', () => {
  it('is a marker at the deadline in its lane, coloured by the day’s state', () => {
    const model = timelineModel(DAY, translate('en'), COLORS, 900);
    const series = (model.option.series as Series[]).find((s) => s.id === 'deadlines') as {
      data: { value: number[]; itemStyle: { color: string } }[];
    };
    expect(series.data.map((point) => [...point.value, point.itemStyle.color])).toEqual([
      [10 * H, 0, 'crimson'],
      [12.5 * H, 2, 'orange'],
      [9 * H, 3, 'green'],
    ]);
    // No lane with a deadline: no series at all.
    const none = { ...DAY, lanes: [lane({ legacyid: 'NO-DEADLINE' })] };
    expect(
      (timelineModel(none, translate('en'), COLORS, 900).option.series as Series[]).map((s) => s.id),
    ).not.toContain('deadlines');
  });

  it('says in the tooltip the deadline, the state and what it means, in the reader’s language', () => {
    const tooltip = (language: 'en' | 'th') =>
      (
        timelineModel(DAY, translate(language), COLORS, 900).option.tooltip as {
          formatter: (params: object) => string;
        }
      ).formatter({ seriesId: 'deadlines', dataIndex: 0 });
    expect(tooltip('en')).toContain('PAYROLL-IN · Invoices');
    expect(tooltip('en')).toContain('File deadline 10:00: MISSING');
    expect(tooltip('en')).toContain('The deadline passed and the expected files did not arrive.');
    expect(tooltip('th')).toContain('กำหนดเวลาไฟล์ 10:00: MISSING');
  });
});
