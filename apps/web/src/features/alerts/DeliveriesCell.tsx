import type { Alert } from '@lis/contracts';
import { Button, Popover } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { alertsMessages } from './alerts.i18n';
import { DeliveryAttempts } from './DeliveryAttempts';
import type { ResendAction } from './useResendDelivery';

/**
 * The number of delivery attempts, and a popover that lists each (newest last): channel, attempt,
 * time, outcome, the receiver's HTTP status or the error, and whether it was the escalation; *Resend*
 * beside a failed delivery for administrators. Red while a delivery stands failed.
 */
export function DeliveriesCell({ alert, resend }: { alert: Alert; resend: ResendAction }) {
  const t = useT(alertsMessages);
  const failed = alert.delivery_states.some((delivery) => delivery.state === 'failed');
  const content = (
    <div style={{ maxWidth: 460, maxHeight: 320, overflowY: 'auto' }} data-testid="alert-deliveries">
      <DeliveryAttempts alert={alert} resend={resend} />
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
