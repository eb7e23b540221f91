import type { DayTimelineLane, DayTimelineResponse } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { format } from '../../../platform/i18n/language';
import type { TimelineColors } from './timeline-colors';
import { AXIS_ROOM, BOTTOM_ROOM, LANE_HEIGHT, timelineModel, type TimelineOption } from './timeline-option';
import { timelineMessages, type TimelineMessageKey } from './timeline.i18n';
import { durationText, zoneClock } from './timeline-time';
import { tickStep } from './timeline-zoom';

/** Bangkok wall time (UTC+7) → ISO. */
const bkk = (wall: string) => new Date(`${wall}+07:00`).toISOString();
const COLORS: TimelineColors = {
  state: { FINISHED: 'green', ERROR: 'red', WARNING: 'orange', RUNNING: 'blue' },
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

const DATA: DayTimelineResponse = {
  date: '2026-11-21',
  time_zone: 'Asia/Bangkok',
  day_start: bkk('2026-11-21T00:00:00'),
  day_end: bkk('2026-11-22T00:00:00'),
  now: bkk('2026-11-21T10:00:00'),
  total_lanes: 2,
  lanes: [
    lane({
      run_count: 3,
      runs: [
        // Started the evening before: its bar starts at midnight.
        {
          job_instance_no: 'J0',
          state: 'FINISHED',
          kind: 'scheduled',
          start: bkk('2026-11-20T23:50:00'),
          end: bkk('2026-11-21T00:10:00'),
          active: false,
        },
        {
          job_instance_no: 'J1',
          state: 'ERROR',
          kind: 'manual',
          start: bkk('2026-11-21T08:00:00'),
          end: bkk('2026-11-21T09:01:05'),
          active: false,
        },
        {
          job_instance_no: 'J2',
          state: 'SKIPPED',
          kind: 'scheduled',
          start: bkk('2026-11-21T09:00:00'),
          end: bkk('2026-11-21T09:00:00'),
          active: false,
        },
      ],
    }),
    lane({
      legacyid: 'MON-<b>',
      legacyname: '',
      run_count: 1,
      runs: [
        {
          job_instance_no: 'J3',
          state: 'RUNNING',
          kind: 'chain_member',
          start: bkk('2026-11-21T09:30:00'),
          end: bkk('2026-11-21T10:00:00'),
          active: true,
        },
      ],
      missing_count: 2,
      missing_fires: [bkk('2026-11-21T06:00:00'), bkk('2026-11-21T07:00:00')],
    }),
  ],
};

const H = 3_600_000;
type Series = Extract<NonNullable<TimelineOption['series']>, unknown[]>[number];
const seriesOf = (option: TimelineOption, id: string) =>
  (option.series as Series[]).find((series) => series.id === id) as Series & { data: unknown[] };
const tooltipOf = (option: TimelineOption) =>
  (option.tooltip as { formatter: (params: object) => string }).formatter;

describe('the day timeline as a chart option', () => {
  it('has a lane per job, top to bottom, and a height for them', () => {
    const model = timelineModel(DATA, translate('en'), COLORS, 900);
    expect((model.option.yAxis as { data: string[]; inverse: boolean }).data).toEqual(['MON-OK', 'MON-<b>']);
    expect((model.option.yAxis as { inverse: boolean }).inverse).toBe(true);
    expect(model.height).toBe(AXIS_ROOM + BOTTOM_ROOM + 2 * LANE_HEIGHT);
  });

  it('names the company in the lane when there are several', () => {
    const two = { ...DATA, lanes: [DATA.lanes[0]!, lane({ companycode: 'OTH', legacyid: 'OTH-1' })] };
    const model = timelineModel(two, translate('en'), COLORS, 900);
    expect((model.option.yAxis as { data: string[] }).data).toEqual(['MON · MON-OK', 'OTH · OTH-1']);
  });

  it('draws each run from start to end in the day, coloured by state (others grey)', () => {
    const model = timelineModel(DATA, translate('en'), COLORS, 900);
    expect(
      model.bars.map(({ laneIndex, from, to, color, run }) => [
        run.job_instance_no,
        laneIndex,
        from,
        to,
        color,
      ]),
    ).toEqual([
      ['J0', 0, 0, 10 * 60_000, 'green'],
      ['J1', 0, 8 * H, 9 * H + 65_000, 'red'],
      ['J2', 0, 9 * H, 9 * H, 'grey'],
      ['J3', 1, 9.5 * H, 10 * H, 'blue'],
    ]);
    expect(seriesOf(model.option, 'runs').data).toEqual([
      [0, 0, 600_000],
      [0, 8 * H, 9 * H + 65_000],
      [0, 9 * H, 9 * H],
      [1, 9.5 * H, 10 * H],
    ]);
  });

  it('marks the missed fires at their time in their lane, and now', () => {
    const model = timelineModel(DATA, translate('en'), COLORS, 900);
    expect(seriesOf(model.option, 'missing').data).toEqual([
      [6 * H, 1],
      [7 * H, 1],
    ]);
    const runs = seriesOf(model.option, 'runs') as { markLine?: { data: unknown[] } };
    expect(runs.markLine?.data).toEqual([{ xAxis: 10 * H }]);
    // A past day has no "now" line.
    const past = { ...DATA, now: bkk('2026-11-23T10:00:00') };
    expect(
      (seriesOf(timelineModel(past, translate('en'), COLORS, 900).option, 'runs') as { markLine?: unknown })
        .markLine,
    ).toBeUndefined();
  });

  it('labels the axis with hours of the reports’ zone, every hour when wide', () => {
    const model = timelineModel(DATA, translate('en'), COLORS, 900);
    const axis = model.option.xAxis as {
      max: number;
      interval: number;
      axisLabel: { formatter: (v: number) => string };
    };
    expect(axis.max).toBe(24 * H);
    expect(axis.interval).toBe(2 * H);
    expect(tickStep(24 * H, 1500)).toBe(H);
    expect([0, 2 * H, 13 * H, 24 * H].map(axis.axisLabel.formatter)).toEqual([
      '00:00',
      '02:00',
      '13:00',
      '24:00',
    ]);
  });

  it('says in the tooltip what a bar is, in the reader’s language, with names escaped', () => {
    const en = tooltipOf(timelineModel(DATA, translate('en'), COLORS, 900).option);
    const bar = en({ seriesId: 'runs', dataIndex: 1 });
    for (const text of [
      'MON-OK · Invoices',
      'J1',
      'Error',
      'Run now',
      '08:00:00',
      '09:01:05',
      '1 h 1 min 5 s',
      'Click to open Monitor Detail',
    ])
      expect(bar).toContain(text);
    const running = en({ seriesId: 'runs', dataIndex: 3 });
    expect(running).toContain('MON-&lt;b&gt;');
    expect(running).not.toContain('<b>');
    expect(running).toContain('still running');
    expect(en({ seriesId: 'missing', dataIndex: 0 })).toContain('Due at 06:00:00: no run was fired');

    const th = tooltipOf(timelineModel(DATA, translate('th'), COLORS, 900).option);
    expect(th({ seriesId: 'runs', dataIndex: 1 })).toContain('ผิดพลาด');
    expect(th({ seriesId: 'runs', dataIndex: 1 })).toContain('1 ชม. 1 นาที 5 วินาที');
    expect(th({ seriesId: 'missing', dataIndex: 1 })).toContain('ถึงกำหนดเวลา 07:00:00');
    expect(th({ seriesId: 'missing', dataIndex: 1 })).toContain('ขาดการทำงานทั้งหมด 2 ครั้ง');
  });

  it('uses the theme’s font', () => {
    const model = timelineModel(DATA, translate('th'), COLORS, 900);
    expect(model.option.textStyle).toMatchObject({ fontFamily: 'Sarabun' });
  });
});

describe('maintenance windows on the day timeline (issue 34)', () => {
  const WITH_MAINTENANCE: DayTimelineResponse = {
    ...DATA,
    maintenance: [
      // From the evening before to 06:00: clipped to the day's start.
      {
        company_code: 'MON',
        name: 'SAT-NIGHT',
        from: bkk('2026-11-20T22:00:00'),
        to: bkk('2026-11-21T06:00:00'),
      },
      {
        company_code: '*',
        name: 'DC-POWER',
        from: bkk('2026-11-21T13:00:00'),
        to: bkk('2026-11-21T13:30:00'),
      },
      // Another day's: not drawn.
      {
        company_code: 'MON',
        name: 'LATER',
        from: bkk('2026-11-22T01:00:00'),
        to: bkk('2026-11-22T02:00:00'),
      },
    ],
  };
  type Band = [{ name: string; xAxis: number }, { xAxis: number }];
  const markAreaOf = (option: TimelineOption) =>
    (seriesOf(option, 'maintenance') as { markArea?: { data: Band[]; label: { show: boolean } } }).markArea;

  it('draws each as a shaded band across the lanes, labelled "Maintenance: NAME", clipped to the day', () => {
    const model = timelineModel(WITH_MAINTENANCE, translate('en'), COLORS, 900);
    const markArea = markAreaOf(model.option);
    expect(markArea?.label.show).toBe(true);
    expect(markArea?.data).toEqual([
      [{ name: 'Maintenance: SAT-NIGHT', xAxis: 0 }, { xAxis: 6 * H }],
      [{ name: 'Maintenance: DC-POWER', xAxis: 13 * H }, { xAxis: 13.5 * H }],
    ]);
    expect(seriesOf(model.option, 'maintenance').data).toEqual([]);
  });

  it('says in the tooltip the whole stretch and whose triggers it holds, in English and Thai', () => {
    const en = tooltipOf(timelineModel(WITH_MAINTENANCE, translate('en'), COLORS, 900).option);
    const night = en({ componentType: 'markArea', seriesId: 'maintenance', dataIndex: 0 });
    expect(night).toContain('Maintenance: SAT-NIGHT');
    expect(night).toContain('20-11-2026 22:00–21-11-2026 06:00: due triggers of MON do not fire');
    expect(en({ componentType: 'markArea', seriesId: 'maintenance', dataIndex: 1 })).toContain(
      'due triggers of every company do not fire',
    );
    const th = tooltipOf(timelineModel(WITH_MAINTENANCE, translate('th'), COLORS, 900).option);
    expect(th({ componentType: 'markArea', seriesId: 'maintenance', dataIndex: 0 })).toContain(
      'บำรุงรักษา: SAT-NIGHT',
    );
  });

  it('names the company when the lanes are of several; no series without maintenance', () => {
    const two = {
      ...WITH_MAINTENANCE,
      lanes: [DATA.lanes[0]!, lane({ companycode: 'OTH', legacyid: 'OTH-1' })],
    };
    const names = markAreaOf(timelineModel(two, translate('en'), COLORS, 900).option)?.data.map(
      ([start]) => start.name,
    );
    expect(names).toEqual(['Maintenance: MON · SAT-NIGHT', 'Maintenance: DC-POWER']);
    expect(seriesOf(timelineModel(DATA, translate('en'), COLORS, 900).option, 'maintenance')).toBeUndefined();
  });
});

describe('times of the reports’ zone', () => {
  it('shows an instant in the zone, not the browser’s', () => {
    const clock = zoneClock('Asia/Bangkok');
    const at = Date.parse('2026-11-20T17:30:05Z');
    expect([clock.time(at), clock.hourMinute(at), clock.date(at)]).toEqual([
      '00:30:05',
      '00:30',
      '21-11-2026',
    ]);
  });

  it('writes durations largest unit first', () => {
    const words = {
      hours: (h: number) => `${h}h`,
      minutes: (m: number) => `${m}m`,
      seconds: (s: number) => `${s}s`,
    };
    expect([0, 400, 59_000, 3_600_000, 3_723_000].map((ms) => durationText(ms, words))).toEqual([
      '0s',
      '0s',
      '59s',
      '1h',
      '1h 2m 3s',
    ]);
  });
});
