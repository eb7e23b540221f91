import type { SystemLogRow } from '@lis/contracts';
import { Table, type TableColumnsType } from 'antd';
import type { LogLineReader } from '../../ui/log-filter/log-filter';
import { Highlight, LogFilterBar } from '../../ui/log-filter/LogFilterBar';
import { useLogFilter } from '../../ui/log-filter/useLogFilter';
import { useT } from '../../platform/i18n/I18nProvider';
import { formatReportTime } from '../monitoring';
import { logTone } from './detail-rows';
import { legacyDetailMessages } from './legacy-detail.i18n';
import './legacy-detail.css';

interface Props {
  rows: readonly SystemLogRow[];
  total: number;
  page: number;
  pageSize: number;
  pending: boolean;
  onPage: (page: number) => void;
}

const READER: LogLineReader<SystemLogRow> = {
  level: (row) => row.log_type,
  text: (row) => `${row.message} ${row.msg_source}`,
};

/**
 * Spec 000 §2: the run's log lines, coloured by their log type (decision 0028); filtered by level and
 * text over the loaded page, the matches highlighted, the shown lines copied (issue 31 §8).
 */
export function DetailLogTable({ rows, total, page, pageSize, pending, onPage }: Props) {
  const t = useT(legacyDetailMessages);
  const search = useLogFilter(rows, READER);
  const query = search.filter.text;
  const columns: TableColumnsType<SystemLogRow> = [
    { key: 'type', title: t('logType'), dataIndex: 'log_type', width: 110 },
    {
      key: 'message',
      title: t('logMessage'),
      dataIndex: 'message',
      render: (text: string) => (
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          <Highlight text={text} query={query} />
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
    <>
      <LogFilterBar
        search={search}
        loaded={rows.length}
        line={(row) => [formatReportTime(row.created_at), row.log_type, row.message, row.msg_source]}
      />
      <Table<SystemLogRow>
        rowKey="seq"
        size="small"
        bordered
        tableLayout="fixed"
        columns={columns}
        dataSource={search.shown}
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
    </>
  );
}
