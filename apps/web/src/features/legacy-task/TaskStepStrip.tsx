import { ReloadOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import { useT } from '../../platform/i18n/I18nProvider';
import { PlainButton } from '../../ui/PlainButton';
import { StepStatusStrip, type StepStatusItem } from '../../ui/StepStatusStrip';
import { EMAIL_STATUSES, emailStatusMessages, type EmailStatus } from '../monitoring';
import { monitoringMessages } from '../monitoring';
import { canRerunStep, formatReportTime, stepStatus, type ReportRerunStep } from '../monitoring';
import { legacyTaskMessages } from './legacy-task.i18n';

/** The task screen's steps (spec 000 §2): load, call, return (with start times), function status. */
const STEPS = [1, 2, 3, 4] as const;
const STEP_NAMES = { 1: 'step1', 2: 'step2', 3: 'step3', 4: 'step4' } as const;
const STARTED_ON = {
  1: 'step1_started_on',
  2: 'step2_started_on',
  3: 'step3_started_on',
  4: 'step4_started_on',
} as const satisfies Record<(typeof STEPS)[number], keyof LegacyReportRow>;

const isEmailStatus = (value: string): value is EmailStatus =>
  (EMAIL_STATUSES as readonly string[]).includes(value);

interface Props {
  row: LegacyReportRow;
  /** Re-runs a failed step (the report's rule: `canRerunStep`); absent while the user's role loads. */
  onRerun?: (row: LegacyReportRow, step: ReportRerunStep) => void;
  /** Focusing a control holds the auto refresh (spec 000 §4). */
  onFocus: () => void;
}

/**
 * Issue 17: a run's step statuses as one compact strip — steps 1–4 and the e-mail (@), each badge in
 * the spec's colours with its state, start time and (failed) message on hover — and, as on the
 * monitoring report, a re-run button after a step that may be re-run.
 */
export function TaskStepStrip({ row, onRerun, onFocus }: Props) {
  const t = useT(legacyTaskMessages);
  const tm = useT(monitoringMessages);
  const te = useT(emailStatusMessages);
  const steps: StepStatusItem[] = STEPS.map((step) => {
    const status = stepStatus(row, step);
    const rerun =
      onRerun && canRerunStep(row, step) ? (
        <PlainButton
          danger
          icon={<ReloadOutlined />}
          title={tm('rerunStep', { step })}
          aria-label={`${tm('rerunStep', { step })}: ${row.job_instanceno}`}
          onFocus={onFocus}
          onClick={() => onRerun(row, step)}
        />
      ) : undefined;
    return {
      step: t(STEP_NAMES[step]),
      status,
      time: formatReportTime(row[STARTED_ON[step]]),
      message: status === 'ERROR' || status === 'STOPPED' ? row.message : undefined,
      after: rerun,
    };
  });
  const email = row.send_email_status.trim().toUpperCase();
  steps.push({
    step: t('sendEmail'),
    status: email,
    short: '@',
    message: isEmailStatus(email) ? `${te(email)}: ${te(`help${email}`)}` : undefined,
  });
  return <StepStatusStrip steps={steps} label={t('stepsOf', { jobNo: row.job_instanceno })} />;
}
