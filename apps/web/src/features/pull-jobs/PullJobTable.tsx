import { PAGE_SIZES, type JobConfigListRow } from '@lis/contracts';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useLanguage, useT } from '../../app/i18n/I18nProvider';
import { plural } from '../../app/i18n/language';
import { IdText } from '../../ui/IdText';
import { rowActionsColumn } from '../../ui/RowActions';
import { pullJobMessages, TOTAL_KEYS } from './pull-jobs.i18n';

interface Props {
  jobs: readonly JobConfigListRow[];
  loading: boolean;
  /** True before the first answer: the empty table says 'Loading...' instead of 'No Data...'. */
  pending: boolean;
  /** The row whose job is being fetched for editing. */
  opening: string | null;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
  onEdit: (job: JobConfigListRow) => void;
  onDelete: (job: JobConfigListRow) => void;
}

export const pullJobRowKey = (row: { companycode: string; legacyid: string }) =>
  `${row.companycode}\u0000${row.legacyid}`;

const cronLines = (cron: string) =>
  cron
    .split('|')
    .map((expression) => expression.trim())
    .filter(Boolean)
    .map((expression) => (
      <Typography.Text key={expression} code style={{ display: 'block', whiteSpace: 'nowrap' }}>
        {expression}
      </Typography.Text>
    ));

/** Spec 001 §2: Company Code, Legacy ID, Legacy Name, Legacy Type, API Server ID, Is Active, Cron Trigger. */
export function PullJobTable(props: Props) {
  const { jobs, loading, pending, opening, page, pageSize, total, onPageChange, onEdit, onDelete } = props;
  const t = useT(pullJobMessages);
  const { language } = useLanguage();
  const columns: TableColumnsType<JobConfigListRow> = [
    rowActionsColumn<JobConfigListRow>({
      title: t('menu'),
      label: (row) => row.legacyid,
      onEdit,
      onDelete,
      isOpening: (row) => opening === pullJobRowKey(row),
      testId: (row) => ({ screen: 'pull-job', id: row.legacyid }),
    }),
    { key: 'companycode', title: t('companyCode'), dataIndex: 'companycode', width: 120, ellipsis: true },
    {
      key: 'legacyid',
      title: t('legacyId'),
      width: 130,
      render: (_, row) => <IdText value={row.legacyid} />,
    },
    // The name wraps between words rather than being cut (issue 17).
    { key: 'legacyname', title: t('legacyName'), dataIndex: 'legacyname' },
    { key: 'legacytype', title: t('legacyType'), dataIndex: 'legacytype', width: 110 },
    { key: 'api_serverid', title: t('apiServerId'), dataIndex: 'api_serverid', width: 120, ellipsis: true },
    {
      key: 'isactive',
      title: t('isActive'),
      width: 90,
      render: (_, row) => <Tag color={row.isactive === 'Y' ? 'green' : undefined}>{row.isactive}</Tag>,
    },
    {
      key: 'cron_trigger',
      title: t('cronTrigger'),
      width: 150,
      render: (_, row) => cronLines(row.cron_trigger),
    },
  ];
  return (
    <Table<JobConfigListRow>
      data-testid="pull-job-table"
      rowKey={pullJobRowKey}
      size="middle"
      bordered
      tableLayout="fixed"
      // Fits the content width at 1366 px with the side menu open; narrower windows scroll sideways.
      scroll={{ x: 960 }}
      columns={columns}
      dataSource={[...jobs]}
      loading={loading}
      locale={{ emptyText: pending ? t('loading') : t('noData') }}
      pagination={{
        current: page,
        pageSize,
        total,
        pageSizeOptions: [...PAGE_SIZES],
        showSizeChanger: true,
        showTotal: (count) => t(plural(language, count, TOTAL_KEYS), { total: count }),
        onChange: onPageChange,
      }}
    />
  );
}
