import type { Alert } from '@lis/contracts';
import { Button, Flex, Popover, Tag, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { tableTime } from '../../ui/table-dates';
import { OUTCOME_COLORS } from './alert-words';
import { alertsMessages } from './alerts.i18n';

type Delivery = Alert['deliveries'][number];

/** One attempt: its channel and number, when, the outcome and the receiver's status or the error. */
function Attempt({ delivery }: { delivery: Delivery }) {
  const t = useT(alertsMessages);
  return (
    <Flex vertical gap={2} data-testid="alert-delivery" style={{ paddingBlock: 4 }}>
      <Flex gap={6} wrap align="center">
        <Typography.Text strong translate="no">
          {delivery.channel}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('attempt')} {delivery.attempt} · {tableTime(delivery.at)}
        </Typography.Text>
        <Tag color={OUTCOME_COLORS[delivery.outcome]} style={{ marginInlineEnd: 0 }}>
          {t(`outcome${delivery.outcome}`)}
        </Tag>
        {delivery.escalation && (
          <Tag color="purple" style={{ marginInlineEnd: 0 }}>
            {t('escalation')}
          </Tag>
        )}
      </Flex>
      {(delivery.status !== null || delivery.error) && (
        <Typography.Text type={delivery.error ? 'danger' : undefined} style={{ fontSize: 12 }}>
          {[
            delivery.status !== null ? t('httpStatus', { status: delivery.status }) : '',
            delivery.error ?? '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The number of delivery attempts, and a popover that lists each (newest last): channel, attempt,
 * time, outcome, the receiver's HTTP status or the error, and whether it was the escalation.
 */
export function DeliveriesCell({ alert }: { alert: Alert }) {
  const t = useT(alertsMessages);
  const failed = alert.deliveries.some((d) => d.outcome === 'failed');
  const content = (
    <div style={{ maxWidth: 460, maxHeight: 320, overflowY: 'auto' }} data-testid="alert-deliveries">
      {alert.deliveries.length === 0 ? (
        <Typography.Text type="secondary">{t('noDeliveries')}</Typography.Text>
      ) : (
        alert.deliveries.map((delivery, index) => <Attempt key={index} delivery={delivery} />)
      )}
    </div>
  );
  return (
    <Popover title={t('deliveriesOf')} content={content} trigger="click" placement="left">
      <Button
        size="small"
        danger={failed}
        aria-label={`${t('deliveries')}: ${alert.deliveries.length}`}
        data-testid="alert-deliveries-button"
      >
        {alert.deliveries.length}
      </Button>
    </Popover>
  );
}
