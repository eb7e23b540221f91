import type { LegacyReportRow } from '@lis/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { formatReportTime, reportRowKey, rowClassName, stepStatus } from '../monitoring/report-rows';
import { statusClassName, StatusTag } from '../monitoring/StatusTag';
import '../monitoring/legacy-report.css';
import { useElementSize } from './useElementSize';
import { wallMonitorMessages } from './wall-monitor.i18n';

const STEP_NAMES = ['step1', 'step2', 'step3', 'step4'] as const;
/** The table's width from which the type is larger (a 1800 px screen less the page's padding). */
const LARGE_TYPE_WIDTH = 1750;

/** Steps 1–4 as four numbered labels in their state's colour; the name and state on hover. */
function StepsCell({ row }: { row: LegacyReportRow }) {
  const t = useT(wallMonitorMessages);
  return (
    <span className="wall-monitor-steps">
      {STEP_NAMES.map((name, i) => {
        const status = stepStatus(row, i + 1);
        const label = `${t(name)}: ${status || '-'}`;
        return (
          <span key={name} className={statusClassName(status)} title={label} aria-label={label}>
            {i + 1}
          </span>
        );
      })}
    </span>
  );
}

interface Props {
  rows: readonly LegacyReportRow[];
  pending: boolean;
}

/**
 * The read-only report of the wall display: large type, no row controls, virtual (DESIGN §8) and as
 * big as the space left under the summary. Legacy name and message take the width that is left; the
 * columns fit 1366 px without wrapping (no Next Fire or Legacy Type: what ran matters on a wall).
 */
export function WallMonitorTable({ rows, pending }: Props) {
  const t = useT(wallMonitorMessages);
  const box = useElementSize<HTMLDivElement>({ width: 1200, height: 560 });
  const time = (iso: string) => formatReportTime(iso);
  // A full-HD wall gets the larger type of wall-monitor.css (min-width 1800px): wider columns with it.
  const columnWidth = (px: number) => Math.round(px * (box.width >= LARGE_TYPE_WIDTH ? 1.25 : 1));
  const columns: TableColumnsType<LegacyReportRow> = [
    {
      key: 'index',
      title: t('index'),
      width: columnWidth(48),
      align: 'right',
      render: (_, __, index) => index + 1,
    },
    {
      key: 'company',
      title: t('companyCode'),
      dataIndex: 'companycode',
      width: columnWidth(100),
      ellipsis: true,
    },
    { key: 'legacyid', title: t('legacyId'), dataIndex: 'legacyid', width: columnWidth(170), ellipsis: true },
    { key: 'legacyname', title: t('legacyName'), dataIndex: 'legacyname', ellipsis: true },
    {
      key: 'status',
      title: t('status'),
      width: columnWidth(120),
      render: (_, row) => <StatusTag status={row.status} />,
    },
    {
      key: 'start',
      title: t('jobStart'),
      width: columnWidth(200),
      render: (_, row) => time(row.job_started_on),
    },
    {
      key: 'finish',
      title: t('jobFinished'),
      width: columnWidth(200),
      render: (_, row) => time(row.job_finished_on),
    },
    { key: 'steps', title: t('steps'), width: columnWidth(170), render: (_, row) => <StepsCell row={row} /> },
    { key: 'message', title: t('message'), dataIndex: 'message', ellipsis: { showTitle: true } },
  ];
  // The header row takes ~48 px of the box; the rest scrolls.
  return (
    <div ref={box.ref} className="wall-monitor-table">
      <Table<LegacyReportRow>
        virtual
        size="middle"
        rowKey={reportRowKey}
        tableLayout="fixed"
        scroll={{ x: box.width, y: Math.max(200, box.height - 48) }}
        columns={columns}
        dataSource={rows as LegacyReportRow[]}
        rowClassName={rowClassName}
        pagination={false}
        locale={{ emptyText: pending ? t('loading') : t('noData') }}
      />
    </div>
  );
}
