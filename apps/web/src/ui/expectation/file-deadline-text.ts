import { untilText } from '../maintenance/maintenance-time';
import { expectationStateOf } from './expectation-state';

/**
 * The time of a day's file deadline, in the console's zone: `10:00` (seconds only when there are
 * some). A row names its day elsewhere, so the deadline is told as a time of that day.
 */
export function deadlineTimeOfDay(deadlineAt: string): string {
  return untilText(deadlineAt, Date.parse(deadlineAt));
}

/** A file deadline as one line of text (a CSV cell): `10:00 MISSING`; '' when the job expects none. */
export function fileDeadlineText(
  state: string | null | undefined,
  deadlineAt: string | null | undefined,
): string {
  if (!deadlineAt) return '';
  return [deadlineTimeOfDay(deadlineAt), expectationStateOf(state)].filter(Boolean).join(' ');
}
