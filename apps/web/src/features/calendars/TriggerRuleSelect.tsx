import type { BusinessDayRule } from '@lis/contracts';
import { Flex, InputNumber, Select, Tooltip } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { triggerCalendarMessages } from './trigger-calendar.i18n';
import {
  dayFieldsFree,
  NTH_MAX,
  numberedChoice,
  RULE_CHOICES,
  ruleChoiceOf,
  ruleOfChoice,
  type RuleChoice,
} from './trigger-calendars';

const CHOICE_KEYS = {
  none: 'ruleNone',
  nth: 'ruleNth',
  last: 'ruleLast',
  fromEnd: 'ruleFromEnd',
  next: 'ruleNext',
  previous: 'rulePrevious',
} as const satisfies Record<RuleChoice, string>;

interface Props {
  /** The trigger's expression: names the controls, and an `nth` rule needs free day fields. */
  expression: string;
  rule: BusinessDayRule | undefined;
  /** No calendar chosen: a rule has no business days to count. */
  disabled: boolean;
  onChange: (rule: BusinessDayRule | undefined) => void;
}

/**
 * A trigger's business-day rule (issue 34) beside its calendar: none, the N-th business day (1 … 23),
 * the last one, the N-th from the month's end, or — for a fire time the calendar excludes — the next
 * or previous business day.
 */
export function TriggerRuleSelect({ expression, rule, disabled, onChange }: Props) {
  const t = useT(triggerCalendarMessages);
  const { choice, n } = ruleChoiceOf(rule);
  const numbered = numberedChoice(choice);
  const misfit = rule?.rule === 'nth' && !dayFieldsFree(expression);
  const hint = disabled ? t('ruleNeedsCalendar') : misfit ? t('ruleDayFields') : undefined;
  return (
    <Tooltip title={hint}>
      <Flex gap={4} align="center" data-testid="trigger-rule">
        <Select<RuleChoice>
          size="small"
          aria-label={t('ruleOf', { expression })}
          value={choice}
          disabled={disabled}
          status={misfit ? 'warning' : undefined}
          options={RULE_CHOICES.map((value) => ({ value, label: t(CHOICE_KEYS[value]) }))}
          popupMatchSelectWidth={false}
          style={{ flex: '1 1 auto', minWidth: 130, maxWidth: 260 }}
          onChange={(next) => onChange(ruleOfChoice(next, next === 'fromEnd' ? Math.max(2, n) : n))}
        />
        {numbered && (
          <InputNumber<number>
            size="small"
            aria-label={t('ruleNumberOf', { expression })}
            min={choice === 'fromEnd' ? 2 : 1}
            max={NTH_MAX}
            precision={0}
            value={n}
            disabled={disabled}
            style={{ width: 56 }}
            onChange={(next) => {
              if (next !== null) onChange(ruleOfChoice(choice, next));
            }}
          />
        )}
      </Flex>
    </Tooltip>
  );
}
