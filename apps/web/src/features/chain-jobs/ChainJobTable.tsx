import { parseChainMembers, splitPipeList, type ChainJob } from '@lis/contracts';
import { Flex, Switch, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { IdText } from '../../ui/IdText';
import { ResourceTable, type PagedRows } from '../../ui/resource/ResourceTable';
import { idCell } from '../../ui/table-fit';
import { rowActionsColumn } from '../../ui/RowActions';
import { memberLabel } from './chain-job-form';
import { chainJobMessages } from './chain-jobs.i18n';
import { ImportantJobCell } from './ImportantJobCell';

interface Props {
  list: PagedRows<ChainJob>;
  onEdit: (chain: ChainJob) => void;
  onDelete: (chain: ChainJob) => void;
}

const rowKey = (row: ChainJob) => `${row.companyCode}\u0000${row.chainId}`;
const listStyle = { margin: 0, paddingInlineStart: 18 };
/** A long name wraps between words (and inside a word only when one word is wider than the column). */
const nameStyle = { overflowWrap: 'anywhere' } as const;

/** Spec 001 §2: action, Company Code, Chain Job ID, Chain Job Name, Job List, Is Active, Cron Trigger. */
export function ChainJobTable({ list, onEdit, onDelete }: Props) {
  const t = useT(chainJobMessages);
  const columns: TableColumnsType<ChainJob> = [
    rowActionsColumn<ChainJob>({
      title: t('menu'),
      label: (row) => `${row.companyCode} ${row.chainId}`,
      onEdit,
      onDelete,
      testId: (row) => ({ screen: 'chain-job', id: `${row.companyCode}-${row.chainId}` }),
    }),
    { key: 'company', title: t('companyCode'), dataIndex: 'companyCode', width: 100, render: idCell },
    {
      key: 'id',
      title: t('chainJobId'),
      width: 180,
      render: (_, row) => <IdText value={row.chainId} />,
    },
    {
      key: 'name',
      title: t('chainJobName'),
      // ImportantJob shows as a tag under the name: a column of its own does not fit 1366 px.
      render: (_, row) => (
        <Flex vertical align="flex-start" gap={2}>
          <span style={nameStyle}>{row.chainName}</span>
          <ImportantJobCell chain={row} />
        </Flex>
      ),
    },
    {
      key: 'jobs',
      title: t('jobList'),
      render: (_, row) => (
        <ol style={listStyle} aria-label={`${t('jobList')} ${row.chainId}`}>
          {parseChainMembers(row.legacyList).map((member, index) => (
            <li
              key={`${index}-${member.legacyId}`}
              title={memberLabel(member.legacyId ?? '', member.legacyName)}
            >
              <IdText value={member.legacyId ?? ''} />
              {member.legacyName ? `: ${member.legacyName}` : ''}
            </li>
          ))}
        </ol>
      ),
    },
    {
      key: 'active',
      title: t('isActive'),
      width: 90,
      render: (_, row) => (
        <Switch
          size="small"
          disabled
          checked={row.isActive === 'true'}
          aria-label={`${t('isActive')} ${row.chainId}`}
          data-testid={`chain-job-active-${row.companyCode}-${row.chainId}`}
          title={row.isActive === 'true' ? t('active') : t('inactive')}
        />
      ),
    },
    {
      key: 'cron',
      title: t('cronTrigger'),
      width: 150,
      render: (_, row) => (
        <Flex vertical>
          {splitPipeList(row.cronTrigger).map((expression) => (
            <code key={expression}>{expression}</code>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <ResourceTable<ChainJob>
      rowKey={rowKey}
      columns={columns}
      list={list}
      t={t}
      data-testid="chain-job-table"
    />
  );
}
