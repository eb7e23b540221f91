import type { DayTimelineLane, ExpectationState } from '@lis/contracts';
import type { ScatterSeriesOption } from 'echarts/charts';
import { EXPECTATION_COLORS, expectationStateOf } from '../../../ui/expectation/expectation-state';
import type { TimelineColors } from './timeline-colors';
import type { ZoneClock } from './timeline-time';
import type { TimelineMessageKey } from './timeline.i18n';

type Translate = (key: TimelineMessageKey, values?: Record<string, string | number>) => string;

/** A lane's file deadline (issue 35): ms since the day's start, coloured by that day's state. */
export interface TimelineDeadline {
  laneIndex: number;
  lane: DayTimelineLane;
  at: number;
  /** The day's state; undefined when the server names none the console knows. */
  state: ExpectationState | undefined;
  color: string;
}

export const DEADLINE_SERIES_ID = 'deadlines';

/** The colour of a state on the chart: the hue of its tag (MISSING red, LATE orange, …), as the theme paints it. */
export function deadlineColor(colors: TimelineColors, state: ExpectationState | undefined): string {
  const hue = state ? EXPECTATION_COLORS[state] : 'default';
  if (hue === 'red') return colors.missing;
  if (hue === 'orange') return colors.state.WARNING ?? colors.other;
  if (hue === 'green') return colors.state.FINISHED ?? colors.other;
  return colors.secondaryText;
}

/** Each lane's deadline of the day (`deadline_at`) that falls on the day drawn. */
export function deadlineMarks(
  lanes: readonly DayTimelineLane[],
  dayStart: number,
  dayLength: number,
  colors: TimelineColors,
): TimelineDeadline[] {
  return lanes.flatMap((lane, laneIndex) => {
    if (!lane.deadline_at) return [];
    const at = Date.parse(lane.deadline_at) - dayStart;
    if (Number.isNaN(at) || at < 0 || at > dayLength) return [];
    const state = expectationStateOf(lane.expectation_state);
    return [{ laneIndex, lane, at, state, color: deadlineColor(colors, state) }];
  });
}

/** A diamond on the lane at its deadline, in its state's colour, above the bars. */
export function deadlineSeries(
  marks: readonly TimelineDeadline[],
  colors: TimelineColors,
): ScatterSeriesOption {
  return {
    id: DEADLINE_SERIES_ID,
    type: 'scatter',
    symbol: 'diamond',
    symbolSize: 14,
    data: marks.map((mark) => ({
      value: [mark.at, mark.laneIndex],
      itemStyle: { color: mark.color, borderColor: colors.background, borderWidth: 1 },
    })),
    z: 4,
  };
}

/** "File deadline 10:00: MISSING" and what the state means, in the reader's language (HTML). */
export function deadlineTooltip(mark: TimelineDeadline, t: Translate, clock: ZoneClock, dayStart: number) {
  const escape = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
    );
  const state = mark.state ?? mark.lane.expectation_state ?? '';
  return (
    `<div style="font-weight:600">${escape(mark.lane.legacyid)}${mark.lane.legacyname ? ` · ${escape(mark.lane.legacyname)}` : ''}</div>` +
    `<div style="color:${mark.color}">${escape(t('deadlineOf', { time: clock.hourMinute(dayStart + mark.at), state }))}</div>` +
    (mark.state ? `<div>${escape(t(`help${mark.state}`))}</div>` : '')
  );
}
