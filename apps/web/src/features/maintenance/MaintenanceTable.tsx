import { EyeOutlined } from '@ant-design/icons';
import { ALL_COMPANIES_MAINTENANCE, type MaintenanceWindow } from '@lis/contracts';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { ResourceTable, useTotalText, type LoadedRows } from '../../ui/resource/ResourceTable';
import { RowActions } from '../../ui/RowActions';
import { tableTime } from '../../ui/table-dates';
import { strongIdCell } from '../../ui/table-fit';
import { durationText, minuteTime } from './maintenance-format';
import { maintenanceMessages, TOTAL_KEYS } from './maintenance.i18n';

interface Props {
  list: LoadedRows<MaintenanceWindow>;
  /** Whether the signed-in user may change this window (every company's: super_admin only). */
  canWrite: (row: MaintenanceWindow) => boolean;
  onEdit: (row: MaintenanceWindow) => void;
  onDelete: (row: MaintenanceWindow) => void;
}

/** Fits the ~940 px a list has at 1366 px. */
const MIN_TABLE_WIDTH = 920;
const secondary = { fontSize: 12 } as const;

/** Name, when (one-off span or cron and duration), state (active until, next start), description, updated. */
export function MaintenanceTable({ list, canWrite, onEdit, onDelete }: Props) {
  const t = useT(maintenanceMessages);
  const totalText = useTotalText(t, TOTAL_KEYS);

  const schedule = ({ schedule }: MaintenanceWindow) =>
    schedule.kind === 'once' ? (
      <Flex vertical>
        <span>{t('kindOnce')}</span>
        <Typography.Text type="secondary" style={secondary}>
          {t('onceSpan', { from: minuteTime(schedule.from), to: minuteTime(schedule.to) })}
        </Typography.Text>
      </Flex>
    ) : (
      <Flex vertical align="start">
        <span>
          {t('kindRecurring')} <Typography.Text code>{schedule.cron}</Typography.Text>
        </span>
        <Typography.Text type="secondary" style={secondary}>
          {t('recurringSpan', { duration: durationText(schedule.duration_minutes, t) })}
          {schedule.tz ? ` · ${t('inZone', { zone: schedule.tz })}` : ''}
        </Typography.Text>
      </Flex>
    );

  const state = (row: MaintenanceWindow) => (
    <Flex vertical align="start" gap={2} data-testid="maintenance-state">
      {!row.enabled && <Tag>{t('off')}</Tag>}
      {row.active_until && (
        <Tag color="purple" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
          {t('activeUntil', { until: minuteTime(row.active_until) })}
        </Tag>
      )}
      {row.next_start ? (
        <Typography.Text type={row.enabled ? undefined : 'secondary'}>
          {t('nextStart', { start: minuteTime(row.next_start) })}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('noStartLeft')}</Typography.Text>
      )}
    </Flex>
  );

  const columns: TableColumnsType<MaintenanceWindow> = [
    {
      key: 'menu',
      title: t('menu'),
      width: 160,
      render: (_, row) =>
        canWrite(row) ? (
          <RowActions label={row.name} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
        ) : (
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            aria-label={`${t('view')} ${row.name}`}
            onClick={() => onEdit(row)}
          >
            {t('view')}
          </Button>
        ),
    },
    {
      key: 'name',
      title: t('name'),
      width: 150,
      render: (_, row) => (
        <Flex gap={4} wrap align="center">
          {strongIdCell(row.name)}
          {row.company_code === ALL_COMPANIES_MAINTENANCE && <Tag>{t('allCompaniesTag')}</Tag>}
        </Flex>
      ),
    },
    { key: 'schedule', title: t('schedule'), width: 210, render: (_, row) => schedule(row) },
    { key: 'state', title: t('state'), width: 200, render: (_, row) => state(row) },
    {
      key: 'description',
      title: t('description'),
      ellipsis: true,
      render: (_, row) => row.description,
    },
    {
      key: 'updated_at',
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
  ];

  return (
    <ResourceTable<MaintenanceWindow>
      rowKey={(row) => `${row.company_code}/${row.name}`}
      minWidth={MIN_TABLE_WIDTH}
      columns={columns}
      list={list}
      t={t}
      pagination={{ pageSize: 25, showSizeChanger: false, showTotal: totalText, hideOnSinglePage: false }}
    />
  );
}
