import { runMessage, type RunMessage } from '../../i18n/run-message.js';

/** The spec's step numbers (DESIGN §4), plus 6 for sending e-mail. */
export const STEP = { load: 1, call: 2, return: 3, status: 4, convert: 5, mail: 6 } as const;
export type StepNumber = (typeof STEP)[keyof typeof STEP];

export const STEP_NAMES: Record<StepNumber, string> = {
  1: 'load files',
  2: 'call function',
  3: 'return files',
  4: 'function status',
  5: 'conversion',
  6: 'send e-mail',
};

/** A step's name as a message (read in the reader's language; English is STEP_NAMES). */
export function stepName(step: StepNumber): RunMessage {
  return runMessage(`stepName${step}`);
}

/** The steps of each legacy type, in the order they run (DESIGN §4). */
export function stepsOf(legacyType: string): StepNumber[] {
  if (legacyType === 'OUT_WAIT') return [STEP.call, STEP.return, STEP.status];
  if (legacyType === 'PULL_WAIT') return [STEP.call, STEP.status];
  return [STEP.load, STEP.convert, STEP.call, STEP.return, STEP.status];
}

/** Steps an operator may re-run (spec 000 §4: 2, 3 and 4; 5 from the detail screen). */
export const RERUNNABLE_STEPS: readonly number[] = [STEP.call, STEP.return, STEP.status, STEP.convert];

/** A re-run of `step` runs it and every later step of the plan, then e-mail again. */
export function stepsFrom(legacyType: string, step: StepNumber): StepNumber[] {
  const plan = stepsOf(legacyType);
  const index = plan.indexOf(step);
  return index < 0 ? [] : [...plan.slice(index), STEP.mail];
}
