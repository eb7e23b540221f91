import type { LegacyReportRow, RunStepQuery } from '@lis/contracts';
import { Space, Table, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { Step4ErrorFilesButton } from '../files';
import { formatReportTime, isRerunnableStatus, stepStatus } from '../monitoring';
import { EmailStatusTag, StatusTag, StepStatusCell } from '../monitoring';
import { legacyDetailMessages } from './legacy-detail.i18n';

type RerunStep = RunStepQuery['step'];

interface Props {
  run: LegacyReportRow;
  /** Steps 2, 3, 4 and 5 in ERROR may be re-run from this screen (spec 000 §2, §4). */
  onRerun: (step: RerunStep) => void;
  onShowStep4Files: () => void;
}

const RERUN_STEPS: readonly number[] = [1, 2, 3, 4, 5];

/** A step's time, under its state. */
function Timed({ children, time }: { children: ReactNode; time: string }) {
  return (
    <Space direction="vertical" size={0}>
      {children}
      {time && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {formatReportTime(time)}
        </Typography.Text>
      )}
    </Space>
  );
}

const startedOn = (run: LegacyReportRow, step: number) => {
  switch (step) {
    case 1:
      return run.step1_started_on;
    case 2:
      return run.step2_started_on;
    case 3:
      return run.step3_started_on;
    case 4:
      return run.step4_started_on;
    default:
      return run.step5_started_on;
  }
};

/** Spec 000 §2: the run's latest status and each step's status with its time. */
export function DetailStepTable({ run, onRerun, onShowStep4Files }: Props) {
  const t = useT(legacyDetailMessages);
  const step = (key: string, title: string, number: number) => ({
    key,
    title,
    render: (_: unknown, row: LegacyReportRow) => {
      const status = stepStatus(row, number);
      const canRerun = RERUN_STEPS.includes(number) && isRerunnableStatus(status);
      return (
        <Timed time={startedOn(row, number)}>
          <Space size={4}>
            <StepStatusCell
              status={status}
              step={number}
              onFocus={() => undefined}
              onRerun={canRerun ? () => onRerun(number as RerunStep) : undefined}
            />
            {number === 4 && status === 'ERROR' && (
              <Step4ErrorFilesButton row={row} onOpen={onShowStep4Files} onFocus={() => undefined} />
            )}
          </Space>
        </Timed>
      );
    },
  });
  const columns: TableColumnsType<LegacyReportRow> = [
    {
      key: 'status',
      title: t('latestStatus'),
      render: (_, row) => <StatusTag status={row.status} />,
    },
    {
      key: 'start',
      title: t('jobStart'),
      render: (_, row) => formatReportTime(row.job_started_on),
    },
    {
      key: 'finish',
      title: t('jobFinished'),
      render: (_, row) => formatReportTime(row.job_finished_on),
    },
    step('step1', t('loadFiles'), 1),
    step('step5', t('conversion'), 5),
    step('step2', t('callFunction'), 2),
    step('step3', t('returnFiles'), 3),
    step('step4', t('functionStatus'), 4),
    {
      key: 'email',
      title: t('sendEmail'),
      // As on the monitoring lists (issue 17): KEPT, UNKNOWN and PENDING too, explained on hover.
      render: (_, row) => <EmailStatusTag status={row.send_email_status} />,
    },
  ];
  return (
    <Table<LegacyReportRow>
      rowKey="job_instanceno"
      size="small"
      bordered
      // Nine short columns: the browser sizes them to their content, so they fit 1366 px without scrolling.
      tableLayout="auto"
      columns={columns}
      dataSource={[run]}
      pagination={false}
    />
  );
}
