import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { Highlight } from '../../ui/log-filter/LogFilterBar';
import { listPaging, type PagedRows } from '../../ui/resource/ResourceTable';
import { useFillHeight } from '../../ui/useFillHeight';
import { logsMessages } from './logs.i18n';
import './logs.css';

/** The pager under a table (antd: 16 px margin and a 32 px row), kept in the window below the body. */
const PAGER_HEIGHT = 48;

interface LogTableProps<Row> {
  'data-testid': string;
  list: PagedRows<Row>;
  /** The columns shown; the one without a width (the message) takes the rest. */
  columns: TableColumnsType<Row>;
  /** The Message column's least width: below it the table scrolls sideways inside its card. */
  messageMinWidth: number;
  /** Whether the table shows its spinner during a reload (e.g. only once a search was made). */
  reloading?: boolean;
  /** The empty table's text while nothing is loading (default 'No Data...'). */
  emptyText?: ReactNode;
}

/** A log's lines (issue 17): a page at a time, filling the window down to its pager. */
export function LogTable<Row extends { seq: number | string }>(props: LogTableProps<Row>) {
  const { list, columns, messageMinWidth } = props;
  const t = useT(logsMessages);
  const fill = useFillHeight<HTMLDivElement>({ reserve: PAGER_HEIGHT, min: 200 });
  const fixedWidth = columns.reduce((sum, column) => sum + (Number(column.width) || 0), 0);
  const reloading = (props.reloading ?? true) && list.isFetching && !list.isPending;
  return (
    <div ref={fill.ref}>
      <Table<Row>
        data-testid={props['data-testid']}
        rowKey="seq"
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: fixedWidth + messageMinWidth, y: fill.height }}
        columns={columns}
        dataSource={list.rows as Row[]}
        loading={reloading}
        pagination={listPaging(list, (total) => t('total', { count: total }))}
        locale={{ emptyText: props.emptyText ?? (list.isPending ? t('loading') : t('noData')) }}
      />
    </div>
  );
}

/**
 * The Message (wrapped in the width left, the matches of `highlight` marked) and Created On columns
 * every log shows.
 */
export function messageColumns<Row>(
  t: (key: 'message' | 'createdOn') => string,
  highlight = '',
): TableColumnsType<Row> {
  return [
    {
      key: 'message',
      title: t('message'),
      dataIndex: 'message',
      render: (text: string) => (
        <span className="logs-message">
          <Highlight text={text} query={highlight} />
        </span>
      ),
    },
    { key: 'created_on', title: t('createdOn'), dataIndex: 'created_on', width: 150 },
  ];
}
