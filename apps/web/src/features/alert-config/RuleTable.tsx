import type { AlertRule } from '@lis/contracts';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, type LoadedRows } from '../../ui/resource/ResourceTable';
import { RowActions } from '../../ui/RowActions';
import { strongIdCell } from '../../ui/table-fit';
import { ConditionTag } from '../alerts';
import { alertConfigMessages } from './alert-config.i18n';

interface Props {
  list: LoadedRows<AlertRule>;
  onEdit: (rule: AlertRule) => void;
  onDelete: (rule: AlertRule) => void;
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
          <Typography.Text translate="no">{row.jobs.join(', ')}</Typography.Text>
        ),
    },
    {
      key: 'channels',
      title: t('channels'),
      width: 170,
      render: (_, row) => <Typography.Text translate="no">{row.channels.join(', ')}</Typography.Text>,
    },
    {
      key: 'escalation',
      title: t('escalation'),
      width: 150,
      render: (_, row) =>
        row.escalate_after_minutes !== null && row.escalate_to ? (
          <span translate="no">
            {t('escalationOf', { minutes: row.escalate_after_minutes, channel: row.escalate_to })}
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
