import type { AlertCondition, AlertRule, AlertRuleWrite } from '@lis/contracts';

/** The rule editor's fields. */
export interface RuleFormValues {
  company_code: string;
  name: string;
  enabled: boolean;
  conditions: AlertCondition[];
  /** `all`: every job of the company (sent as an empty list); `some`: the jobs chosen. */
  scope: 'all' | 'some';
  jobs: string[];
  channels: string[];
  escalate_after_minutes: number | null;
  escalate_to: string | null;
}

export const ESCALATE_MAX_MINUTES = 10_080;

export const emptyRuleForm = (company: string): RuleFormValues => ({
  company_code: company,
  name: '',
  enabled: true,
  conditions: ['MISSING'],
  scope: 'all',
  jobs: [],
  channels: [],
  escalate_after_minutes: null,
  escalate_to: null,
});

export function ruleToForm(rule: AlertRule): RuleFormValues {
  return {
    company_code: rule.company_code,
    name: rule.name,
    enabled: rule.enabled,
    conditions: [...rule.conditions],
    scope: rule.jobs.length === 0 ? 'all' : 'some',
    jobs: [...rule.jobs],
    channels: [...rule.channels],
    escalate_after_minutes: rule.escalate_after_minutes,
    escalate_to: rule.escalate_to,
  };
}

/** The body of POST / PUT: all jobs as an empty list; escalation both halves or neither. */
export function toRuleWrite(values: RuleFormValues): AlertRuleWrite {
  const escalates = values.escalate_after_minutes !== null && Boolean(values.escalate_to);
  return {
    company_code: values.company_code,
    name: values.name.trim(),
    enabled: values.enabled,
    conditions: [...values.conditions],
    jobs: values.scope === 'all' ? [] : [...values.jobs],
    channels: [...values.channels],
    escalate_after_minutes: escalates ? values.escalate_after_minutes : null,
    escalate_to: escalates ? (values.escalate_to ?? null) : null,
  };
}

export type RuleCheck =
  'conditionsRequired' | 'jobsRequired' | 'channelsRequired' | 'escalationHalf' | 'escalationMinutes';

export const checkConditions = (value: AlertCondition[] | undefined): RuleCheck | undefined =>
  value && value.length > 0 ? undefined : 'conditionsRequired';

export const checkJobs = (
  value: string[] | undefined,
  scope: RuleFormValues['scope'],
): RuleCheck | undefined => (scope === 'all' || (value && value.length > 0) ? undefined : 'jobsRequired');

export const checkChannels = (value: string[] | undefined): RuleCheck | undefined =>
  value && value.length > 0 ? undefined : 'channelsRequired';

/** Minutes 1..10080, and given together with the channel (or both left empty). */
export function checkEscalation(minutes: unknown, channel: string | null | undefined): RuleCheck | undefined {
  const hasMinutes = minutes !== null && minutes !== undefined && minutes !== '';
  if (hasMinutes !== Boolean(channel)) return 'escalationHalf';
  if (!hasMinutes) return undefined;
  return typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= 1 &&
    minutes <= ESCALATE_MAX_MINUTES
    ? undefined
    : 'escalationMinutes';
}
