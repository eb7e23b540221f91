export interface CronTriggerListProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/** An antd-Form control for a `|`-joined list of cron expressions. */
export function CronTriggerList({ value }: CronTriggerListProps) {
  return <div>{value}</div>;
}
