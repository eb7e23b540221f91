import type { SystemLogRow } from '@lis/contracts';
import type { TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { IdText } from '../../ui/IdText';
import type { LogLineReader } from '../../ui/log-filter/log-filter';
import { LogFilterBar } from '../../ui/log-filter/LogFilterBar';
import { useLogFilter } from '../../ui/log-filter/useLogFilter';
import type { PagedRows } from '../../ui/resource/ResourceTable';
import { LogTable, messageColumns } from './LogTable';
import { logsMessages } from './logs.i18n';

/** The line's level and searched text: its message, ids and source (issue 31 §8). */
const READER: LogLineReader<SystemLogRow> = {
  level: (row) => row.log_type,
  text: (row) => `${row.message} ${row.job_instanceno} ${row.companycode} ${row.msg_source}`,
};

/** The Message column's least width: the rest of the card's width goes to it. */
const MESSAGE_MIN_WIDTH = 240;

/**
 * The System Log's lines (spec 000 §2 columns). Issue 17: every column fits a 1366 px laptop — the ids
 * whole (wrapping at their separators), the message wrapped in the width left, Msg Source on screen;
 * narrower, the table scrolls sideways inside its card.
 */
export function SystemLogTable({ list }: { list: PagedRows<SystemLogRow> }) {
  const t = useT(logsMessages);
  const search = useLogFilter(list.rows, READER);
  const columns: TableColumnsType<SystemLogRow> = [
    { key: 'sid', title: t('sid'), dataIndex: 'sid', width: 56 },
    {
      key: 'companycode',
      title: t('companyCode'),
      dataIndex: 'companycode',
      width: 104,
      render: (code: string) => <IdText value={code} />,
    },
    {
      key: 'job_instanceno',
      title: t('jobInstanceNo'),
      dataIndex: 'job_instanceno',
      width: 190,
      render: (jobNo: string) => <IdText value={jobNo} />,
    },
    { key: 'log_type', title: t('logType'), dataIndex: 'log_type', width: 84 },
    ...messageColumns<SystemLogRow>(t, search.filter.text),
    {
      key: 'msg_source',
      title: t('msgSource'),
      dataIndex: 'msg_source',
      width: 112,
      render: (source: string) => <IdText value={source} />,
    },
  ];

  return (
    <>
      <LogFilterBar
        search={search}
        loaded={list.rows.length}
        line={(row) => [
          row.created_on,
          row.companycode,
          row.job_instanceno,
          row.log_type,
          row.message,
          row.msg_source,
        ]}
      />
      <LogTable<SystemLogRow>
        data-testid="system-log-table"
        list={{ ...list, rows: search.shown }}
        columns={columns}
        messageMinWidth={MESSAGE_MIN_WIDTH}
      />
    </>
  );
}
