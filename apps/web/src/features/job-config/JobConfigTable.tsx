import type { JobConfigListRow } from '@lis/contracts';
import { Flex, Tag, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, type PagedRows } from '../../ui/resource/ResourceTable';
import { rowActionsColumn } from '../../ui/RowActions';
import { idCell, strongIdCell } from '../../ui/table-fit';
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

/**
 * Issue 31: at 1366 px the identity, type, Is Active and the triggers show; the spec's server and
 * function columns are a tick away in "Columns" (remembered).
 */
const JOB_COLUMN_CHOICE = {
  storageKey: 'LIS_JOB_CONFIG_COLUMNS',
  optional: ['source', 'api', 'class', 'function'],
} as const;

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
    { key: 'company', title: t('companyCode'), dataIndex: 'companycode', width: 96, render: idCell },
    { key: 'id', title: t('legacyId'), dataIndex: 'legacyid', width: 190, render: strongIdCell },
    { key: 'name', title: t('legacyName'), dataIndex: 'legacyname' },
    { key: 'type', title: t('legacyType'), dataIndex: 'legacytype', width: 112, render: idCell },
    {
      key: 'source',
      title: t('sourceServer'),
      dataIndex: 'sftp_source_server_id',
      width: 150,
      render: idCell,
    },
    { key: 'api', title: t('apiServerId'), dataIndex: 'api_serverid', width: 150, render: idCell },
    { key: 'class', title: t('apiClass'), dataIndex: 'api_classname', width: 140, render: idCell },
    { key: 'function', title: t('apiFunction'), dataIndex: 'api_function_name', width: 150, render: idCell },
    {
      key: 'active',
      title: t('isActive'),
      dataIndex: 'isactive',
      width: 96,
      render: (value: string) => <Tag color={value === 'Y' ? 'green' : 'default'}>{value}</Tag>,
    },
    {
      key: 'cron',
      title: t('cronTrigger'),
      dataIndex: 'cron_trigger',
      width: 150,
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
      chooser={JOB_COLUMN_CHOICE}
      columns={columns}
      list={list}
      t={t}
      aria-label={t('jobList')}
      data-testid="job-config-table"
    />
  );
}
