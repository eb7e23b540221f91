import { SendOutlined } from '@ant-design/icons';
import type { AlertChannel } from '@lis/contracts';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, type LoadedRows } from '../../ui/resource/ResourceTable';
import { RowActions } from '../../ui/RowActions';
import { tableTime } from '../../ui/table-dates';
import { strongIdCell } from '../../ui/table-fit';
import { alertConfigMessages } from './alert-config.i18n';

interface Props {
  list: LoadedRows<AlertChannel>;
  /** The channel whose test alert is on its way. */
  testing: string | undefined;
  onTest: (channel: AlertChannel) => void;
  onEdit: (channel: AlertChannel) => void;
  onDelete: (channel: AlertChannel) => void;
}

const secondary = { fontSize: 12 } as const;

/** A company's channels: name, kind and language, on or off, where it sends (URLs masked), the secret's tag. */
export function ChannelTable({ list, testing, onTest, onEdit, onDelete }: Props) {
  const t = useT(alertConfigMessages);
  const columns: TableColumnsType<AlertChannel> = [
    {
      key: 'menu',
      title: t('menu'),
      width: 160,
      render: (_, row) => (
        <RowActions label={row.name} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
      ),
    },
    { key: 'name', title: t('name'), width: 130, render: (_, row) => strongIdCell(row.name) },
    {
      key: 'kind',
      title: t('kind'),
      width: 130,
      render: (_, row) => (
        <Flex vertical>
          <span>{t(`kind${row.kind}`)}</span>
          <Typography.Text type="secondary" style={secondary}>
            {t(`language${row.language}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'enabled',
      title: t('enabled'),
      width: 84,
      render: (_, row) => (
        <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? t('on') : t('off')}</Tag>
      ),
    },
    {
      key: 'target',
      title: t('target'),
      ellipsis: true,
      render: (_, row) => (
        <Flex vertical align="start" gap={2}>
          <Typography.Text ellipsis translate="no" style={{ maxWidth: '100%' }}>
            {row.kind === 'email' ? row.recipients.join(', ') : row.url_masked}
          </Typography.Text>
          {row.kind === 'webhook' && (
            <Tag
              color={row.has_secret ? 'green' : 'red'}
              style={{ marginInlineEnd: 0 }}
              data-testid="channel-secret"
            >
              {row.has_secret ? t('hasSecret') : t('noSecret')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'updated',
      title: t('updated'),
      width: 140,
      render: (_, row) => (
        <Flex vertical>
          <span>{tableTime(row.updated_at)}</span>
          {row.updated_by && (
            <Typography.Text type="secondary" style={secondary}>
              {row.updated_by}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'test',
      title: t('sendTest'),
      width: 150,
      render: (_, row) => (
        <Button
          size="small"
          icon={<SendOutlined />}
          loading={testing === row.name}
          disabled={testing !== undefined && testing !== row.name}
          aria-label={`${t('sendTest')} ${row.name}`}
          onClick={() => onTest(row)}
        >
          {t('sendTestButton')}
        </Button>
      ),
    },
  ];
  return (
    <ResourceTable<AlertChannel>
      data-testid="alert-channels-table"
      rowKey="name"
      minWidth={900}
      columns={columns}
      list={list}
      t={t}
    />
  );
}
