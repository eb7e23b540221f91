import type { DayTimelineLane, DayTimelineResponse, DayTimelineRun } from '@lis/contracts';
import type { CustomSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { stateColor, type TimelineColors } from './timeline-colors';
import {
  deadlineMarks,
  deadlineSeries,
  deadlineTooltip,
  DEADLINE_SERIES_ID,
  type TimelineDeadline,
} from './timeline-deadlines';
import {
  maintenanceBands,
  maintenanceSeries,
  maintenanceTooltip,
  type TimelineMaintenance,
} from './timeline-maintenance';
import type { TimelineMessageKey } from './timeline.i18n';
import { durationText, zoneClock } from './timeline-time';
import { barExtent, MIN_WINDOW_MS, tickStep, wholeDay, type TimelineWindow } from './timeline-zoom';

export type TimelineOption = ComposeOption<
  | CustomSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | MarkLineComponentOption
  | MarkAreaComponentOption
  | DataZoomComponentOption
>;
type Translate = (key: TimelineMessageKey, values?: Record<string, string | number>) => string;

/** Height of one job's lane, and the chart's room above (time axis) and below the lanes (px). */
export const LANE_HEIGHT = 30;
export const AXIS_ROOM = 34;
/** Below the lanes: the now line's label and the slider that zooms into part of the day. */
export const BOTTOM_ROOM = 52;
export const LABEL_WIDTH = 150;
/** The chart's width that is not the plot: the lane labels on the left, a margin on the right (px). */
export const PLOT_MARGIN = LABEL_WIDTH + 28;

/** A bar of the chart: a run of a lane, its times as ms since the day's start (clamped to the day). */
export interface TimelineBar {
  laneIndex: number;
  lane: DayTimelineLane;
  run: DayTimelineRun;
  from: number;
  to: number;
  color: string;
}

/** A missed fire: ms since the day's start. */
export interface TimelineMiss {
  laneIndex: number;
  lane: DayTimelineLane;
  at: number;
}

/** A fire the job's triggers were due to make (what Expected Run Job counts): ms since the day's start. */
export interface TimelineExpected {
  laneIndex: number;
  lane: DayTimelineLane;
  at: number;
}

export interface TimelineModel {
  option: TimelineOption;
  bars: TimelineBar[];
  misses: TimelineMiss[];
  expected: TimelineExpected[];
  /** The maintenance windows of the day (issue 34): shaded bands across the lanes. */
  maintenance: TimelineMaintenance[];
  /** The lanes' file deadlines (issue 35): a marker each, coloured by the day's state. */
  deadlines: TimelineDeadline[];
  /** The part of the day drawn (ms since its start). */
  window: TimelineWindow;
  /** The chart's height for its lanes (px). */
  height: number;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** `MON-OK`, or `MON · MON-OK` when the lanes are of several companies. */
export function laneLabel(lane: DayTimelineLane, severalCompanies: boolean): string {
  return severalCompanies ? `${lane.companycode} · ${lane.legacyid}` : lane.legacyid;
}

/**
 * The day timeline as an ECharts option (pure: the same data gives the same option): a value axis of
 * the day's milliseconds (ticks at whole hours of the reports' zone), a category axis of lanes, a custom
 * series of run bars coloured by state, thin ticks at the expected fires, hollow markers at the missed
 * fires, a line at now, shaded bands where a maintenance window holds, a diamond at each lane's file
 * deadline coloured by its state; `window` is the part of the day shown (the whole day when not given), zoomed
 * and dragged on the chart as well (Ctrl + wheel, drag, the slider below).
 */
export function timelineModel(
  data: DayTimelineResponse,
  t: Translate,
  colors: TimelineColors,
  plotWidth: number,
  shown?: TimelineWindow,
): TimelineModel {
  const dayStart = Date.parse(data.day_start);
  const dayLength = Date.parse(data.day_end) - dayStart;
  const view = shown ?? wholeDay(dayLength);
  const now = Date.parse(data.now) - dayStart;
  const clock = zoneClock(data.time_zone);
  const offset = (iso: string) => Math.min(dayLength, Math.max(0, Date.parse(iso) - dayStart));
  const severalCompanies = new Set(data.lanes.map((lane) => lane.companycode)).size > 1;

  const bars: TimelineBar[] = data.lanes.flatMap((lane, laneIndex) =>
    lane.runs.map((run) => ({
      laneIndex,
      lane,
      run,
      from: offset(run.start),
      to: offset(run.end),
      color: stateColor(colors, run.state),
    })),
  );
  const misses: TimelineMiss[] = data.lanes.flatMap((lane, laneIndex) =>
    lane.missing_fires.map((at) => ({ laneIndex, lane, at: offset(at) })),
  );
  const expected: TimelineExpected[] = data.lanes.flatMap((lane, laneIndex) =>
    (lane.expected_fires ?? []).map((at) => ({ laneIndex, lane, at: offset(at) })),
  );
  const maintenance = maintenanceBands(data.maintenance ?? [], dayStart, dayLength, severalCompanies, t);
  const deadlines = deadlineMarks(data.lanes, dayStart, dayLength, colors);

  const words = {
    hours: (h: number) => t('hours', { h }),
    minutes: (m: number) => t('minutes', { m }),
    seconds: (s: number) => t('seconds', { s }),
  };
  const row = (name: string, value: string) =>
    `<div><span style="color:${colors.secondaryText}">${escapeHtml(name)}:</span> ${escapeHtml(value)}</div>`;
  const head = (lane: DayTimelineLane) =>
    `<div style="font-weight:600">${escapeHtml(lane.legacyid)}${lane.legacyname ? ` · ${escapeHtml(lane.legacyname)}` : ''}</div>`;
  const kindWord = (kind: string) =>
    kind === 'scheduled' || kind === 'manual' || kind === 'chain_member' ? t(`kind${kind}`) : kind;
  const stateWord = (state: string) =>
    `state${state}` in STATE_KEYS ? t(STATE_KEYS[`state${state}` as keyof typeof STATE_KEYS]) : state;

  const barTooltip = (bar: TimelineBar) =>
    head(bar.lane) +
    row(t('jobInstanceNo'), bar.run.job_instance_no) +
    `<div><span style="display:inline-block;width:8px;height:8px;border-radius:2px;margin-inline-end:6px;background:${bar.color}"></span>${escapeHtml(stateWord(bar.run.state))}</div>` +
    row(t('runKind'), kindWord(bar.run.kind)) +
    row(t('started'), clock.time(Date.parse(bar.run.start))) +
    row(t('ended'), bar.run.active ? t('stillRunning') : clock.time(Date.parse(bar.run.end))) +
    row(t('duration'), durationText(Date.parse(bar.run.end) - Date.parse(bar.run.start), words)) +
    `<div style="color:${colors.secondaryText};margin-top:4px">${escapeHtml(t('openDetail'))}</div>`;
  const missTooltip = (miss: TimelineMiss) =>
    head(miss.lane) +
    `<div style="color:${colors.missing}">${escapeHtml(t('missingAt', { time: clock.time(dayStart + miss.at) }))}</div>` +
    (miss.lane.missing_count > 1
      ? `<div>${escapeHtml(t('missingMore', { count: miss.lane.missing_count }))}</div>`
      : '');
  const expectedTooltip = (fire: TimelineExpected) =>
    head(fire.lane) + `<div>${escapeHtml(t('expectedAt', { time: clock.time(dayStart + fire.at) }))}</div>`;

  // The day's end is 24:00, not the next day's 00:00.
  const hourLabel = (value: number) => (value >= dayLength ? '24:00' : clock.hourMinute(dayStart + value));
  const textStyle = { fontFamily: colors.fontFamily, fontSize: colors.fontSize, color: colors.text };
  const step = tickStep(view.end - view.start, plotWidth);
  const zoom = {
    xAxisIndex: 0,
    filterMode: 'weakFilter',
    startValue: view.start,
    endValue: view.end,
    minValueSpan: MIN_WINDOW_MS,
  } as const;
  const option: TimelineOption = {
    animation: false,
    textStyle,
    grid: { left: LABEL_WIDTH + 12, right: 16, top: AXIS_ROOM, bottom: BOTTOM_ROOM },
    tooltip: {
      trigger: 'item',
      confine: true,
      className: 'day-timeline-tooltip',
      textStyle: { ...textStyle, fontSize: 12 },
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        if (!item || item.dataIndex === undefined) return '';
        if (item.componentType === 'markArea') {
          const band = maintenance[item.dataIndex];
          return band ? maintenanceTooltip(band, t, clock) : '';
        }
        if (item.seriesId === 'runs') {
          const bar = bars[item.dataIndex];
          return bar ? barTooltip(bar) : '';
        }
        if (item.seriesId === DEADLINE_SERIES_ID) {
          const mark = deadlines[item.dataIndex];
          return mark ? deadlineTooltip(mark, t, clock, dayStart) : '';
        }
        if (item.seriesId === 'expected') {
          const fire = expected[item.dataIndex];
          return fire ? expectedTooltip(fire) : '';
        }
        const miss = misses[item.dataIndex];
        return miss ? missTooltip(miss) : '';
      },
    },
    xAxis: {
      type: 'value',
      position: 'top',
      min: 0,
      max: dayLength,
      interval: step,
      axisLabel: {
        ...textStyle,
        color: colors.secondaryText,
        formatter: hourLabel,
        hideOverlap: true,
      },
      axisLine: { show: false },
      axisTick: { show: false },
      splitLine: { show: true, lineStyle: { color: colors.split } },
    },
    dataZoom: [
      // Drag to pan, Ctrl + wheel to zoom (a plain wheel still scrolls the page).
      { ...zoom, type: 'inside', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false, moveOnMouseMove: true },
      {
        ...zoom,
        type: 'slider',
        height: 16,
        bottom: 6,
        showDataShadow: false,
        brushSelect: false,
        moveHandleSize: 0,
        borderColor: colors.split,
        fillerColor: colors.zoomFill,
        handleStyle: { color: colors.background, borderColor: colors.now },
        labelFormatter: hourLabel,
        textStyle: { ...textStyle, color: colors.secondaryText },
      },
    ],
    yAxis: {
      type: 'category',
      inverse: true,
      data: data.lanes.map((lane) => laneLabel(lane, severalCompanies)),
      axisLabel: { ...textStyle, width: LABEL_WIDTH, overflow: 'truncate', ellipsis: '…' },
      axisLine: { lineStyle: { color: colors.split } },
      axisTick: { show: false },
      splitArea: { show: true, areaStyle: { color: [colors.background, colors.laneShade] } },
    },
    series: [
      {
        id: 'runs',
        type: 'custom',
        clip: true,
        encode: { x: [1, 2], y: 0 },
        data: bars.map((bar) => [bar.laneIndex, bar.from, bar.to]),
        renderItem: (params, api) => {
          const bar = bars[params.dataIndex];
          if (!bar) return null;
          const [x0 = 0, y = 0] = api.coord([bar.from, bar.laneIndex]);
          const [x1 = 0] = api.coord([bar.to, bar.laneIndex]);
          const laneSize = api.size?.([0, 1]);
          const height = Math.min(
            18,
            (Array.isArray(laneSize) ? (laneSize[1] ?? LANE_HEIGHT) : LANE_HEIGHT) * 0.6,
          );
          const [left, right] = barExtent(x0, x1);
          return {
            type: 'rect',
            shape: { x: left, y: y - height / 2, width: right - left, height, r: 2 },
            style: { fill: bar.color },
            cursor: 'pointer',
          };
        },
        markLine:
          now >= 0 && now <= dayLength
            ? {
                silent: true,
                symbol: 'none',
                lineStyle: { color: colors.now, type: 'dashed', width: 1 },
                label: {
                  formatter: t('now'),
                  color: colors.now,
                  position: 'end',
                  fontFamily: colors.fontFamily,
                },
                data: [{ xAxis: now }],
              }
            : undefined,
      },
      {
        id: 'expected',
        type: 'scatter',
        symbol: 'rect',
        symbolSize: [2, 22],
        itemStyle: { color: colors.expected },
        data: expected.map((fire) => [fire.at, fire.laneIndex]),
        z: 1,
      },
      {
        id: 'missing',
        type: 'scatter',
        symbol: 'circle',
        symbolSize: 10,
        itemStyle: { color: colors.background, borderColor: colors.missing, borderWidth: 2 },
        data: misses.map((miss) => [miss.at, miss.laneIndex]),
        z: 3,
      },
      ...(maintenance.length > 0 ? [maintenanceSeries(maintenance, colors)] : []),
      ...(deadlines.length > 0 ? [deadlineSeries(deadlines, colors)] : []),
    ],
  };
  return {
    option,
    bars,
    misses,
    expected,
    maintenance,
    deadlines,
    window: view,
    height: AXIS_ROOM + BOTTOM_ROOM + LANE_HEIGHT * Math.max(1, data.lanes.length),
  };
}

const STATE_KEYS = {
  stateFINISHED: 'stateFINISHED',
  stateWARNING: 'stateWARNING',
  stateERROR: 'stateERROR',
  stateRUNNING: 'stateRUNNING',
  stateWAITING: 'stateWAITING',
  stateQUEUED: 'stateQUEUED',
  stateSKIPPED: 'stateSKIPPED',
  stateSTOPPED: 'stateSTOPPED',
} as const satisfies Record<string, TimelineMessageKey>;

/** The states in the legend, in its order. */
export const LEGEND_STATES = [
  'FINISHED',
  'WARNING',
  'ERROR',
  'STOPPED',
  'RUNNING',
  'WAITING',
  'SKIPPED',
] as const;
export const stateKey = (state: (typeof LEGEND_STATES)[number]): TimelineMessageKey => `state${state}`;
