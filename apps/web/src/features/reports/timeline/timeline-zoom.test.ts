import type { DayTimelineLane, DayTimelineResponse, DayTimelineRun } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { format } from '../../../platform/i18n/language';
import type { TimelineColors } from './timeline-colors';
import { timelineModel, type TimelineModel, type TimelineOption } from './timeline-option';
import { timelineMessages, type TimelineMessageKey } from './timeline.i18n';
import {
  activeRange,
  barExtent,
  MIN_BAR_PX,
  panWindow,
  rangeWindow,
  tickStep,
  wholeDay,
  windowScale,
  type TimelineWindow,
} from './timeline-zoom';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
/** The plot's width at 1366×768 with the side menu open (the chart's width less the lane labels). */
const PLOT_1366 = 1366 - 200 - 48 - 178;

const bkk = (wall: string) => new Date(`${wall}+07:00`).toISOString();
const at = (ms: number) => new Date(Date.parse(bkk('2026-11-21T00:00:00')) + ms).toISOString();
const COLORS: TimelineColors = {
  state: { FINISHED: 'green', ERROR: 'red' },
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
const t = (key: TimelineMessageKey, values?: Record<string, string | number>) =>
  format(timelineMessages.en[key], values);

/** A job fired every minute from midnight to 10:00, each run 5 s long; its triggers due all day. */
function perMinuteDay(): DayTimelineResponse {
  const runs: DayTimelineRun[] = Array.from({ length: 600 }, (_, i) => ({
    job_instance_no: `M${i}`,
    state: i % 7 === 0 ? 'ERROR' : 'FINISHED',
    kind: 'scheduled',
    start: at(i * MIN),
    end: at(i * MIN + 5_000),
    active: false,
  }));
  const lane: DayTimelineLane = {
    companycode: 'MON',
    legacyid: 'MON-MINUTE',
    legacyname: 'Every minute',
    legacytype: 'IN_WAIT',
    run_count: runs.length,
    runs,
    missing_count: 0,
    missing_fires: [],
    expected_fires: Array.from({ length: 1440 }, (_, i) => at(i * MIN)),
    invalid_triggers: [],
  };
  return {
    date: '2026-11-21',
    time_zone: 'Asia/Bangkok',
    day_start: bkk('2026-11-21T00:00:00'),
    day_end: bkk('2026-11-22T00:00:00'),
    now: bkk('2026-11-21T10:00:00'),
    lanes: [lane],
    total_lanes: 1,
  };
}

type Zoom = { type: string; startValue: number; endValue: number };
const zoomsOf = (option: TimelineOption) => option.dataZoom as Zoom[];

/** The bars the window shows, as the chart lays them out: left and right edge (px), left to right. */
function shownExtents(model: TimelineModel, plotWidth: number): [number, number][] {
  const scale = windowScale(model.window, plotWidth);
  return model.bars
    .filter((bar) => bar.to >= model.window.start && bar.from <= model.window.end)
    .map((bar) => barExtent(scale(bar.from), scale(bar.to)))
    .sort((a, b) => a[0] - b[0]);
}
const overlaps = (extents: [number, number][]) =>
  extents.filter((extent, i) => i > 0 && extent[0] <= (extents[i - 1]?.[1] ?? -Infinity)).length;

describe('the part of the day the timeline shows (issue 31)', () => {
  it('gives 1 h with now three quarters in, 6 h alike, 24 h the whole day', () => {
    const day = wholeDay(DAY);
    expect(rangeWindow('1h', day, DAY, 10 * H)).toEqual({ start: 9 * H + 15 * MIN, end: 10 * H + 15 * MIN });
    expect(rangeWindow('6h', day, DAY, 10 * H)).toEqual({ start: 5.5 * H, end: 11.5 * H });
    expect(rangeWindow('24h', { start: 9 * H, end: 10 * H }, DAY, 10 * H)).toEqual(day);
    // A daylight-saving day of 25 hours is still whole at "24 h".
    expect(rangeWindow('24h', day, 25 * H, null)).toEqual({ start: 0, end: 25 * H });
  });

  it('keeps the centre when now is not in view (a past day, or panned away), and stays in the day', () => {
    expect(rangeWindow('1h', wholeDay(DAY), DAY, null)).toEqual({ start: 11.5 * H, end: 12.5 * H });
    expect(rangeWindow('1h', { start: 2 * H, end: 8 * H }, DAY, 10 * H)).toEqual({
      start: 4.5 * H,
      end: 5.5 * H,
    });
    expect(rangeWindow('6h', wholeDay(DAY), DAY, 10 * MIN)).toEqual({ start: 0, end: 6 * H });
    expect(rangeWindow('6h', wholeDay(DAY), DAY, DAY - MIN)).toEqual({ start: 18 * H, end: DAY });
  });

  it('starts the window on a round time, so that the axis labels fall on round times', () => {
    // Now at 10:07: 1 h from 09:20 (not 09:22), 6 h from 05:30 (not 05:37).
    const now = 10 * H + 7 * MIN;
    expect(rangeWindow('1h', wholeDay(DAY), DAY, now)).toEqual({
      start: 9 * H + 20 * MIN,
      end: 10 * H + 20 * MIN,
    });
    expect(rangeWindow('6h', wholeDay(DAY), DAY, now)).toEqual({ start: 5.5 * H, end: 11.5 * H });
  });

  it('moves half a window earlier or later, stopping at midnight', () => {
    const hour: TimelineWindow = { start: 9 * H, end: 10 * H };
    expect(panWindow(hour, -1, DAY)).toEqual({ start: 8.5 * H, end: 9.5 * H });
    expect(panWindow(hour, 1, DAY)).toEqual({ start: 9.5 * H, end: 10.5 * H });
    expect(panWindow({ start: 10 * MIN, end: 70 * MIN }, -1, DAY)).toEqual({ start: 0, end: H });
    expect(panWindow({ start: DAY - 70 * MIN, end: DAY - 10 * MIN }, 1, DAY)).toEqual({
      start: DAY - H,
      end: DAY,
    });
  });

  it('says which range button is pressed, none for a window zoomed on the chart', () => {
    expect(activeRange(wholeDay(DAY), DAY)).toBe('24h');
    expect(activeRange({ start: 9 * H, end: 10 * H }, DAY)).toBe('1h');
    expect(activeRange({ start: 3 * H, end: 9 * H }, DAY)).toBe('6h');
    expect(activeRange({ start: 3 * H, end: 5 * H }, DAY)).toBeNull();
  });

  it('labels the axis more finely when zoomed in', () => {
    expect(tickStep(DAY, PLOT_1366)).toBe(2 * H);
    expect(tickStep(6 * H, PLOT_1366)).toBe(30 * MIN);
    expect(tickStep(H, PLOT_1366)).toBe(5 * MIN);
  });

  it('hands the window to the chart’s zoom (slider and drag / Ctrl + wheel) and its axis', () => {
    const view = { start: 9 * H + 15 * MIN, end: 10 * H + 15 * MIN };
    const model = timelineModel(perMinuteDay(), t, COLORS, PLOT_1366, view);
    expect(model.window).toEqual(view);
    expect(
      zoomsOf(model.option).map(({ type, startValue, endValue }) => [type, startValue, endValue]),
    ).toEqual([
      ['inside', view.start, view.end],
      ['slider', view.start, view.end],
    ]);
    expect((model.option.xAxis as { interval: number }).interval).toBe(5 * MIN);
    // No window: the whole day, as before.
    expect(timelineModel(perMinuteDay(), t, COLORS, PLOT_1366).window).toEqual(wholeDay(DAY));
  });

  it('draws per-minute runs as separate marks at 1 h (they merge into one at 24 h)', () => {
    const data = perMinuteDay();
    const hour = rangeWindow('1h', wholeDay(DAY), DAY, 10 * H);
    const zoomed = shownExtents(timelineModel(data, t, COLORS, PLOT_1366, hour), PLOT_1366);
    expect(zoomed).toHaveLength(45); // 09:15 … 09:59 (the last run began at 09:59)
    expect(overlaps(zoomed)).toBe(0);
    // A clear gap between two neighbours, and each run at least MIN_BAR_PX wide.
    const gaps = zoomed.slice(1).map((extent, i) => extent[0] - (zoomed[i]?.[1] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThan(2 * MIN_BAR_PX);
    expect(zoomed.every(([left, right]) => right - left >= MIN_BAR_PX - 1e-9)).toBe(true);

    const whole = shownExtents(timelineModel(data, t, COLORS, PLOT_1366), PLOT_1366);
    expect(whole).toHaveLength(600);
    expect(overlaps(whole)).toBeGreaterThan(500);
  });

  it('draws the expected fires of the day, before and after now, with a tooltip', () => {
    const model = timelineModel(perMinuteDay(), t, COLORS, PLOT_1366);
    const series = (model.option.series as { id: string; data: unknown[] }[]).find(
      (s) => s.id === 'expected',
    );
    expect(series?.data).toHaveLength(1440);
    expect(series?.data[630]).toEqual([10 * H + 30 * MIN, 0]);
    const tooltip = (model.option.tooltip as { formatter: (params: object) => string }).formatter;
    expect(tooltip({ seriesId: 'expected', dataIndex: 630 })).toContain('Expected at 10:30:00');
  });
});
