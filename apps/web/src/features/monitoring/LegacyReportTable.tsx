import { MessageOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { PlainButton } from '../../ui/PlainButton';
import { filesMessages } from '../files/files.i18n';
import {
  ReportFileListModal,
  ReportPathButtons,
  Step4ErrorFilesButton,
  type ReportFileSelection,
} from '../files/ReportFileLists';
import { monitoringMessages } from './monitoring.i18n';
import { canRerunStep, formatReportTime, reportRowKey, rowClassName, stepStatus } from './report-rows';
import { ReportRowMenu } from './ReportRowMenu';
import { EmailStatusTag, StatusTag, StepStatusCell } from './StatusTag';
import type { ReportActions } from './useReportActions';
import { useVirtualHolderPinned } from './useVirtualHolderPinned';
import './legacy-report.css';

interface Props {
  rows: readonly LegacyReportRow[];
  /** Before the answer (and while the list is cleared after an action): 'Loading...'. */
  pending: boolean;
  menuDisabled: boolean;
  actions: Pick<ReportActions, 'runNow' | 'resume' | 'stop' | 'rerunStep'>;
  onShowMessage: (row: LegacyReportRow) => void;
  /** A row control got the focus: hold the auto refresh. */
  onRowFocus: () => void;
}

/** DESIGN §8: 5,000 rows scroll without jank — the table is virtual with a fixed height. */
export const TABLE_HEIGHT = 560;

const STEP_KEYS = ['step1', 'step2', 'step3', 'step4'] as const;

/** Spec 000 §2 columns, the sFTP path buttons first (they open the file-list modal). */
export function LegacyReportTable({
  rows,
  pending,
  menuDisabled,
  actions,
  onShowMessage,
  onRowFocus,
}: Props) {
  const t = useT(monitoringMessages);
  const tf = useT(filesMessages);
  const [fileList, setFileList] = useState<ReportFileSelection>();
  /** The row whose menu is open (one at a time). */
  const [openMenu, setOpenMenu] = useState<string>();
  const wrapper = useVirtualHolderPinned<HTMLDivElement>();
  const positions = useMemo(() => new Map(rows.map((row, i) => [reportRowKey(row), i + 1])), [rows]);
  const time = (field: 'job_started_on' | 'job_finished_on' | 'next_fire') => (row: LegacyReportRow) =>
    formatReportTime(row[field]);

  const columns: TableColumnsType<LegacyReportRow> = [
    {
      key: 'paths',
      title: tf('pathButtons'),
      width: 110,
      fixed: 'start',
      render: (_, row) => (
        <ReportPathButtons row={row} disabled={menuDisabled} onOpen={setFileList} onFocus={onRowFocus} />
      ),
    },
    {
      key: 'menu',
      title: t('menu'),
      width: 150,
      fixed: 'start',
      render: (_, row) => {
        const key = reportRowKey(row);
        return (
          <ReportRowMenu
            row={row}
            disabled={menuDisabled}
            open={openMenu === key}
            onOpenChange={(open) => setOpenMenu(open ? key : undefined)}
            actions={actions}
            onFocus={onRowFocus}
          />
        );
      },
    },
    {
      key: 'index',
      title: t('index'),
      width: 60,
      align: 'right',
      render: (_, row) => positions.get(reportRowKey(row)),
    },
    { key: 'company', title: t('companyCode'), dataIndex: 'companycode', width: 110, ellipsis: true },
    { key: 'legacyid', title: t('legacyId'), dataIndex: 'legacyid', width: 130, ellipsis: true },
    { key: 'legacyname', title: t('legacyName'), dataIndex: 'legacyname', width: 200, ellipsis: true },
    { key: 'jobno', title: t('jobInstanceNo'), dataIndex: 'job_instanceno', width: 210, ellipsis: true },
    { key: 'type', title: t('legacyType'), dataIndex: 'legacytype', width: 100, ellipsis: true },
    { key: 'status', title: t('status'), width: 120, render: (_, row) => <StatusTag status={row.status} /> },
    { key: 'start', title: t('jobStart'), width: 170, render: (_, row) => time('job_started_on')(row) },
    { key: 'finish', title: t('jobFinished'), width: 170, render: (_, row) => time('job_finished_on')(row) },
    { key: 'next', title: t('nextFire'), width: 170, render: (_, row) => time('next_fire')(row) },
    ...STEP_KEYS.map((key, i) => ({
      key,
      title: t(key),
      width: 150,
      render: (_: unknown, row: LegacyReportRow) => {
        const step = i + 1;
        const cell = (
          <StepStatusCell
            status={stepStatus(row, step)}
            step={step}
            onFocus={onRowFocus}
            onRerun={canRerunStep(row, step) ? () => actions.rerunStep(row, step) : undefined}
          />
        );
        if (step !== 4 || stepStatus(row, 4) !== 'ERROR' || !row.job_instanceno) return cell;
        return (
          <span className="legacy-report-step">
            {cell}
            <Step4ErrorFilesButton row={row} onOpen={setFileList} onFocus={onRowFocus} />
          </span>
        );
      },
    })),
    {
      key: 'email',
      title: t('sendEmail'),
      width: 130,
      render: (_, row) => <EmailStatusTag status={row.send_email_status} />,
    },
    {
      key: 'message',
      title: t('message'),
      width: 260,
      fixed: 'end',
      render: (_, row) =>
        row.message ? (
          <PlainButton
            variant="text"
            icon={<MessageOutlined />}
            aria-label={t('messageTitle', { legacyId: row.legacyid })}
            onFocus={onRowFocus}
            onClick={() => onShowMessage(row)}
          >
            {/* Plain CSS ellipsis: Typography's measuring ellipsis costs too much per scrolled row. */}
            <span className="legacy-report-message">{row.message}</span>
          </PlainButton>
        ) : (
          '-'
        ),
    },
  ];
  const width = columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 0),
    0,
  );

  return (
    <div ref={wrapper}>
      <Table<LegacyReportRow>
        virtual
        rowKey={reportRowKey}
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: width, y: TABLE_HEIGHT }}
        columns={columns}
        dataSource={rows as LegacyReportRow[]}
        rowClassName={rowClassName}
        pagination={false}
        locale={{ emptyText: pending ? t('loading') : t('noData') }}
      />
      <ReportFileListModal selection={fileList} onClose={() => setFileList(undefined)} />
    </div>
  );
}
