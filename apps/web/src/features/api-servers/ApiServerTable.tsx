import type { ApiServer } from '@lis/contracts';
import type { TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { listPaging, ResourceTable, useTotalText, type PagedRows } from '../../ui/resource/ResourceTable';
import { idCell, strongIdCell } from '../../ui/table-fit';
import { rowActionsColumn } from '../../ui/RowActions';
import { useReachabilityColumn } from '../../ui/server-reachability/useServerReachability';
import { apiServerMessages, TOTAL_KEYS } from './api-servers.i18n';

interface Props {
  list: PagedRows<ApiServer>;
  /** A Test Connection is running: the table shows its spinner too. */
  testing: boolean;
  companyLabel: (code: string, name?: string) => string;
  onEdit: (server: ApiServer) => void;
  onDelete: (server: ApiServer) => void;
}

const MIN_TABLE_WIDTH = 900;

/** API Username, API URL, API ServerID, Company, edit and delete, the connection checks' state (issue 35); paged on the server. */
export function ApiServerTable({ list, testing, companyLabel, onEdit, onDelete }: Props) {
  const t = useT(apiServerMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);
  const reachability = useReachabilityColumn<ApiServer>('api', '', (server) => ({
    company: server.companycode,
    id: server.api_serverid,
  }));

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
      width: '16%',
      render: (_, server) => idCell(server.api_username),
    },
    {
      key: 'api_url_callfunction',
      title: t('apiUrl'),
      render: (_, server) => idCell(server.api_url_callfunction),
    },
    {
      key: 'api_serverid',
      title: t('apiServerId'),
      width: '20%',
      render: (_, server) => strongIdCell(server.api_serverid),
    },
    {
      key: 'company',
      title: t('company'),
      width: '20%',
      render: (_, server) => companyLabel(server.companycode, server.companyname),
    },
    reachability,
  ];

  return (
    <ResourceTable<ApiServer>
      rowKey={(server) => `${server.companycode}/${server.api_serverid}`}
      minWidth={MIN_TABLE_WIDTH}
      columns={columns}
      list={list}
      t={t}
      busy={testing}
      pagination={listPaging(list, totalText)}
    />
  );
}
