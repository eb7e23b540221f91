/*
 * The part of the day the timeline shows (issue 31, point 7): a window of milliseconds since the day's
 * start, chosen with the range buttons (1 h, 6 h, 24 h), moved with the pan buttons, or zoomed and
 * dragged on the chart. Pure functions, so the scale can be tested without drawing.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** ms since the day's start: `[start, end]`. */
export interface TimelineWindow {
  start: number;
  end: number;
}

/** The range buttons, shortest first; 24 h means the whole day (23 or 25 h on a daylight-saving change). */
export const TIMELINE_RANGES = [
  { key: '1h', span: HOUR },
  { key: '6h', span: 6 * HOUR },
  { key: '24h', span: Infinity },
] as const;
export type TimelineRangeKey = (typeof TIMELINE_RANGES)[number]['key'];

/** The narrowest window the chart zooms to (wheel or slider). */
export const MIN_WINDOW_MS = 10 * MINUTE;
/** The narrowest bar: a run of a few seconds stays visible and clickable however far out. */
export const MIN_BAR_PX = 4;
/** The least room between two labels of the time axis (px). */
const LABEL_ROOM_PX = 48;
const STEPS = [MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR];

export const wholeDay = (dayLength: number): TimelineWindow => ({ start: 0, end: dayLength });

/**
 * A window of `span` from about `start`, inside the day. Its start is put on a twelfth of the span
 * (5 min for 1 h, 30 min for 6 h), so that the axis' labels fall on round times.
 */
const clampWindow = (span: number, start: number, dayLength: number): TimelineWindow => {
  const width = Math.min(span, dayLength);
  const unit = width / 12;
  const from = Math.min(Math.max(0, Math.round(start / unit) * unit), dayLength - width);
  return { start: from, end: from + width };
};

/**
 * The window of a range button. Today, when the shown window holds now, now is put three quarters of
 * the way in (the last runs and the next expected fires both in view); otherwise the window keeps its
 * centre. Always inside the day.
 */
export function rangeWindow(
  key: TimelineRangeKey,
  current: TimelineWindow,
  dayLength: number,
  now: number | null,
): TimelineWindow {
  const span = TIMELINE_RANGES.find((range) => range.key === key)?.span ?? Infinity;
  if (span >= dayLength) return wholeDay(dayLength);
  const nowInView = now !== null && now >= current.start && now <= current.end;
  const start = nowInView ? now - span * 0.75 : (current.start + current.end) / 2 - span / 2;
  return clampWindow(span, start, dayLength);
}

/** Half a window earlier (-1) or later (+1), stopping at the day's edges. */
export function panWindow(current: TimelineWindow, direction: -1 | 1, dayLength: number): TimelineWindow {
  const span = current.end - current.start;
  return clampWindow(span, current.start + (direction * span) / 2, dayLength);
}

/** The range button that matches the window, if one does (a window zoomed on the chart may match none). */
export function activeRange(current: TimelineWindow, dayLength: number): TimelineRangeKey | null {
  const span = current.end - current.start;
  if (span >= dayLength) return '24h';
  const match = TIMELINE_RANGES.find((range) => Math.abs(range.span - span) < 1000);
  return match ? match.key : null;
}

/** The axis step: the smallest of 1, 5, 10, 15, 30 min, 1, 2, 3, 6 h that leaves room for its labels. */
export function tickStep(span: number, plotWidth: number): number {
  const least = (span * LABEL_ROOM_PX) / Math.max(1, plotWidth);
  return STEPS.find((step) => step >= least) ?? STEPS[STEPS.length - 1]!;
}

/** ms since the day's start → px from the plot's left edge, for the window drawn `plotWidth` wide. */
export const windowScale =
  (view: TimelineWindow, plotWidth: number) =>
  (at: number): number =>
    ((at - view.start) / Math.max(1, view.end - view.start)) * plotWidth;

/** A bar's left and right edges (px) from its start's and end's: never narrower than MIN_BAR_PX. */
export const barExtent = (x0: number, x1: number): [number, number] => [
  x0,
  x0 + Math.max(MIN_BAR_PX, x1 - x0),
];
