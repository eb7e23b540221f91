import type { Company } from '@lis/contracts';
import { Tag, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, type LoadedRows } from '../../ui/resource/ResourceTable';
import { strongIdCell } from '../../ui/table-fit';
import { rowActionsColumn } from '../../ui/RowActions';
import { companyMessages } from './companies.i18n';

interface Props {
  /** The companies shown (the search applied), and the list's load. */
  list: LoadedRows<Company>;
  onEdit: (company: Company) => void;
}

const MIN_TABLE_WIDTH = 560;
const PAGE_SIZE = 10;

/** Code, name, status and an Edit action; paged on the client (the list is short). */
export function CompanyTable({ list, onEdit }: Props) {
  const t = useT(companyMessages);

  const columns: TableColumnsType<Company> = [
    rowActionsColumn<Company>({
      title: t('menu'),
      label: (company) => company.company_code,
      onEdit,
    }),
    {
      key: 'company_code',
      title: t('companyCode'),
      width: 170,
      render: (_, company) => strongIdCell(company.company_code),
    },
    {
      key: 'company_name',
      title: t('companyName'),
      render: (_, company) => company.company_name,
    },
    {
      key: 'status',
      title: t('status'),
      width: 120,
      render: (_, company) =>
        company.status === 'active' ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>,
    },
  ];

  return (
    <ResourceTable<Company>
      rowKey="company_code"
      minWidth={MIN_TABLE_WIDTH}
      columns={columns}
      list={list}
      t={t}
      pagination={{
        pageSize: PAGE_SIZE,
        size: 'small',
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
    />
  );
}
