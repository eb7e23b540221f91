import { Tag } from 'antd';
import { useRunStateHelp } from '../../ui/run-state.i18n';

const COLORS: Record<string, string> = {
  SUCCESS: 'green',
  FINISHED: 'green',
  WARNING: 'orange',
  ERROR: 'red',
  RUNNING: 'blue',
  WAITING: 'gold',
  QUEUED: 'default',
  SKIPPED: 'default',
  STOPPED: 'purple',
};

/**
 * A run or step state as a coloured tag (other values as they are); '-' when there is none. STOPPED
 * (issue 31) is purple and explained on hover in the reader's language.
 */
export function RunStatusTag({ status }: { status: string }) {
  const help = useRunStateHelp();
  if (!status) return <span>-</span>;
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }} title={help(status)}>
      {status}
    </Tag>
  );
}
