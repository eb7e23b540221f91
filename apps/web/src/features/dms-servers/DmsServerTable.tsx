import { CheckCircleOutlined } from '@ant-design/icons';
import type { DmsServer } from '@lis/contracts';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { listPaging, ResourceTable, useTotalText, type PagedRows } from '../../ui/resource/ResourceTable';
import { idCell, strongIdCell } from '../../ui/table-fit';
import { rowActionsColumn } from '../../ui/RowActions';
import { dmsServerMessages, TOTAL_KEYS } from './dms-servers.i18n';

interface Props {
  list: PagedRows<DmsServer>;
  companyLabel: (code: string) => string;
  onEdit: (server: DmsServer) => void;
  onDelete: (server: DmsServer) => void;
}

/** Dms Server ID, Dms URL, Dms Token (only whether one is stored), Company, edit and delete. */
export function DmsServerTable({ list, companyLabel, onEdit, onDelete }: Props) {
  const t = useT(dmsServerMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);

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
      render: (_, server) => strongIdCell(server.dms_serverid),
    },
    { key: 'dms_url', title: t('dmsUrl'), render: (_, server) => idCell(server.dms_url) },
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
      render: (_, server) => companyLabel(server.companycode),
    },
  ];

  return (
    <ResourceTable<DmsServer>
      rowKey={(server) => `${server.companycode}/${server.dms_serverid}`}
      minWidth={900}
      columns={columns}
      list={list}
      t={t}
      pagination={listPaging(list, totalText)}
    />
  );
}
