import { CheckOutlined, ExportOutlined } from '@ant-design/icons';
import type { Alert } from '@lis/contracts';
import { Button, Flex, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { appUrl } from '../../platform/base-path';
import { useT } from '../../platform/i18n/I18nProvider';
import { IdText } from '../../ui/IdText';
import { ResourceTable, type LoadedRows } from '../../ui/resource/ResourceTable';
import { tableDate, tableTime } from '../../ui/table-dates';
import { STATE_COLORS } from './alert-words';
import { alertsMessages } from './alerts.i18n';
import { ConditionTag } from './ConditionTag';
import { DeliveriesCell } from './DeliveriesCell';
import { DeliveryAttempts } from './DeliveryAttempts';
import type { ResendAction } from './useResendDelivery';

interface Props {
  list: LoadedRows<Alert>;
  pagination: TableProps<Alert>['pagination'];
  onAcknowledge: (alert: Alert) => void;
  resend: ResendAction;
  /** The alert of the address's `?event=`: its row opened on its deliveries. */
  expandedEvent?: string | undefined;
}

/** Fits the ~990 px a list has at 1366 px (the job's column takes the rest, ~200 px). */
const MIN_TABLE_WIDTH = 940;
const small = { fontSize: 12 } as const;

/** Monitor Detail of the alert's run, in a new tab without the menus (as the monitoring lists open it). */
export function alertDetailUrl(alert: Alert): string | undefined {
  if (!alert.job_instance_no || !alert.legacy_id) return undefined;
  const query = new URLSearchParams({
    company_code: alert.company_code,
    legacy_id: alert.legacy_id,
    job_no: alert.job_instance_no,
    _blank: 'true',
  });
  return appUrl(`legacydetail?${query.toString()}`);
}

/**
 * The alerts: when raised, the condition, company, job (its run's Monitor Detail when it has one),
 * business day, state (Acknowledge beside an open one; who acknowledged, when, the comment), the
 * deliveries — shown below the row of the alert an address names (`expandedEvent`).
 */
export function AlertTable({ list, pagination, onAcknowledge, resend, expandedEvent }: Props) {
  const t = useT(alertsMessages);

  const job = (alert: Alert) => {
    // SERVER_UNREACHABLE is about a server, not a job (decision 0049).
    if (alert.server)
      return (
        <Flex vertical>
          <span style={small}>{t(`server${alert.server.kind}`)}</span>
          <IdText value={alert.server.server_id} strong />
        </Flex>
      );
    if (!alert.legacy_id) return '-';
    const url = alertDetailUrl(alert);
    return (
      <Flex vertical>
        <IdText value={alert.legacy_id} strong />
        {url && alert.job_instance_no && (
          <Typography.Link
            href={url}
            target="_blank"
            rel="noopener"
            style={small}
            aria-label={t('openDetail', { run: alert.job_instance_no })}
          >
            <IdText value={alert.job_instance_no} /> <ExportOutlined />
          </Typography.Link>
        )}
      </Flex>
    );
  };

  const state = (alert: Alert) => (
    <Flex vertical align="start" gap={2} data-testid="alert-state">
      <Flex gap={6} wrap align="center">
        <Tag color={STATE_COLORS[alert.state]} style={{ marginInlineEnd: 0 }}>
          {t(`state${alert.state}`)}
        </Tag>
        {alert.state === 'open' && (
          <Button
            size="small"
            icon={<CheckOutlined />}
            onClick={() => onAcknowledge(alert)}
            aria-label={`${t('acknowledge')} ${alert.event_id}`}
          >
            {t('acknowledge')}
          </Button>
        )}
      </Flex>
      {alert.state === 'acknowledged' && alert.acknowledged_at && (
        <Typography.Text type="secondary" style={small}>
          {t('acknowledgedBy', { user: alert.acknowledged_by ?? '-', at: tableTime(alert.acknowledged_at) })}
        </Typography.Text>
      )}
      {alert.state === 'resolved' && alert.resolved_at && (
        <Typography.Text type="secondary" style={small}>
          {t('resolvedAt', { at: tableTime(alert.resolved_at) })}
        </Typography.Text>
      )}
      {alert.comment && (
        <Typography.Text style={small} ellipsis={{ tooltip: alert.comment }}>
          “{alert.comment}”
        </Typography.Text>
      )}
      {alert.escalated_at && (
        <Typography.Text type="warning" style={small}>
          {t('escalatedAt', { at: tableTime(alert.escalated_at) })}
        </Typography.Text>
      )}
    </Flex>
  );

  const columns: TableColumnsType<Alert> = [
    { key: 'raised_at', title: t('raisedAt'), width: 160, render: (_, alert) => tableTime(alert.raised_at) },
    {
      key: 'condition',
      title: t('condition'),
      width: 140,
      render: (_, alert) => <ConditionTag condition={alert.condition} />,
    },
    {
      key: 'company',
      title: t('company'),
      width: 84,
      render: (_, alert) => <IdText value={alert.company_code} />,
    },
    { key: 'job', title: t('job'), render: (_, alert) => job(alert) },
    {
      key: 'business_day',
      title: t('businessDay'),
      width: 104,
      render: (_, alert) => (alert.business_day ? tableDate(alert.business_day) : '-'),
    },
    { key: 'state', title: t('state'), width: 230, render: (_, alert) => state(alert) },
    {
      key: 'deliveries',
      title: t('deliveries'),
      width: 84,
      align: 'center',
      render: (_, alert) => <DeliveriesCell alert={alert} resend={resend} />,
    },
  ];

  return (
    <ResourceTable<Alert>
      data-testid="alerts-table"
      rowKey="event_id"
      minWidth={MIN_TABLE_WIDTH}
      columns={columns}
      list={list}
      t={t}
      pagination={pagination}
      {...(expandedEvent
        ? {
            expandable: {
              expandedRowKeys: [expandedEvent],
              showExpandColumn: false,
              expandedRowRender: (alert: Alert) => (
                <Flex vertical gap={4} data-testid="alert-details" style={{ maxWidth: 720 }}>
                  <Typography.Text strong>{t('deliveriesOf')}</Typography.Text>
                  <DeliveryAttempts alert={alert} resend={resend} />
                </Flex>
              ),
            },
          }
        : {})}
    />
  );
}
