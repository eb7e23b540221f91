import { runMessage } from '../../i18n/run-message.js';
import type { StepRetry } from '../runs/run.js';
import { effectiveRetryPolicy, retryDelayMs, type RetryPolicy } from '../runs/retry-policy.js';
import { retryBegun, retryStateOf, type RetryState } from '../runs/run-retry.repository.js';
import { stepName, type StepNumber } from '../runs/run-steps.js';
import type { RunContext, StepResult } from './pipeline-context.js';
import { companyRetryPolicyOf } from './pipeline-job.repository.js';

/** What the pipeline does with a step whose earlier attempt ended ERROR and was to be tried again. */
export type PendingRetry = 'run' | 'cancelled' | undefined;

/**
 * One run's view of its step retries (issue 36, docs/retries.md): which step the run came back for,
 * which attempt it is, and whether a failed step gets another attempt under the job's policy (else
 * its company's, else none). The schedule itself is durable in `job_runs` (run-retry.repository.ts).
 */
export class StepRetries {
  private constructor(
    private readonly context: RunContext,
    private readonly policy: RetryPolicy,
    private state: RetryState | undefined,
  ) {}

  static async load(context: RunContext): Promise<StepRetries> {
    const { db, run, job } = context;
    const state = await retryStateOf(db.kysely, run.id);
    const company = job.config.retry_policy ? null : await companyRetryPolicyOf(db, run.company_code);
    return new StepRetries(context, effectiveRetryPolicy(job.config.retry_policy, company), state);
  }

  /** The step was waiting for its next attempt (due now), or its retries were cancelled meanwhile. */
  pending(step: StepNumber, before: StepResult | undefined): PendingRetry {
    const { state } = this;
    if (!state || state.step !== step || state.at === null || before?.status !== 'ERROR') return undefined;
    return state.cancelledBy === null ? 'run' : 'cancelled';
  }

  /** The waiting attempt begins (or, cancelled, never will): the run no longer waits for it. */
  async begin(step: StepNumber, pending: 'run' | 'cancelled'): Promise<void> {
    const { state } = this;
    if (!state) return;
    const { recorder, run } = this.context;
    await recorder.fenced((scope) => retryBegun(scope, run.id));
    this.state = { ...state, at: null };
    const name = stepName(step);
    if (pending === 'run')
      await recorder.log(
        'INFO',
        runMessage('stepRetryAttempt', { step, name, attempt: state.attempt, max: state.max }),
      );
  }

  /** Which attempt of `step` this is: 1, or the attempt its retry came back for. */
  attemptOf(step: StepNumber): number {
    return this.state?.step === step ? this.state.attempt : 1;
  }

  /**
   * After a failed attempt: the next one when the failure may pass and the policy has attempts left;
   * undefined when the step's ERROR stands (logged when it was a retried step that ran out).
   */
  async next(step: StepNumber, outcome: StepResult): Promise<StepRetry | undefined> {
    if (outcome.status !== 'ERROR' || !outcome.retryable) return undefined;
    const attempt = this.attemptOf(step);
    const max = this.policy.attempts;
    if (attempt < max)
      return { step, attempt: attempt + 1, max, delayMs: retryDelayMs(this.policy, attempt) };
    if (max > 1) {
      const name = stepName(step);
      await this.context.recorder.log(
        'ERROR',
        runMessage('stepRetriesExhausted', { step, name, attempt, max }),
      );
    }
    return undefined;
  }
}
