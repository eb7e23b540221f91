import { parseBusinessDayRule, type BusinessDayRule } from '@lis/contracts';
import { useCallback } from 'react';
import { useT } from '../platform/i18n/I18nProvider';
import { businessDayRuleMessages } from './business-day-rule.i18n';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd. */
export function englishOrdinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/**
 * A business-day rule in the reader's words: a rule, or its text form (`nth=3`, `shift=next`); text
 * that is no rule is shown as it is.
 */
export function useBusinessDayRuleText(): (rule: BusinessDayRule | string) => string {
  const t = useT(businessDayRuleMessages);
  return useCallback(
    (given) => {
      const rule = typeof given === 'string' ? parseBusinessDayRule(given) : given;
      if (!rule) return String(given);
      if (rule.rule === 'shift') return t(rule.to === 'next' ? 'shiftNext' : 'shiftPrevious');
      if (rule.n === -1) return t('last');
      const n = Math.abs(rule.n);
      return t(rule.n > 0 ? 'nth' : 'nthFromEnd', { n, ordinal: englishOrdinal(n) });
    },
    [t],
  );
}
