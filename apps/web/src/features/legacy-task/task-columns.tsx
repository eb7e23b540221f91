import { ExportOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { appUrl } from '../../platform/base-path';
import { IdText } from '../../ui/IdText';
import { detailPath } from '../monitoring';
import { formatReportTime } from '../monitoring';
import { EmailStatusTag, StatusTag } from '../monitoring';
import type { legacyTaskMessages } from './legacy-task.i18n';

type Translate = (
  key: keyof typeof legacyTaskMessages.en,
  values?: Record<string, string | number>,
) => string;

/**
 * Issue 17: the spec's columns a user may add (Columns button, kept in the browser). Without them the
 * table fits 1366 px: the run's identity on the left, its status, steps strip, start and message.
 */
export const TASK_OPTIONAL_COLUMNS = [
  'company',
  'finish',
  'step1',
  'step2',
  'step3',
  'step4',
  'email',
] as const;
export type TaskOptionalColumn = (typeof TASK_OPTIONAL_COLUMNS)[number];

const OPTIONAL_TITLES = {
  company: 'companyCode',
  finish: 'jobFinished',
  step1: 'step1',
  step2: 'step2',
  step3: 'step3',
  step4: 'step4',
  email: 'sendEmail',
} as const satisfies Record<TaskOptionalColumn, keyof typeof legacyTaskMessages.en>;

export const taskColumnOptions = (t: Translate) =>
  TASK_OPTIONAL_COLUMNS.map((key) => ({ key, title: t(OPTIONAL_TITLES[key]) }));

/** The Message column's least width: the rest of the card's width goes to it. */
export const MESSAGE_MIN_WIDTH = 160;

interface Cells {
  t: Translate;
  firstIndex: number;
  /** The legacy ID's cell: the row menu and the job's id and name. */
  identity: (row: LegacyReportRow) => ReactNode;
  steps: (row: LegacyReportRow) => ReactNode;
}

/** A time in a narrow column: its day over its hour (the rows hold two or three lines anyway). */
const Time = ({ iso }: { iso: string }) => <span className="legacy-task-time">{formatReportTime(iso)}</span>;

/** A step's state with, under it, when the step started (spec 000 §2). */
function StepWithStart({ status, startedOn, t }: { status: string; startedOn: string; t: Translate }) {
  return (
    <span className="legacy-task-step">
      <StatusTag status={status} />
      {startedOn && (
        <span className="legacy-task-started">{t('startedOn', { time: formatReportTime(startedOn) })}</span>
      )}
    </span>
  );
}

const STARTED: Record<'step1' | 'step2' | 'step3', [keyof LegacyReportRow, keyof LegacyReportRow]> = {
  step1: ['step1_status', 'step1_started_on'],
  step2: ['step2_status', 'step2_started_on'],
  step3: ['step3_status', 'step3_started_on'],
};

/** Spec 000 §2 task columns, in the spec's order; the optional ones are filtered out by the caller. */
export function taskColumns({ t, firstIndex, identity, steps }: Cells): TableColumnsType<LegacyReportRow> {
  return [
    {
      key: 'monitor',
      title: t('monitor'),
      width: 76,
      align: 'center',
      fixed: 'start',
      render: (_, row) => (
        <a
          href={appUrl(detailPath(row))}
          target="_blank"
          rel="noopener noreferrer"
          title={t('openMonitor', { jobNo: row.job_instanceno })}
          aria-label={t('openMonitor', { jobNo: row.job_instanceno })}
        >
          <ExportOutlined />
        </a>
      ),
    },
    {
      key: 'index',
      title: t('index'),
      width: 40,
      align: 'right',
      fixed: 'start',
      render: (_, __, index) => firstIndex + index,
    },
    {
      key: 'company',
      title: t('companyCode'),
      dataIndex: 'companycode',
      width: 110,
      fixed: 'start',
      render: (code: string) => <IdText value={code} />,
    },
    { key: 'legacyid', title: t('legacyId'), width: 164, fixed: 'start', render: (_, row) => identity(row) },
    {
      key: 'jobno',
      title: t('jobInstanceNo'),
      dataIndex: 'job_instanceno',
      // A demo's number on two lines: its legacy id, then its time and suffix (issue 31).
      width: 188,
      fixed: 'start',
      render: (jobNo: string) => <IdText value={jobNo} />,
    },
    {
      key: 'status',
      title: t('statusLatest'),
      width: 100,
      render: (_, row) => <StatusTag status={row.status} />,
    },
    { key: 'steps', title: t('steps'), width: 164, render: (_, row) => steps(row) },
    { key: 'start', title: t('jobStart'), width: 100, render: (_, row) => <Time iso={row.job_started_on} /> },
    {
      key: 'finish',
      title: t('jobFinished'),
      width: 100,
      render: (_, row) => <Time iso={row.job_finished_on} />,
    },
    ...(['step1', 'step2', 'step3'] as const).map((key) => ({
      key,
      title: t(key),
      width: 176,
      render: (_: unknown, row: LegacyReportRow) => (
        <StepWithStart status={row[STARTED[key][0]]} startedOn={row[STARTED[key][1]]} t={t} />
      ),
    })),
    {
      key: 'step4',
      title: t('step4'),
      width: 120,
      render: (_, row) => <StatusTag status={row.step4_status} />,
    },
    {
      key: 'email',
      title: t('sendEmail'),
      width: 120,
      render: (_, row) => <EmailStatusTag status={row.send_email_status} />,
    },
    {
      key: 'message',
      title: t('message'),
      dataIndex: 'message',
      render: (message: string) =>
        message ? (
          <span className="legacy-task-message" title={message}>
            {message}
          </span>
        ) : (
          '-'
        ),
    },
  ];
}
