import type { CronExpression } from '../../engine/cron/index.js';
import { nextFireAfter } from '../../engine/cron/next-fire.js';
import type { TimeZoneRules } from '../../engine/cron/time-zone.js';

/*
 * The times of a maintenance window (issue 34), pure: no I/O, no clock. A one-off window holds
 * [from, to); a recurring one holds [start, start + duration) from each fire time of its Quartz cron
 * expression, computed in its zone by the engine's cron (daylight-saving changes as Quartz has them).
 * The duration is elapsed time: a window of 180 minutes that starts at 01:00 in Europe/Berlin on the
 * night the clocks go forward ends at 05:00 wall time, three real hours later.
 */

/** A stretch of time [from, to) in epoch ms. */
export interface Span {
  from: number;
  to: number;
}

/** A window's schedule, checked and parsed (maintenance-schedule.ts). */
export type WindowTimes =
  | { kind: 'once'; from: number; to: number }
  | { kind: 'recurring'; expression: CronExpression; zone: TimeZoneRules; durationMs: number };

/**
 * At most this many starts of one recurring window are walked per question: a window whose cron fires
 * every second for hours answers as far as this goes (its stretches are merged, so what is listed
 * holds; a stretch cut here ends at the last start walked plus the duration).
 */
export const MAX_STARTS_WALKED = 2_000;

/** The first start strictly after `at` (cron fire times are whole seconds). */
function startAfter(window: Extract<WindowTimes, { kind: 'recurring' }>, at: number): number | undefined {
  return nextFireAfter(window.expression, at, window.zone);
}

/**
 * The stretches of the window that hold at some instant of [from, to), in order: a recurring window's
 * occurrences that overlap or touch are merged into one stretch. Stretches are not clipped to the span
 * (a window that started before `from` is listed from its start: the look back is one duration).
 */
export function periodsOf(window: WindowTimes, from: number, to: number): Span[] {
  if (to <= from) return [];
  if (window.kind === 'once')
    return window.from < to && window.to > from ? [{ from: window.from, to: window.to }] : [];
  const spans: Span[] = [];
  // A start s holds some of [from, to) when s + duration > from and s < to.
  let start = startAfter(window, from - window.durationMs);
  for (let walked = 0; start !== undefined && start < to && walked < MAX_STARTS_WALKED; walked++) {
    const end = start + window.durationMs;
    const last = spans.at(-1);
    if (last && start <= last.to) last.to = Math.max(last.to, end);
    else spans.push({ from: start, to: end });
    start = startAfter(window, start);
  }
  return spans;
}

/** Whether the window holds at `at`. */
export function holdsAt(window: WindowTimes, at: number): boolean {
  return holdsWithin(window, at, at + 1);
}

/** Whether the window holds at some instant of [from, to): O(1), one cron step. */
export function holdsWithin(window: WindowTimes, from: number, to: number): boolean {
  if (to <= from) return false;
  if (window.kind === 'once') return window.from < to && window.to > from;
  const start = startAfter(window, from - window.durationMs);
  return start !== undefined && start < to;
}

/**
 * The end of the window's stretch that holds at `at` (occurrences that overlap or touch chained), or
 * null when it does not hold then.
 */
export function activeUntil(window: WindowTimes, at: number): number | null {
  if (window.kind === 'once') return window.from <= at && at < window.to ? window.to : null;
  const [first] = periodsOf(window, at, at + 1);
  if (!first || first.from > at) return null;
  let end = first.to;
  // Occurrences starting before this stretch ends extend it.
  let start = startAfter(window, at);
  for (let walked = 0; start !== undefined && start <= end && walked < MAX_STARTS_WALKED; walked++) {
    end = Math.max(end, start + window.durationMs);
    start = startAfter(window, start);
  }
  return end;
}

/** The window's first start strictly after `at`, or null when none is left. */
export function nextStart(window: WindowTimes, at: number): number | null {
  if (window.kind === 'once') return window.from > at ? window.from : null;
  return startAfter(window, at) ?? null;
}

/** A window with its name and company, as the state of several is computed. */
export interface NamedWindow {
  companyCode: string;
  name: string;
  times: WindowTimes;
}

/**
 * The maintenance that holds at `at` among `windows` (those of one company and those for every
 * company): null when none holds; else the end of the stretch of maintenance that holds then — the
 * windows holding at `at`, extended by every window that starts before it ends (chained, up to a
 * bound of steps) — and the names of the windows holding at `at`.
 */
export function maintenanceAt(
  windows: readonly NamedWindow[],
  at: number,
): { until: number; windows: NamedWindow[] } | null {
  const holding = windows.filter((window) => holdsAt(window.times, at));
  if (holding.length === 0) return null;
  let until = Math.max(...holding.map((window) => activeUntil(window.times, at) ?? at));
  for (let step = 0; step < 50; step++) {
    let extended = until;
    for (const window of windows)
      for (const span of periodsOf(window.times, until, until + 1))
        if (span.from <= until) extended = Math.max(extended, span.to);
    if (extended === until) break;
    until = extended;
  }
  return { until, windows: holding };
}
