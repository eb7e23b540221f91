import type { JobConfigListRow } from '@lis/contracts';
import { Flex, Tag, type TableColumnsType } from 'antd';
import { useT } from '../../app/i18n/I18nProvider';
import { ResourceTable, type PagedRows } from '../../ui/resource/ResourceTable';
import { rowActionsColumn } from '../../ui/RowActions';
import { splitPipeList } from './form-controls/pipe-list';
import { jobConfigMessages } from './job-config.i18n';
import { jobRowKey } from './useJobConfigActions';

interface Props {
  list: PagedRows<JobConfigListRow>;
  /** The row whose job is being fetched for editing. */
  opening: string | null;
  onEdit: (job: JobConfigListRow) => void;
  onDelete: (job: JobConfigListRow) => void;
}

/** The spec's list columns with edit and delete per row. */
export function JobConfigTable({ list, opening, onEdit, onDelete }: Props) {
  const t = useT(jobConfigMessages);
  const columns: TableColumnsType<JobConfigListRow> = [
    rowActionsColumn<JobConfigListRow>({
      title: t('menu'),
      label: (row) => `${row.companycode} ${row.legacyid}`,
      onEdit,
      onDelete,
      isOpening: (row) => opening === jobRowKey(row),
      testId: (row) => ({ screen: 'job-config', id: `${row.companycode}-${row.legacyid}` }),
      sticky: true,
    }),
    { key: 'company', title: t('companyCode'), dataIndex: 'companycode', width: 120, ellipsis: true },
    { key: 'id', title: t('legacyId'), dataIndex: 'legacyid', width: 140, ellipsis: true },
    { key: 'name', title: t('legacyName'), dataIndex: 'legacyname', width: 180, ellipsis: true },
    { key: 'type', title: t('legacyType'), dataIndex: 'legacytype', width: 140 },
    {
      key: 'source',
      title: t('sourceServer'),
      dataIndex: 'sftp_source_server_id',
      width: 150,
      ellipsis: true,
    },
    { key: 'api', title: t('apiServerId'), dataIndex: 'api_serverid', width: 130, ellipsis: true },
    { key: 'class', title: t('apiClass'), dataIndex: 'api_classname', width: 160, ellipsis: true },
    { key: 'function', title: t('apiFunction'), dataIndex: 'api_function_name', width: 160, ellipsis: true },
    {
      key: 'active',
      title: t('isActive'),
      dataIndex: 'isactive',
      width: 90,
      render: (value: string) => <Tag color={value === 'Y' ? 'green' : 'default'}>{value}</Tag>,
    },
    {
      key: 'cron',
      title: t('cronTrigger'),
      dataIndex: 'cron_trigger',
      width: 180,
      // Eleven columns do not fit 1366 px: the middle ones scroll, the menu and the triggers stay in view.
      fixed: 'right',
      render: (value: string) => (
        <Flex vertical>
          {splitPipeList(value).map((expression) => (
            <code key={expression}>{expression}</code>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <ResourceTable<JobConfigListRow>
      rowKey={jobRowKey}
      minWidth={1560}
      columns={columns}
      list={list}
      t={t}
      aria-label={t('jobList')}
      data-testid="job-config-table"
    />
  );
}
