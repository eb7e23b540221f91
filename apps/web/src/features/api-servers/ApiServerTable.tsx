import { PAGE_SIZES, type ApiServer } from '@lis/contracts';
import { Table, Typography, type TableColumnsType } from 'antd';
import { useLanguage, useT } from '../../app/i18n/I18nProvider';
import { plural } from '../../app/i18n/language';
import { rowActionsColumn } from '../../ui/RowActions';
import { apiServerMessages, TOTAL_KEYS } from './api-servers.i18n';

interface Props {
  servers: readonly ApiServer[];
  loading: boolean;
  /** True before the first answer: the empty table then says 'Loading...' instead of 'No Data...'. */
  pending: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
  companyLabel: (code: string, name?: string) => string;
  onEdit: (server: ApiServer) => void;
  onDelete: (server: ApiServer) => void;
}

const MIN_TABLE_WIDTH = 900;

const ellipsisText = (text: string) => (
  <Typography.Text ellipsis={{ tooltip: text }}>{text || '—'}</Typography.Text>
);

/** API Username, API URL, API ServerID, Company, edit and delete; paged on the server. */
export function ApiServerTable(props: Props) {
  const { servers, loading, pending, page, pageSize, total, onPageChange, companyLabel, onEdit, onDelete } =
    props;
  const t = useT(apiServerMessages);
  const { language } = useLanguage();

  const columns: TableColumnsType<ApiServer> = [
    rowActionsColumn<ApiServer>({
      title: t('menu'),
      label: (server) => server.api_serverid,
      onEdit,
      onDelete,
    }),
    {
      key: 'api_username',
      title: t('apiUsername'),
      width: '18%',
      render: (_, server) => ellipsisText(server.api_username),
    },
    {
      key: 'api_url_callfunction',
      title: t('apiUrl'),
      render: (_, server) => ellipsisText(server.api_url_callfunction),
    },
    {
      key: 'api_serverid',
      title: t('apiServerId'),
      width: '16%',
      render: (_, server) => (
        <Typography.Text strong ellipsis={{ tooltip: server.api_serverid }}>
          {server.api_serverid}
        </Typography.Text>
      ),
    },
    {
      key: 'company',
      title: t('company'),
      width: '20%',
      render: (_, server) => ellipsisText(companyLabel(server.companycode, server.companyname)),
    },
  ];

  return (
    <Table<ApiServer>
      rowKey={(server) => `${server.companycode}/${server.api_serverid}`}
      size="middle"
      bordered
      tableLayout="fixed"
      scroll={{ x: MIN_TABLE_WIDTH }}
      columns={columns}
      dataSource={servers as ApiServer[]}
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
