import { splitPipeList, type JobConfigListRow } from '@lis/contracts';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { IdText } from '../../ui/IdText';
import { listPaging, ResourceTable, useTotalText, type PagedRows } from '../../ui/resource/ResourceTable';
import { idCell } from '../../ui/table-fit';
import { rowActionsColumn } from '../../ui/RowActions';
import { pullJobMessages, TOTAL_KEYS } from './pull-jobs.i18n';

interface Props {
  list: PagedRows<JobConfigListRow>;
  /** The row whose job is being fetched for editing. */
  opening: string | null;
  onEdit: (job: JobConfigListRow) => void;
  onDelete: (job: JobConfigListRow) => void;
}

export const pullJobRowKey = (row: { companycode: string; legacyid: string }) =>
  `${row.companycode}\u0000${row.legacyid}`;

const cronLines = (cron: string) =>
  splitPipeList(cron).map((expression) => (
    <Typography.Text key={expression} code style={{ display: 'block', whiteSpace: 'nowrap' }}>
      {expression}
    </Typography.Text>
  ));

/** Spec 001 §2: Company Code, Legacy ID, Legacy Name, Legacy Type, API Server ID, Is Active, Cron Trigger. */
export function PullJobTable({ list, opening, onEdit, onDelete }: Props) {
  const t = useT(pullJobMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);
  const columns: TableColumnsType<JobConfigListRow> = [
    rowActionsColumn<JobConfigListRow>({
      title: t('menu'),
      label: (row) => row.legacyid,
      onEdit,
      onDelete,
      isOpening: (row) => opening === pullJobRowKey(row),
      testId: (row) => ({ screen: 'pull-job', id: row.legacyid }),
    }),
    { key: 'companycode', title: t('companyCode'), dataIndex: 'companycode', width: 96, render: idCell },
    {
      key: 'legacyid',
      title: t('legacyId'),
      width: 150,
      render: (_, row) => <IdText value={row.legacyid} />,
    },
    // The name wraps between words rather than being cut (issue 17).
    { key: 'legacyname', title: t('legacyName'), dataIndex: 'legacyname' },
    { key: 'legacytype', title: t('legacyType'), dataIndex: 'legacytype', width: 110, render: idCell },
    { key: 'api_serverid', title: t('apiServerId'), dataIndex: 'api_serverid', width: 120, render: idCell },
    {
      key: 'isactive',
      title: t('isActive'),
      width: 90,
      render: (_, row) => <Tag color={row.isactive === 'Y' ? 'green' : undefined}>{row.isactive}</Tag>,
    },
    {
      key: 'cron_trigger',
      title: t('cronTrigger'),
      width: 140,
      render: (_, row) => cronLines(row.cron_trigger),
    },
  ];
  return (
    <ResourceTable<JobConfigListRow>
      data-testid="pull-job-table"
      rowKey={pullJobRowKey}
      columns={columns}
      list={list}
      t={t}
      pagination={listPaging(list, totalText)}
    />
  );
}
