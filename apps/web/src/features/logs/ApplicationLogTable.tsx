import { EyeOutlined } from '@ant-design/icons';
import { PAGE_SIZES, type ApplicationLogRow } from '@lis/contracts';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { logsMessages } from './logs.i18n';

export interface PagedRows {
  rows: ApplicationLogRow[];
  total: number;
  page: number;
  pageSize: number;
  changePage: (page: number, pageSize: number) => void;
  isPending: boolean;
  isFetching: boolean;
}

/** The Application Log's result table (spec 000 §3 fields), a page at a time. */
export function ApplicationLogTable({
  list,
  searched,
  onViewMetadata,
}: {
  list: PagedRows;
  searched: boolean;
  onViewMetadata: (row: ApplicationLogRow) => void;
}) {
  const t = useT(logsMessages);
  const plain = (key: keyof ApplicationLogRow, title: string, width: number) => ({
    key,
    title,
    dataIndex: key,
    width,
    ellipsis: true,
  });
  const columns: TableColumnsType<ApplicationLogRow> = [
    plain('legacyid', t('legacyId'), 120),
    plain('companycode', t('companyCode'), 128),
    plain('transaction_id', t('transactionId'), 150),
    plain('transaction_date', t('transactionDate'), 136),
    plain('source_id1', t('sourceId1'), 110),
    plain('source_id2', t('sourceId2'), 110),
    plain('source_id3', t('sourceId3'), 110),
    plain('doc_type', t('docType'), 90),
    plain('doc_year', t('docYear'), 80),
    plain('item_no', t('itemNo'), 80),
    plain('doc_date', t('docDate'), 100),
    plain('post_date', t('postDate'), 100),
    {
      key: 'status',
      title: t('status'),
      width: 90,
      render: (_, row) =>
        row.status === 'E' ? (
          <Tag color="red">{t('statusError')}</Tag>
        ) : row.status === 'S' ? (
          <Tag color="green">{t('statusSuccess')}</Tag>
        ) : (
          row.status
        ),
    },
    {
      key: 'message',
      title: t('message'),
      dataIndex: 'message',
      width: 240,
      render: (text: string) => (
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>
      ),
    },
    plain('created_on', t('createdOn'), 160),
    {
      key: 'metadata',
      title: t('metadata'),
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={`${t('viewMetadata')} ${row.transaction_id}`}
          onClick={() => onViewMetadata(row)}
        >
          {t('viewMetadata')}
        </Button>
      ),
    },
  ];

  return (
    <Table<ApplicationLogRow>
      data-testid="application-log-table"
      rowKey="seq"
      size="small"
      bordered
      tableLayout="fixed"
      scroll={{ x: 1950 }}
      columns={columns}
      dataSource={list.rows}
      loading={searched && list.isFetching && !list.isPending}
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        total: list.total,
        pageSizeOptions: [...PAGE_SIZES],
        showSizeChanger: true,
        showTotal: (total) => t('total', { count: total }),
        onChange: list.changePage,
      }}
      locale={{ emptyText: !searched ? t('searchFirst') : list.isPending ? t('loading') : t('noData') }}
    />
  );
}
