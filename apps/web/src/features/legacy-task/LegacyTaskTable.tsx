import { ExportOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { appUrl } from '../../app/base-path';
import { useT } from '../../app/i18n/I18nProvider';
import { detailPath } from '../monitoring/legacy-report-api';
import { formatReportTime } from '../monitoring/report-rows';
import { EmailStatusTag, StatusTag } from '../monitoring/StatusTag';
import { legacyTaskMessages } from './legacy-task.i18n';
import '../monitoring/legacy-report.css';
import './legacy-task.css';

interface Props {
  rows: readonly LegacyReportRow[];
  /** The number of the first row of the page (the # column counts across pages). */
  firstIndex: number;
  pending: boolean;
  loading: boolean;
}

type StepWithStart = 'step1' | 'step2' | 'step3';

/** A step's state with, under it, when the step started (spec 000 §2). */
function StepWithStartCell({ status, startedOn }: { status: string; startedOn: string }) {
  const t = useT(legacyTaskMessages);
  return (
    <Flex vertical gap={2} align="flex-start">
      <StatusTag status={status} />
      {startedOn && (
        <Typography.Text type="secondary" className="legacy-task-started">
          {t('startedOn', { time: formatReportTime(startedOn) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

const STEP_FIELDS: Record<StepWithStart, [keyof LegacyReportRow, keyof LegacyReportRow]> = {
  step1: ['step1_status', 'step1_started_on'],
  step2: ['step2_status', 'step2_started_on'],
  step3: ['step3_status', 'step3_started_on'],
};

/**
 * Spec 000 §2 task columns. Wider than the screen: the first columns stay put and the rest scroll
 * sideways inside the table.
 */
export function LegacyTaskTable({ rows, firstIndex, pending, loading }: Props) {
  const t = useT(legacyTaskMessages);
  const columns: TableColumnsType<LegacyReportRow> = [
    {
      key: 'monitor',
      title: t('monitor'),
      width: 84,
      fixed: 'start',
      render: (_, row) => (
        <a
          href={appUrl(detailPath(row))}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('openMonitor', { jobNo: row.job_instanceno })}
        >
          <ExportOutlined /> {t('monitor')}
        </a>
      ),
    },
    {
      key: 'index',
      title: t('index'),
      width: 56,
      align: 'right',
      fixed: 'start',
      render: (_, __, index) => firstIndex + index,
    },
    {
      key: 'company',
      title: t('companyCode'),
      dataIndex: 'companycode',
      width: 120,
      ellipsis: true,
      fixed: 'start',
    },
    {
      key: 'legacyid',
      title: t('legacyId'),
      dataIndex: 'legacyid',
      width: 130,
      ellipsis: true,
      fixed: 'start',
    },
    { key: 'legacyname', title: t('legacyName'), dataIndex: 'legacyname', width: 180, ellipsis: true },
    { key: 'jobno', title: t('jobInstanceNo'), dataIndex: 'job_instanceno', width: 270, ellipsis: true },
    {
      key: 'status',
      title: t('statusLatest'),
      width: 120,
      render: (_, row) => <StatusTag status={row.status} />,
    },
    {
      key: 'start',
      title: t('jobStart'),
      width: 160,
      render: (_, row) => formatReportTime(row.job_started_on),
    },
    {
      key: 'finish',
      title: t('jobFinished'),
      width: 160,
      render: (_, row) => formatReportTime(row.job_finished_on),
    },
    ...(Object.keys(STEP_FIELDS) as StepWithStart[]).map((key) => ({
      key,
      title: t(key),
      width: 190,
      render: (_: unknown, row: LegacyReportRow) => {
        const [status, startedOn] = STEP_FIELDS[key];
        return <StepWithStartCell status={row[status]} startedOn={row[startedOn]} />;
      },
    })),
    {
      key: 'step4',
      title: t('step4'),
      width: 130,
      render: (_, row) => <StatusTag status={row.step4_status} />,
    },
    {
      key: 'email',
      title: t('sendEmail'),
      width: 130,
      render: (_, row) => <EmailStatusTag status={row.send_email_status} />,
    },
    {
      key: 'message',
      title: t('message'),
      dataIndex: 'message',
      width: 280,
      ellipsis: { showTitle: true },
      render: (message: string) => message || '-',
    },
  ];
  const width = columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 0),
    0,
  );

  return (
    <Table<LegacyReportRow>
      rowKey="job_instanceno"
      size="small"
      bordered
      tableLayout="fixed"
      scroll={{ x: width }}
      columns={columns}
      dataSource={rows as LegacyReportRow[]}
      loading={loading}
      pagination={false}
      locale={{ emptyText: pending ? t('loading') : t('noData') }}
    />
  );
}
