import type { SftpServer } from '@lis/contracts';
import type { TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, type PagedRows } from '../../ui/resource/ResourceTable';
import { idCell, strongIdCell } from '../../ui/table-fit';
import { rowActionsColumn } from '../../ui/RowActions';
import { useReachabilityColumn } from '../../ui/server-reachability/useServerReachability';
import { sftpMessages } from './sftp-servers.i18n';

interface Props {
  list: PagedRows<SftpServer>;
  /** The row whose record is being fetched for editing. */
  opening: string | null;
  companyLabel: (code: string) => string;
  onEdit: (server: SftpServer) => void;
  onDelete: (server: SftpServer) => void;
}

export const rowKey = (row: SftpServer) => `${row.companycode}\u0000${row.sftp_server_id}`;

/**
 * Spec 001 "sFTP Config screen": SFTP Server ID, SFTP IP, SFTP Port, SFTP Username, Company, edit/delete;
 * and what the connection checks found (issue 35).
 */
export function SftpTable({ list, opening, companyLabel, onEdit, onDelete }: Props) {
  const t = useT(sftpMessages);
  const reachability = useReachabilityColumn<SftpServer>('sftp', '', (row) => ({
    company: row.companycode,
    id: row.sftp_server_id,
  }));
  const columns: TableColumnsType<SftpServer> = [
    rowActionsColumn<SftpServer>({
      title: t('menu'),
      label: (row) => row.sftp_server_id,
      onEdit,
      onDelete,
      isOpening: (row) => opening === rowKey(row),
    }),
    { key: 'id', title: t('serverId'), dataIndex: 'sftp_server_id', render: strongIdCell },
    { key: 'ip', title: t('ip'), dataIndex: 'sftp_ip', render: idCell },
    { key: 'port', title: t('port'), dataIndex: 'sftp_port', width: 110 },
    { key: 'username', title: t('username'), dataIndex: 'sftp_username', render: idCell },
    { key: 'company', title: t('company'), render: (_, row) => companyLabel(row.companycode) },
    reachability,
  ];
  return <ResourceTable<SftpServer> rowKey={rowKey} minWidth={900} columns={columns} list={list} t={t} />;
}
