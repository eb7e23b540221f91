import { ALERT_CONDITIONS, type AlertCondition, type AlertRule } from '@lis/contracts';
import type { RaisedAlert } from '../../engine/alerts/alert-sink.js';
import type { AlertRuleRow } from './alert-config.repository.js';

/** A rule as stored, its JSON columns read (written by the rule service; a bad one reads as empty). */
export interface ParsedRule {
  name: string;
  enabled: boolean;
  conditions: AlertCondition[];
  jobs: string[];
  channels: string[];
  escalateAfterMinutes: number | null;
  escalateTo: string | null;
}

function strings(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const isCondition = (text: string): text is AlertCondition =>
  (ALERT_CONDITIONS as readonly string[]).includes(text);

export function parseRule(row: AlertRuleRow): ParsedRule {
  return {
    name: row.name,
    enabled: row.enabled === 1,
    conditions: strings(row.conditions).filter(isCondition),
    jobs: strings(row.jobs),
    channels: strings(row.channels),
    escalateAfterMinutes: row.escalate_after_minutes === null ? null : Number(row.escalate_after_minutes),
    escalateTo: row.escalate_to,
  };
}

/** Whether the rule routes this alert: its condition, and its job (a rule of no jobs covers every job). */
export function covers(rule: ParsedRule, alert: Pick<RaisedAlert, 'condition' | 'legacyId'>): boolean {
  if (!rule.enabled || !rule.conditions.includes(alert.condition)) return false;
  return rule.jobs.length === 0 || (alert.legacyId !== null && rule.jobs.includes(alert.legacyId));
}

/** The channels a raise queues to now, and each escalation channel with when it falls due. */
export function routeOf(rules: readonly ParsedRule[], raisedAt: number) {
  const channels = [...new Set(rules.flatMap((rule) => rule.channels))];
  const escalations = new Map<string, number>();
  for (const rule of rules) {
    if (rule.escalateTo === null || rule.escalateAfterMinutes === null) continue;
    const at = raisedAt + rule.escalateAfterMinutes * 60_000;
    escalations.set(rule.escalateTo, Math.min(at, escalations.get(rule.escalateTo) ?? at));
  }
  return { channels, escalations };
}

const iso = (at: number) => new Date(at).toISOString();

export function ruleDto(row: AlertRuleRow): AlertRule {
  const rule = parseRule(row);
  return {
    company_code: row.company_code,
    name: row.name,
    enabled: rule.enabled,
    conditions: rule.conditions,
    jobs: rule.jobs,
    channels: rule.channels,
    escalate_after_minutes: rule.escalateAfterMinutes,
    escalate_to: rule.escalateTo,
    updated_at: iso(Number(row.updated_at)),
    updated_by: row.updated_by,
  };
}
