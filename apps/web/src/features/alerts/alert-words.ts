import type { AlertCondition, AlertState } from '@lis/contracts';

/** Each condition's tag colour (antd preset): MISSING and RUN_ERROR red, LATE orange, RECOVERED green, … */
export const CONDITION_COLORS: Record<AlertCondition, string> = {
  RUN_ERROR: 'red',
  JOB_SUSPENDED: 'magenta',
  RUN_STOPPED: 'purple',
  LATE: 'orange',
  MISSING: 'red',
  RECOVERED: 'green',
  MISFIRE: 'gold',
  SERVER_UNREACHABLE: 'volcano',
};

export const STATE_COLORS: Record<AlertState, string> = {
  open: 'red',
  acknowledged: 'blue',
  resolved: 'green',
};

export const OUTCOME_COLORS = { delivered: 'green', retrying: 'orange', failed: 'red' } as const;

/** The message key of a condition's words (alert-words.i18n.ts). */
export const conditionKey = (condition: AlertCondition) => `condition${condition}` as const;
