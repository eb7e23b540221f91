import { RedoOutlined } from '@ant-design/icons';
import type { Alert, AlertDeliveryStatus } from '@lis/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { tableTime } from '../../ui/table-dates';
import { OUTCOME_COLORS } from './alert-words';
import { alertsMessages } from './alerts.i18n';
import { deliveryKey, type ResendAction } from './useResendDelivery';

type AttemptRow = Alert['deliveries'][number];

/** One attempt: its channel and number, when, the outcome and the receiver's status or the error. */
function Attempt({ attempt, after }: { attempt: AttemptRow; after?: ReactNode }) {
  const t = useT(alertsMessages);
  return (
    <Flex vertical gap={2} data-testid="alert-delivery" style={{ paddingBlock: 4 }}>
      <Flex gap={6} wrap align="center">
        <Typography.Text strong translate="no">
          {attempt.channel}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('attempt')} {attempt.attempt} · {tableTime(attempt.at)}
        </Typography.Text>
        <Tag color={OUTCOME_COLORS[attempt.outcome]} style={{ marginInlineEnd: 0 }}>
          {t(`outcome${attempt.outcome}`)}
        </Tag>
        {attempt.escalation && (
          <Tag color="purple" style={{ marginInlineEnd: 0 }}>
            {t('escalation')}
          </Tag>
        )}
        {after}
      </Flex>
      {(attempt.status !== null || attempt.error) && (
        <Typography.Text type={attempt.error ? 'danger' : undefined} style={{ fontSize: 12 }}>
          {[
            attempt.status !== null ? t('httpStatus', { status: attempt.status }) : '',
            // The deliverer words a refusal as "HTTP 503": said once, by the status.
            attempt.error === `HTTP ${attempt.status}` ? '' : (attempt.error ?? ''),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * Every delivery attempt of an alert (oldest first). Beside the last attempt of a delivery that failed,
 * *Resend* for administrators; a delivery sent again and not yet answered says so.
 */
export function DeliveryAttempts({ alert, resend }: { alert: Alert; resend: ResendAction }) {
  const t = useT(alertsMessages);
  if (alert.deliveries.length === 0)
    return <Typography.Text type="secondary">{t('noDeliveries')}</Typography.Text>;
  const states = new Map(alert.delivery_states.map((state) => [deliveryKey(alert, state), state]));
  const lastAttempt = new Map(alert.deliveries.map((attempt, index) => [deliveryKey(alert, attempt), index]));

  const after = (attempt: AttemptRow, index: number): ReactNode => {
    const key = deliveryKey(alert, attempt);
    const delivery = states.get(key);
    if (!delivery || lastAttempt.get(key) !== index) return undefined;
    if (delivery.state === 'failed' && resend.allowed)
      return <ResendButton alert={alert} delivery={delivery} resend={resend} />;
    if ((delivery.state === 'pending' || delivery.state === 'sending') && attempt.outcome === 'failed')
      return (
        <Tag color="processing" style={{ marginInlineEnd: 0 }}>
          {t('sendingAgain')}
        </Tag>
      );
    return undefined;
  };

  return (
    <>
      {alert.deliveries.map((attempt, index) => (
        <Attempt key={index} attempt={attempt} after={after(attempt, index)} />
      ))}
    </>
  );
}

function ResendButton({
  alert,
  delivery,
  resend,
}: {
  alert: Alert;
  delivery: AlertDeliveryStatus;
  resend: ResendAction;
}) {
  const t = useT(alertsMessages);
  const label = t(delivery.escalation ? 'resendEscalationTo' : 'resendTo', { channel: delivery.channel });
  return (
    <Button
      size="small"
      icon={<RedoOutlined />}
      loading={resend.pending === deliveryKey(alert, delivery)}
      disabled={resend.pending !== undefined}
      onClick={() => resend.resend(alert, delivery)}
      aria-label={label}
      title={label}
    >
      {t('resend')}
    </Button>
  );
}
