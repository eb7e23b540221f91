import { ExpectationStateTag } from './ExpectationStateTag';
import { deadlineTimeOfDay } from './file-deadline-text';

interface Props {
  /** The row's `expectation_state`. */
  state: string | null | undefined;
  /** The row's `deadline_at` (ISO 8601); '-' when absent (the job expects no files that day). */
  deadlineAt: string | null | undefined;
  testId: string;
}

/**
 * A report's "File Deadline" cell (issue 35): the time of the day's deadline over its state's tag, or
 * '-' for a job that expects no files that day. Expected Run Job and the Daily Report show it alike.
 */
export function FileDeadlineCell({ state, deadlineAt, testId }: Props) {
  if (!deadlineAt) return '-';
  return (
    <span data-testid={testId} style={{ display: 'inline-flex', flexDirection: 'column', gap: 2 }}>
      <span>{deadlineTimeOfDay(deadlineAt)}</span>
      <ExpectationStateTag state={state} deadlineAt={deadlineAt} />
    </span>
  );
}
