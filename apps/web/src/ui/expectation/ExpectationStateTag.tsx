import { useT } from '../../platform/i18n/I18nProvider';
import { untilText } from '../maintenance/maintenance-time';
import { EXPECTATION_COLORS, expectationStateOf } from './expectation-state';
import { expectationWordsMessages } from './expectation-words.i18n';
import './expectation-state.css';

interface Props {
  /** The row's `expectation_state`; nothing is drawn when it is absent or unknown. */
  state: string | null | undefined;
  /** The row's `deadline_at` (ISO 8601): named on hover. */
  deadlineAt?: string | null | undefined;
  /** A line shorter (under a run state in a list row). */
  compact?: boolean;
}

/**
 * A job's file deadline state on that day (issue 35): its code in its colour (MISSING red, LATE orange,
 * ON_TIME and RECOVERED green, PENDING grey), what it means and the deadline on hover. A plain span, as
 * cheap as the run states' tags on every scrolled row of the monitoring list.
 */
export function ExpectationStateTag({ state, deadlineAt, compact = false }: Props) {
  const t = useT(expectationWordsMessages);
  const known = expectationStateOf(state);
  if (!known) return null;
  const deadline = deadlineAt ? t('deadline', { time: untilText(deadlineAt) }) : '';
  return (
    <span
      className={`lis-expectation lis-expectation-${EXPECTATION_COLORS[known]}${compact ? ' lis-expectation-compact' : ''}`}
      title={[t(`help${known}`), deadline].filter(Boolean).join(' · ')}
      data-expectation={known}
    >
      {known}
    </span>
  );
}
