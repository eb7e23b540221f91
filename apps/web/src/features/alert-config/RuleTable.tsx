import type { AlertRule } from '@lis/contracts';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, type LoadedRows } from '../../ui/resource/ResourceTable';
import { IdText, TextWithIds } from '../../ui/IdText';
import { RowActions } from '../../ui/RowActions';
import { strongIdCell } from '../../ui/table-fit';
import { ConditionTag } from '../alerts';
import { alertConfigMessages } from './alert-config.i18n';

interface Props {
  list: LoadedRows<AlertRule>;
  onEdit: (rule: AlertRule) => void;
  onDelete: (rule: AlertRule) => void;
}

/** Jobs or channels: each whole, wrapping only after its `_`, `-`, `.` (long ids, issue 31). */
function IdList({ ids }: { ids: readonly string[] }) {
  return (
    <Flex wrap gap="0 6px" translate="no">
      {ids.map((id, index) => (
        <span key={id}>
          <IdText value={id} />
          {index < ids.length - 1 && ','}
        </span>
      ))}
    </Flex>
  );
}

/** A company's rules: which conditions of which jobs go to which channels, and the escalation. */
export function RuleTable({ list, onEdit, onDelete }: Props) {
  const t = useT(alertConfigMessages);
  const columns: TableColumnsType<AlertRule> = [
    {
      key: 'menu',
      title: t('menu'),
      width: 160,
      render: (_, row) => (
        <RowActions label={row.name} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
      ),
    },
    {
      key: 'name',
      title: t('name'),
      width: 150,
      render: (_, row) => (
        <Flex vertical align="start" gap={2}>
          {strongIdCell(row.name)}
          {!row.enabled && <Tag>{t('off')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'conditions',
      title: t('conditions'),
      width: 230,
      render: (_, row) => (
        <Flex gap={4} wrap>
          {row.conditions.map((condition) => (
            <ConditionTag key={condition} condition={condition} />
          ))}
        </Flex>
      ),
    },
    {
      key: 'jobs',
      title: t('jobs'),
      render: (_, row) =>
        row.jobs.length === 0 ? (
          <Typography.Text type="secondary">{t('allJobs')}</Typography.Text>
        ) : (
          <IdList ids={row.jobs} />
        ),
    },
    {
      key: 'channels',
      title: t('channels'),
      width: 170,
      render: (_, row) => <IdList ids={row.channels} />,
    },
    {
      key: 'escalation',
      title: t('escalation'),
      width: 150,
      render: (_, row) =>
        row.escalate_after_minutes !== null && row.escalate_to ? (
          <span translate="no">
            <TextWithIds
              text={t('escalationOf', { minutes: row.escalate_after_minutes, channel: row.escalate_to })}
            />
          </span>
        ) : (
          <Typography.Text type="secondary">{t('noEscalation')}</Typography.Text>
        ),
    },
  ];
  return (
    <ResourceTable<AlertRule>
      data-testid="alert-rules-table"
      rowKey="name"
      minWidth={960}
      columns={columns}
      list={list}
      t={t}
    />
  );
}
