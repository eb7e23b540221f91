import type { CalendarDefinition } from '@lis/contracts';
import { checkExpression, checkTime, toDefinition, type CalendarFormValues } from './calendar-form';

/** The definition the month view previews: none while the form's type fields cannot make one. */
export function previewDefinition(values: CalendarFormValues): CalendarDefinition | undefined {
  if (values.type === 'daily' && (checkTime(values.from) || checkTime(values.to))) return undefined;
  if (values.type === 'cron' && checkExpression(values.expression)) return undefined;
  return toDefinition(values);
}
