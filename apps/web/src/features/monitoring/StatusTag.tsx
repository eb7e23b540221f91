import { ReloadOutlined } from '@ant-design/icons';
import { useT } from '../../app/i18n/I18nProvider';
import { PlainButton } from '../../ui/PlainButton';
import { monitoringMessages } from './monitoring.i18n';

const KINDS: Record<string, string> = {
  SUCCESS: 'success',
  FINISHED: 'success',
  ERROR: 'error',
  WARNING: 'warning',
  RUNNING: 'running',
};

/** The coloured label's class of a state (other values grey). */
export const statusClassName = (status: string) =>
  `legacy-report-status legacy-report-status-${KINDS[status] ?? 'other'}`;

/**
 * A run or step state as a coloured label (other values as they are); '-' when there is none. A plain
 * span, not antd's Tag: six per row are mounted on every scrolled row of the virtual table (DESIGN §8).
 */
export function StatusTag({ status }: { status: string }) {
  if (!status) return <span>-</span>;
  return <span className={statusClassName(status)}>{status}</span>;
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
    <span className="legacy-report-step">
      <StatusTag status={status} />
      {onRerun && (
        <PlainButton
          danger
          icon={<ReloadOutlined />}
          title={t('rerunStep', { step })}
          aria-label={t('rerunStep', { step })}
          onFocus={onFocus}
          onClick={onRerun}
        />
      )}
    </span>
  );
}
