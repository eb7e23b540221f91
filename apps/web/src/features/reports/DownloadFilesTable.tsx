import { ExportOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import { Flex, Table, Tooltip, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { appUrl } from '../../platform/base-path';
import { tableTime } from '../../ui/table-dates';
import { idCell, strongIdCell } from '../../ui/table-fit';
import { useColumnChoice } from '../../ui/useColumnChoice';
import { monitorDetailPath } from './download-files-api';
import { reportMessages } from './reports.i18n';
import { RunStatusTag } from './RunStatusTag';

const stepCell = (status: string, startedOn: string) => (
  <div>
    <RunStatusTag status={status} />
    {startedOn && <div style={{ fontSize: 12, color: '#667085' }}>{tableTime(startedOn)}</div>}
  </div>
);

/**
 * Issue 31: at 1366 px the run's identity, status and start show beside the check box; its name, end
 * and steps are a tick away in "Columns" (remembered).
 */
const DOWNLOAD_COLUMN_CHOICE = {
  storageKey: 'LIS_DOWNLOAD_FILES_COLUMNS',
  optional: ['row', 'legacyname', 'finish', 'step1', 'step2', 'step3', 'step4'],
} as const;

/** The runs found by the Download Source And Response File search, with a check box each. */
export function DownloadFilesTable({
  rows,
  loading,
  searched,
  selected,
  onSelect,
}: {
  rows: LegacyReportRow[];
  loading: boolean;
  searched: boolean;
  selected: string[];
  onSelect: (jobInstanceNos: string[]) => void;
}) {
  const t = useT(reportMessages);
  const columns: TableColumnsType<LegacyReportRow> = [
    {
      key: 'monitor',
      title: t('monitor'),
      width: 64,
      align: 'center',
      render: (_, row) => (
        <Tooltip title={t('openMonitor', { job: row.job_instanceno })}>
          <a
            href={appUrl(monitorDetailPath(row))}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('openMonitor', { job: row.job_instanceno })}
          >
            <ExportOutlined />
          </a>
        </Tooltip>
      ),
    },
    { key: 'row', title: t('rowNumber'), width: 56, render: (_, _row, index) => index + 1 },
    { key: 'companycode', title: t('companyCode'), dataIndex: 'companycode', width: 96, render: idCell },
    { key: 'legacyid', title: t('legacyId'), dataIndex: 'legacyid', width: 170, render: strongIdCell },
    { key: 'legacyname', title: t('legacyName'), dataIndex: 'legacyname', width: 150 },
    {
      key: 'job_instanceno',
      title: t('jobInstanceNo'),
      dataIndex: 'job_instanceno',
      width: 200,
      render: idCell,
    },
    {
      key: 'status',
      title: t('status'),
      width: 100,
      render: (_, row) => <RunStatusTag status={row.status} />,
    },
    { key: 'start', title: t('jobStart'), width: 150, render: (_, row) => tableTime(row.job_started_on) },
    {
      key: 'finish',
      title: t('jobFinished'),
      width: 160,
      render: (_, row) => tableTime(row.job_finished_on),
    },
    {
      key: 'step1',
      title: t('loadFiles'),
      width: 176,
      render: (_, row) => stepCell(row.step1_status, row.step1_started_on),
    },
    {
      key: 'step2',
      title: t('callFunction'),
      width: 176,
      render: (_, row) => stepCell(row.step2_status, row.step2_started_on),
    },
    {
      key: 'step3',
      title: t('returnFiles'),
      width: 176,
      render: (_, row) => stepCell(row.step3_status, row.step3_started_on),
    },
    {
      key: 'step4',
      title: t('functionStatus'),
      width: 110,
      render: (_, row) => <RunStatusTag status={row.step4_status} />,
    },
  ];

  const fit = useColumnChoice(columns, DOWNLOAD_COLUMN_CHOICE);
  return (
    <>
      <Flex justify="end" style={{ marginBottom: 8 }}>
        {fit.chooser}
      </Flex>
      <Table<LegacyReportRow>
        data-testid="download-files-table"
        rowKey="job_instanceno"
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: fit.width + 40 }}
        columns={fit.columns}
        dataSource={rows}
        loading={loading}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(String)),
          fixed: true,
          columnWidth: 40,
        }}
        pagination={{ defaultPageSize: 25, pageSizeOptions: [10, 25, 50, 100], showSizeChanger: true }}
        locale={{ emptyText: !searched ? t('searchFirst') : loading ? t('loading') : t('noData') }}
      />
    </>
  );
}
