import { RETRY_POLICY_SUGGESTED, type RetryPolicy } from '@lis/contracts';

/*
 * Issue 36 (docs/retries.md): a retry policy as the console's forms edit it — the job form's section
 * and the company's default — shared by both.
 */

/**
 * The retry policy as the form edits it (issue 36): the company's default or the job's own, the waits
 * in seconds and the jitter in per cent (null while a box is cleared).
 */
export interface RetryFormValues {
  retry_mode: 'default' | 'own';
  retry_attempts: number | null;
  retry_first_delay_s: number | null;
  retry_factor: number | null;
  retry_max_delay_s: number | null;
  retry_jitter_pct: number | null;
}

export function retryToForm(policy: RetryPolicy | null | undefined): RetryFormValues {
  const shown = policy ?? RETRY_POLICY_SUGGESTED;
  return {
    retry_mode: policy ? 'own' : 'default',
    retry_attempts: shown.attempts,
    retry_first_delay_s: shown.first_delay_ms / 1000,
    retry_factor: shown.factor,
    retry_max_delay_s: shown.max_delay_ms / 1000,
    retry_jitter_pct: Math.round(shown.jitter * 100),
  };
}

/** The form's policy as sent: null for the company's default; cleared boxes take the suggested values. */
export function formToRetryPolicy(values: Partial<RetryFormValues>): RetryPolicy | null {
  if (values.retry_mode !== 'own') return null;
  const s = RETRY_POLICY_SUGGESTED;
  const first = Math.round((values.retry_first_delay_s ?? s.first_delay_ms / 1000) * 1000);
  const max = Math.round((values.retry_max_delay_s ?? s.max_delay_ms / 1000) * 1000);
  return {
    attempts: values.retry_attempts ?? s.attempts,
    first_delay_ms: first,
    factor: values.retry_factor ?? s.factor,
    max_delay_ms: Math.max(first, max),
    jitter: (values.retry_jitter_pct ?? s.jitter * 100) / 100,
  };
}

/** The waits (seconds, before jitter) between the attempts of the form's policy. */
export function retryWaitsSeconds(values: Partial<RetryFormValues>): number[] {
  const policy = formToRetryPolicy({ ...values, retry_mode: 'own' });
  if (!policy) return [];
  const waits: number[] = [];
  for (let failed = 1; failed < policy.attempts; failed++)
    waits.push(Math.min(policy.max_delay_ms, policy.first_delay_ms * policy.factor ** (failed - 1)) / 1000);
  return waits.map((wait) => Math.round(wait * 10) / 10);
}
