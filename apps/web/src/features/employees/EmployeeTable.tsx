import type { User } from '@lis/contracts';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, type PagedRows } from '../../ui/resource/ResourceTable';
import { idCell, strongIdCell } from '../../ui/table-fit';
import { rowActionsColumn } from '../../ui/RowActions';
import { splitRoles } from './employee-form';
import { toEmployeeRows, visibleUsers, type EmployeeRow } from './employee-rows';
import { employeeMessages } from './employees.i18n';

interface Props {
  list: PagedRows<User>;
  companyLabel: (code: string) => string;
  roleLabel: (code: string) => string;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

const MIN_TABLE_WIDTH = 880;

const spanCell = (row: EmployeeRow) => ({ rowSpan: row.span });

function fullName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/** One row per (user, company) entry; Menu and User Name span the user's rows. Fixed layout: no overflow. */
export function EmployeeTable({ list, companyLabel, roleLabel, onEdit, onDelete }: Props) {
  const t = useT(employeeMessages);
  // The list without the accounts the console does not show, one row per (user, company) entry.
  const rows = useMemo(() => ({ ...list, rows: toEmployeeRows(visibleUsers(list.rows)) }), [list]);

  const columns: TableColumnsType<EmployeeRow> = [
    rowActionsColumn<EmployeeRow>({
      title: t('menu'),
      label: (row) => row.user.id,
      onEdit: (row) => onEdit(row.user),
      onDelete: (row) => onDelete(row.user),
      onCell: spanCell,
    }),
    {
      key: 'user',
      title: t('userName'),
      width: '24%',
      onCell: spanCell,
      render: (_, row) => {
        const name = fullName(row.user);
        return (
          <Flex vertical>
            {strongIdCell(row.user.id)}
            {name && <Typography.Text type="secondary">{name}</Typography.Text>}
          </Flex>
        );
      },
    },
    {
      key: 'company',
      title: t('company'),
      render: (_, row) => (row.company_code ? companyLabel(row.company_code) : '—'),
    },
    {
      key: 'company_code',
      title: t('companyCode'),
      width: 130,
      render: (_, row) => (row.company_code ? idCell(row.company_code) : '—'),
    },
    {
      key: 'role_access',
      title: t('roleAccess'),
      width: 200,
      render: (_, row) => (
        <Flex gap={4} wrap>
          {splitRoles(row.role_access).map((role) => (
            <Tag key={role} color={role === 'super_admin' ? 'red' : role === 'admin' ? 'blue' : undefined}>
              {roleLabel(role)}
            </Tag>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <ResourceTable<EmployeeRow>
      rowKey="key"
      // Below this width the columns would crush the company name: scroll inside the card instead.
      minWidth={MIN_TABLE_WIDTH}
      columns={columns}
      list={rows}
      t={t}
    />
  );
}
