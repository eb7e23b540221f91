import { ReloadOutlined } from '@ant-design/icons';
import { useT } from '../../platform/i18n/I18nProvider';
import { PlainButton } from '../../ui/PlainButton';
import { useRunStateHelp } from '../../ui/run-state.i18n';
import { EMAIL_STATUSES, emailStatusMessages, type EmailStatus } from './email-status.i18n';
import { monitoringMessages } from './monitoring.i18n';

const KINDS: Record<string, string> = {
  SUCCESS: 'success',
  FINISHED: 'success',
  ERROR: 'error',
  WARNING: 'warning',
  RUNNING: 'running',
  STOPPED: 'stopped',
};

/** The coloured label's class of a state (other values grey). */
export const statusClassName = (status: string) =>
  `legacy-report-status legacy-report-status-${KINDS[status] ?? 'other'}`;

/**
 * A run or step state as a coloured label (other values as they are); '-' when there is none. A plain
 * span, not antd's Tag: six per row are mounted on every scrolled row of the virtual table (DESIGN §8).
 * STOPPED (issue 31) has its own colour and says what it means on hover, in the reader's language.
 */
export function StatusTag({ status }: { status: string }) {
  const help = useRunStateHelp();
  if (!status) return <span>-</span>;
  const title = help(status);
  return (
    <span className={statusClassName(status)} title={title} data-status={status}>
      {status}
    </span>
  );
}

const EMAIL_KINDS: Record<EmailStatus, string> = {
  SUCCESS: 'success',
  ERROR: 'error',
  UNKNOWN: 'warning',
  PENDING: 'running',
  KEPT: 'other',
};

const isEmailStatus = (value: string): value is EmailStatus =>
  (EMAIL_STATUSES as readonly string[]).includes(value);

/**
 * A run's send-email status, the same on the monitoring lists and Monitor Detail (issue 17): coloured,
 * in the user's language, and explained on hover (KEPT: no SMTP server; UNKNOWN: the relay may have
 * it). A native tooltip (`title`), cheap enough for every row of the virtual table. '-' when none.
 */
export function EmailStatusTag({ status }: { status: string }) {
  const t = useT(emailStatusMessages);
  const value = status.trim().toUpperCase();
  if (!value) return <span>-</span>;
  if (!isEmailStatus(value)) return <span className={statusClassName(value)}>{status}</span>;
  return (
    <span
      className={`legacy-report-status legacy-report-status-${EMAIL_KINDS[value]} legacy-report-status-explained`}
      title={t(`help${value}`)}
      data-status={value}
    >
      {t(value)}
    </span>
  );
}

interface StepProps {
  status: string;
  step: number;
  /** Present when the step may be re-run (steps 1–4 in ERROR or STOPPED). */
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
