import { ALERT_CONDITIONS, type AlertCondition } from '@lis/contracts';
import { Tag } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { CONDITION_COLORS, conditionKey } from './alert-words';
import { alertWordsMessages } from './alert-words.i18n';

/** A condition in the reader's words and its colour; its code and what it means on hover. */
export function ConditionTag({ condition }: { condition: AlertCondition }) {
  const t = useT(alertWordsMessages);
  return (
    <Tag
      color={CONDITION_COLORS[condition]}
      title={`${condition}: ${t(`help${condition}`)}`}
      data-condition={condition}
      style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}
    >
      {t(conditionKey(condition))}
    </Tag>
  );
}

/** Every condition as a select's option, in the reader's words. */
export function useConditionOptions() {
  const t = useT(alertWordsMessages);
  return ALERT_CONDITIONS.map((condition) => ({ value: condition, label: t(conditionKey(condition)) }));
}
