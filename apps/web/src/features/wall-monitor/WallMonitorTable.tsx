import type { LegacyReportRow } from '@lis/contracts';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useElementSize } from '../../ui/useElementSize';
import { formatReportTime, RunStepsCell, RunTable, widestLegacyId } from '../monitoring';
import { JobStateCell } from '../monitoring';
import { IdText } from '../../ui/IdText';
import { wallMonitorMessages } from './wall-monitor.i18n';

/** The table's width from which the type is larger (a 1800 px screen less the page's padding). */
const LARGE_TYPE_WIDTH = 1750;

interface Props {
  rows: readonly LegacyReportRow[];
  pending: boolean;
}

/**
 * The read-only report of the wall display: large type, no row controls, virtual (DESIGN §8) and as
 * big as the space left under the summary. Legacy name and message take the width that is left; the
 * columns fit 1366 px without wrapping (no Legacy Type; Job Finished only on a full-HD wall). The rows come problems first (WallMonitor).
 */
export function WallMonitorTable({ rows, pending }: Props) {
  const t = useT(wallMonitorMessages);
  const box = useElementSize<HTMLDivElement>({ width: 1200, height: 560 });
  const time = (iso: string) => formatReportTime(iso);
  // A full-HD wall gets the larger type of wall-monitor.css (min-width 1800px): wider columns with it.
  const large = box.width >= LARGE_TYPE_WIDTH;
  const columnWidth = (px: number) => Math.round(px * (large ? 1.25 : 1));
  // The legacy ID as wide as the longest one (within bounds); the name and message get the rest.
  const idWidth = useMemo(() => {
    const scale = large ? 1.25 : 1;
    const widest = widestLegacyId(rows, large ? 20 : 16);
    return Math.round(Math.min(320 * scale, Math.max(110 * scale, widest + 34)));
  }, [rows, large]);
  // One company only (a wall of one company): its code is in every row, the column says nothing.
  const oneCompany = rows.every((row) => row.companycode === rows[0]?.companycode);
  const columns: TableColumnsType<LegacyReportRow> = [
    {
      key: 'index',
      title: t('index'),
      width: columnWidth(48),
      align: 'right',
      render: (_, __, index) => index + 1,
    },
    ...(oneCompany
      ? []
      : [
          {
            key: 'company',
            title: t('companyCode'),
            dataIndex: 'companycode',
            width: columnWidth(90),
            ellipsis: true,
          },
        ]),
    {
      key: 'legacyid',
      title: t('legacyId'),
      width: idWidth,
      // Whole, wrapping after its `_` or `-` when longer than the column (issue 31).
      render: (_, row) => <IdText className="legacy-report-id" value={row.legacyid} />,
    },
    {
      key: 'legacyname',
      title: t('legacyName'),
      render: (_, row) => (
        <span className="wall-monitor-text" title={row.legacyname}>
          {row.legacyname}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      width: columnWidth(120),
      render: (_, row) => <JobStateCell row={row} />,
    },
    {
      key: 'next',
      title: t('nextFire'),
      className: 'legacy-report-col-next',
      width: columnWidth(180),
      render: (_, row) => time(row.next_fire),
    },
    {
      key: 'start',
      title: t('jobStart'),
      width: columnWidth(180),
      render: (_, row) => time(row.job_started_on),
    },
    // A laptop's width goes to the steps and the message; a wall has room for the finish too.
    ...(large
      ? [
          {
            key: 'finish',
            title: t('jobFinished'),
            width: columnWidth(200),
            render: (_: unknown, row: LegacyReportRow) => time(row.job_finished_on),
          },
        ]
      : []),
    {
      key: 'steps',
      title: t('steps'),
      width: columnWidth(200),
      render: (_, row) => <RunStepsCell row={row} />,
    },
    {
      key: 'message',
      title: t('message'),
      render: (_, row) => (
        <span className="wall-monitor-text" title={row.message}>
          {row.message}
        </span>
      ),
    },
  ];
  // The header row takes ~48 px of the box; the rest scrolls.
  return (
    <div ref={box.ref} className="wall-monitor-table">
      <RunTable
        rows={rows}
        pending={pending}
        columns={columns}
        scroll={{ x: box.width, y: Math.max(200, box.height - 48) }}
        size="middle"
      />
    </div>
  );
}
