import {
  ALERT_MAX_RULES_PER_COMPANY,
  type AlertNamedKey,
  type AlertRule,
  type AlertRuleWrite,
} from '@lis/contracts';
import { keyed } from '../../i18n/messages.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, invalid, notFound } from '../../platform/domain-error.js';
import type { CompanyRepository } from '../companies/company.repository.js';
import { requireCompany } from '../server-config/config-scope.js';
import type { AlertConfigRepository, AlertRuleRow } from './alert-config.repository.js';
import { ruleDto } from './alert-rule-model.js';

export type RuleAudit = Record<string, unknown>;

/**
 * A company's alert rules (issue 35): which conditions of which jobs go to which of its channels, and
 * the one escalation of an alert still open after so many minutes. A rule names existing channels.
 */
export class AlertRuleService {
  constructor(
    private readonly repo: AlertConfigRepository,
    private readonly companies: CompanyRepository,
    private readonly clock: Clock,
  ) {}

  async list(company: string): Promise<{ result_list: AlertRule[] }> {
    return { result_list: (await this.repo.rules(company)).map(ruleDto) };
  }

  private async stored(company: string, name: string): Promise<AlertRuleRow> {
    const row = await this.repo.rule(company, name);
    if (!row) throw notFound('ALERT_RULE_NOT_FOUND', 'alertRuleNotFound', { name, company });
    return row;
  }

  async save(
    body: AlertRuleWrite,
    mode: 'insert' | 'update',
    username: string,
  ): Promise<{ rule: AlertRule; audit: RuleAudit }> {
    const { repo } = this;
    const { company_code: company, name } = body;
    const before = await repo.rule(company, name);
    if (mode === 'update' && !before)
      throw notFound('ALERT_RULE_NOT_FOUND', 'alertRuleNotFound', { name, company });
    if (mode === 'insert') {
      await requireCompany(this.companies, company);
      if (before) throw conflict('ALERT_RULE_EXISTS', 'alertRuleExists', { name, company });
      if ((await repo.count('alert_rules', company)) >= ALERT_MAX_RULES_PER_COMPANY)
        throw conflict('ALERT_TOO_MANY', 'alertTooMany', {
          company,
          max: ALERT_MAX_RULES_PER_COMPANY,
          what: keyed('alertWordRules'),
        });
    }
    if ((body.escalate_after_minutes === null) !== (body.escalate_to === null))
      throw invalid('ALERT_RULE_INVALID', 'alertRuleInvalid', {
        problem: 'escalate_after_minutes and escalate_to go together (both set, or both null)',
      });
    const known = new Set((await repo.channels(company)).map((channel) => channel.name));
    const unknown = [...body.channels, ...(body.escalate_to === null ? [] : [body.escalate_to])].find(
      (channel) => !known.has(channel),
    );
    if (unknown !== undefined)
      throw invalid('ALERT_CHANNEL_UNKNOWN', 'alertChannelUnknown', { company, name: unknown });
    const now = this.clock.now();
    const values = {
      company_code: company,
      name,
      enabled: body.enabled ? 1 : 0,
      conditions: JSON.stringify(body.conditions),
      jobs: JSON.stringify([...new Set(body.jobs)]),
      channels: JSON.stringify(body.channels),
      escalate_after_minutes: body.escalate_after_minutes,
      escalate_to: body.escalate_to,
      updated_at: now,
      updated_by: username,
    };
    if (mode === 'insert') {
      if (!(await repo.insertRule({ ...values, created_at: now })))
        throw conflict('ALERT_RULE_EXISTS', 'alertRuleExists', { name, company });
    } else if (!(await repo.updateRule(values))) {
      throw notFound('ALERT_RULE_NOT_FOUND', 'alertRuleNotFound', { name, company });
    }
    const rule = ruleDto(await this.stored(company, name));
    return { rule, audit: { before: before ? ruleDto(before) : undefined, after: rule } };
  }

  async delete(key: AlertNamedKey): Promise<{ name: string; audit: RuleAudit }> {
    const before = await this.stored(key.company_code, key.name);
    if (!(await this.repo.delete('alert_rules', key.company_code, key.name)))
      throw notFound('ALERT_RULE_NOT_FOUND', 'alertRuleNotFound', {
        name: key.name,
        company: key.company_code,
      });
    return { name: key.name, audit: { before: ruleDto(before) } };
  }
}
