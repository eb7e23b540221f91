/** Spec 001 §9: a job's cron triggers are one text, the expressions joined by '|'. */
export const CRON_TRIGGER_SEPARATOR = '|';

export function splitCronTriggers(value: string | undefined): string[] {
  return (value ?? '')
    .split(CRON_TRIGGER_SEPARATOR)
    .map((expression) => expression.trim())
    .filter((expression) => expression !== '');
}

export function joinCronTriggers(expressions: readonly string[]): string {
  return expressions.join(CRON_TRIGGER_SEPARATOR);
}

/** The list with `expression` added at the end; an empty or already listed one changes nothing. */
export function addCronTrigger(expressions: readonly string[], expression: string): readonly string[] {
  const added = expression.trim();
  if (!added || expressions.includes(added)) return expressions;
  return [...expressions, added];
}
