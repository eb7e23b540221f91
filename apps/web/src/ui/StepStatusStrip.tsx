import type { ReactNode } from 'react';
import { useT } from '../platform/i18n/I18nProvider';
import { stepStatusStripMessages } from './step-status-strip.i18n';
import { useRunStateHelp } from './run-state.i18n';
import './step-status-strip.css';

/** One step of a run as the strip shows it. */
export interface StepStatusItem {
  /** The step's name, in the user's language (the tooltip's first words), e.g. "Load Files Status". */
  step: string;
  /** The step's state as the server says it (SUCCESS, ERROR, …); '' when the step did not run. */
  status: string;
  /** The badge's text; the step's position (1, 2, …) when absent. */
  short?: string;
  /** When the step started (already formatted for the reader). */
  time?: string;
  /** What the step said (the run's message for a failed step). */
  message?: string;
  /** Drawn right after the badge: a re-run button, a files button. */
  after?: ReactNode;
}

const KINDS: Record<string, StepStatusKind> = {
  SUCCESS: 'success',
  FINISHED: 'success',
  ERROR: 'error',
  WARNING: 'warning',
  RUNNING: 'running',
  PENDING: 'running',
  QUEUED: 'running',
  WAITING: 'running',
  STOPPED: 'stopped',
};

export type StepStatusKind = 'success' | 'error' | 'warning' | 'running' | 'stopped' | 'other' | 'none';

/**
 * The colour family of a state (spec 000 §2): success green, error red, warning amber, running blue;
 * and stopped by an operator purple (issue 31).
 */
export function stepStatusKind(status: string): StepStatusKind {
  const value = status.trim().toUpperCase();
  if (!value) return 'none';
  return KINDS[value] ?? 'other';
}

interface Props {
  steps: readonly StepStatusItem[];
  /** The strip's accessible name (e.g. "Steps of JOB-1"); "Steps" when absent. */
  label?: string;
  className?: string;
}

/**
 * A run's steps as a compact strip of coloured badges, one per step, each with a native tooltip of its
 * name, state, start time and message. Plain spans and `title`s, no antd Tooltip: the strip is drawn on
 * every scrolled row of a 5,000-row virtual table (DESIGN §8).
 */
export function StepStatusStrip({ steps, label, className }: Props) {
  const t = useT(stepStatusStripMessages);
  const help = useRunStateHelp();
  return (
    <span
      className={className ? `step-status-strip ${className}` : 'step-status-strip'}
      role="group"
      aria-label={label ?? t('steps')}
    >
      {steps.map((item, index) => {
        const kind = stepStatusKind(item.status);
        const lines = [`${item.step}: ${item.status.trim() || t('notRun')}`];
        const meaning = help(item.status);
        if (meaning) lines.push(meaning);
        if (item.time) lines.push(t('startedAt', { time: item.time }));
        if (item.message) lines.push(item.message);
        const tooltip = lines.join('\n');
        return (
          <span key={`${index}-${item.step}`} className="step-status-strip-item">
            <span
              className={`step-status-badge step-status-badge-${kind}`}
              title={tooltip}
              aria-label={tooltip}
              role="img"
              data-status={item.status.trim().toUpperCase() || undefined}
            >
              {item.short ?? String(index + 1)}
            </span>
            {item.after}
          </span>
        );
      })}
    </span>
  );
}
