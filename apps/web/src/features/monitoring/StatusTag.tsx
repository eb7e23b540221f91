import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { monitoringMessages } from './monitoring.i18n';

const COLORS: Record<string, string> = {
  SUCCESS: 'success',
  FINISHED: 'success',
  ERROR: 'error',
  WARNING: 'warning',
  RUNNING: 'processing',
};

/** A run or step state as a tag (other values as they are); '-' when there is none. */
export function StatusTag({ status }: { status: string }) {
  if (!status) return <span>-</span>;
  return <Tag color={COLORS[status] ?? 'default'}>{status}</Tag>;
}

interface StepProps {
  status: string;
  step: number;
  /** Present when the step may be re-run (steps 2, 3, 4 in ERROR). */
  onRerun?: () => void;
  onFocus: () => void;
}

/** A step's state, with the re-run button of spec 000 §2 when it may be re-run. */
export function StepStatusCell({ status, step, onRerun, onFocus }: StepProps) {
  const t = useT(monitoringMessages);
  return (
    <Flex gap={4} align="center">
      <StatusTag status={status} />
      {onRerun && (
        <Tooltip title={t('rerunStep', { step })}>
          <Button
            size="small"
            danger
            icon={<ReloadOutlined />}
            aria-label={t('rerunStep', { step })}
            onFocus={onFocus}
            onClick={onRerun}
          />
        </Tooltip>
      )}
    </Flex>
  );
}
