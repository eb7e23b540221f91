import { CheckCircleOutlined } from '@ant-design/icons';
import { PAGE_SIZES, type DmsServer } from '@lis/contracts';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useLanguage, useT } from '../../app/i18n/I18nProvider';
import { plural } from '../../app/i18n/language';
import { rowActionsColumn } from '../../ui/RowActions';
import { dmsServerMessages, TOTAL_KEYS } from './dms-servers.i18n';

interface Props {
  servers: readonly DmsServer[];
  loading: boolean;
  /** True before the first answer: the empty table then says 'Loading...' instead of 'No Data...'. */
  pending: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
  companyLabel: (code: string) => string;
  onEdit: (server: DmsServer) => void;
  onDelete: (server: DmsServer) => void;
}

const MIN_TABLE_WIDTH = 900;

const ellipsisText = (text: string) => (
  <Typography.Text ellipsis={{ tooltip: text || undefined }}>{text || '—'}</Typography.Text>
);

/** Dms Server ID, Dms URL, Dms Token (only whether one is stored), Company, edit and delete. */
export function DmsServerTable(props: Props) {
  const { servers, loading, pending, page, pageSize, total, onPageChange, companyLabel, onEdit, onDelete } =
    props;
  const t = useT(dmsServerMessages);
  const { language } = useLanguage();

  const columns: TableColumnsType<DmsServer> = [
    rowActionsColumn<DmsServer>({
      title: t('menu'),
      label: (server) => server.dms_serverid,
      onEdit,
      onDelete,
    }),
    {
      key: 'dms_serverid',
      title: t('dmsServerId'),
      width: '18%',
      render: (_, server) => (
        <Typography.Text strong ellipsis={{ tooltip: server.dms_serverid }}>
          {server.dms_serverid}
        </Typography.Text>
      ),
    },
    { key: 'dms_url', title: t('dmsUrl'), render: (_, server) => ellipsisText(server.dms_url) },
    {
      key: 'dms_token',
      title: t('dmsToken'),
      width: 150,
      // Write-only (DESIGN §6): the token itself never reaches the browser.
      render: (_, server) =>
        server.has_token ? (
          <Tag color="green" icon={<CheckCircleOutlined />}>
            {t('tokenStored')}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t('tokenNone')}</Typography.Text>
        ),
    },
    {
      key: 'company',
      title: t('company'),
      width: '20%',
      render: (_, server) => ellipsisText(companyLabel(server.companycode)),
    },
  ];

  return (
    <Table<DmsServer>
      rowKey={(server) => `${server.companycode}/${server.dms_serverid}`}
      size="middle"
      bordered
      tableLayout="fixed"
      scroll={{ x: MIN_TABLE_WIDTH }}
      columns={columns}
      dataSource={servers as DmsServer[]}
      loading={loading}
      pagination={{
        current: page,
        pageSize,
        total,
        pageSizeOptions: [...PAGE_SIZES],
        showSizeChanger: true,
        showTotal: (count) => t(plural(language, count, TOTAL_KEYS), { total: count }),
        onChange: onPageChange,
      }}
      locale={{ emptyText: pending ? t('loading') : t('noData') }}
    />
  );
}
