import type { SystemLogRow } from '@lis/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { formatReportTime } from '../monitoring/report-rows';
import { logTone } from './detail-rows';
import { legacyDetailMessages } from './legacy-detail.i18n';
import { TextWithIds } from '../../ui/IdText';
import './legacy-detail.css';

interface Props {
  rows: readonly SystemLogRow[];
  total: number;
  page: number;
  pageSize: number;
  pending: boolean;
  onPage: (page: number) => void;
}

/** Spec 000 §2: the run's log lines, coloured by their log type (decision 0028). */
export function DetailLogTable({ rows, total, page, pageSize, pending, onPage }: Props) {
  const t = useT(legacyDetailMessages);
  const columns: TableColumnsType<SystemLogRow> = [
    { key: 'type', title: t('logType'), dataIndex: 'log_type', width: 110 },
    {
      key: 'message',
      title: t('logMessage'),
      dataIndex: 'message',
      render: (text: string) => (
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          <TextWithIds text={text} />
        </span>
      ),
    },
    // The instant in the browser's zone, as the step table's times (`created_on` is in the server's zone).
    {
      key: 'created',
      title: t('createdOn'),
      width: 170,
      render: (_, row) => formatReportTime(row.created_at),
    },
    { key: 'source', title: t('msgSource'), dataIndex: 'msg_source', width: 160, ellipsis: true },
  ];
  return (
    <Table<SystemLogRow>
      rowKey="seq"
      size="small"
      bordered
      tableLayout="fixed"
      columns={columns}
      dataSource={rows as SystemLogRow[]}
      rowClassName={(row) => `legacy-detail-log-${logTone(row.log_type)}`}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPage,
      }}
      locale={{ emptyText: pending ? t('loading') : t('noData') }}
    />
  );
}
