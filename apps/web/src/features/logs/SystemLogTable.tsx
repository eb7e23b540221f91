import { PAGE_SIZES, type SystemLogRow } from '@lis/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { IdText } from '../../ui/IdText';
import { useFillHeight } from '../../ui/useFillHeight';
import { PAGER_HEIGHT, type PagedRows } from './ApplicationLogTable';
import { logsMessages } from './logs.i18n';
import './logs.css';

/** The Message column's least width: the rest of the card's width goes to it. */
const MESSAGE_MIN_WIDTH = 240;

/**
 * The System Log's lines (spec 000 §2 columns). Issue 17: every column fits a 1366 px laptop — the ids
 * whole (wrapping at their separators), the message wrapped in the width left, Msg Source on screen;
 * narrower, the table scrolls sideways inside its card.
 */
export function SystemLogTable({ list }: { list: PagedRows<SystemLogRow> }) {
  const t = useT(logsMessages);
  const fill = useFillHeight<HTMLDivElement>({ reserve: PAGER_HEIGHT, min: 200 });
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
    {
      key: 'message',
      title: t('message'),
      dataIndex: 'message',
      render: (text: string) => <span className="logs-message">{text}</span>,
    },
    { key: 'created_on', title: t('createdOn'), dataIndex: 'created_on', width: 150 },
    {
      key: 'msg_source',
      title: t('msgSource'),
      dataIndex: 'msg_source',
      width: 112,
      render: (source: string) => <IdText value={source} />,
    },
  ];
  const fixedWidth = columns.reduce((sum, column) => sum + (Number(column.width) || 0), 0);

  return (
    <div ref={fill.ref}>
      <Table<SystemLogRow>
        data-testid="system-log-table"
        rowKey="seq"
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: fixedWidth + MESSAGE_MIN_WIDTH, y: fill.height }}
        columns={columns}
        dataSource={list.rows}
        loading={list.isFetching && !list.isPending}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          pageSizeOptions: [...PAGE_SIZES],
          showSizeChanger: true,
          showTotal: (total) => t('total', { count: total }),
          onChange: list.changePage,
        }}
        locale={{ emptyText: list.isPending ? t('loading') : t('noData') }}
      />
    </div>
  );
}
