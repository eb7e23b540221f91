import { Tag } from 'antd';

const COLORS: Record<string, string> = {
  SUCCESS: 'green',
  FINISHED: 'green',
  WARNING: 'orange',
  ERROR: 'red',
  RUNNING: 'blue',
  WAITING: 'gold',
  QUEUED: 'default',
  SKIPPED: 'default',
};

/** A run or step state as a coloured tag (other values as they are); '-' when there is none. */
export function RunStatusTag({ status }: { status: string }) {
  if (!status) return <span>-</span>;
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}
