import type { LegacyReportRow } from '@lis/contracts';
import type { StepStatusItem } from '../../ui/StepStatusStrip';
import { formatReportTime, stepStatus } from './report-rows';

/** The step names of the strip, keys of monitoringMessages (steps 1–5, then the e-mail). */
export const STRIP_STEP_KEYS = ['step1', 'step2', 'step3', 'step4', 'step5', 'sendEmail'] as const;
export type StripStepKey = (typeof STRIP_STEP_KEYS)[number];

const startedOn = (row: LegacyReportRow, step: number): string => {
  switch (step) {
    case 1:
      return row.step1_started_on;
    case 2:
      return row.step2_started_on;
    case 3:
      return row.step3_started_on;
    case 4:
      return row.step4_started_on;
    case 5:
      return row.step5_started_on;
    default:
      return '';
  }
};

/**
 * A job's latest run as the strip's six badges: steps 1–5 with their start times, then the e-mail
 * ('@'). The run's message goes with the steps in ERROR, WARNING or STOPPED (the run has one message).
 */
export function reportSteps(row: LegacyReportRow, name: (key: StripStepKey) => string): StepStatusItem[] {
  const message = row.message.trim();
  const withMessage = (status: string) =>
    (status === 'ERROR' || status === 'WARNING' || status === 'STOPPED') && message !== '';
  const steps: StepStatusItem[] = [1, 2, 3, 4, 5].map((step) => {
    const status = stepStatus(row, step);
    return {
      step: name(STRIP_STEP_KEYS[step - 1] ?? 'step1'),
      status,
      time: formatReportTime(startedOn(row, step)) || undefined,
      message: withMessage(status) ? message : undefined,
    };
  });
  steps.push({ step: name('sendEmail'), status: row.send_email_status, short: '@' });
  return steps;
}
