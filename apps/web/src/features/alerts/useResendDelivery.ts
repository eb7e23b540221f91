import type { Alert, AlertDeliveryStatus } from '@lis/contracts';
import { ROLE_RANK } from '@lis/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { alertKeys, resendDelivery } from './alerts-api';
import { alertsMessages } from './alerts.i18n';

/** A delivery of an alert, as the screen names it: the alert's event id, the channel, escalation or not. */
export const deliveryKey = (
  alert: Pick<Alert, 'event_id'>,
  delivery: Omit<AlertDeliveryStatus, 'state' | 'attempts'>,
) => `${alert.event_id}|${delivery.channel}|${delivery.escalation ? 'escalation' : 'alert'}`;

/** What the deliveries' lists need to offer Resend: whether the user may, the action, the one under way. */
export interface ResendAction {
  /** Administrators send a failed delivery again (the server checks the alert's company). */
  allowed: boolean;
  resend: (alert: Alert, delivery: AlertDeliveryStatus) => void;
  /** deliveryKey of the delivery being sent again, if any. */
  pending: string | undefined;
}

/** Resend of a failed delivery: the call, its message, and the list and the badge asked again. */
export function useResendDelivery(): ResendAction {
  const t = useT(alertsMessages);
  const { message } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const { role } = useCurrentUser();
  const mutation = useMutation({
    mutationFn: ({ alert, delivery }: { alert: Alert; delivery: AlertDeliveryStatus }) =>
      resendDelivery({
        company_code: alert.company_code,
        event_id: alert.event_id,
        channel: delivery.channel,
        escalation: delivery.escalation,
      }),
    onSuccess: (_answer, { delivery }) => void message.success(t('resent', { channel: delivery.channel })),
    onError: (error) => errors.showRefused(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
  const variables = mutation.isPending ? mutation.variables : undefined;
  return {
    allowed: role !== undefined && ROLE_RANK[role] >= ROLE_RANK.admin,
    resend: (alert, delivery) => mutation.mutate({ alert, delivery }),
    pending: variables ? deliveryKey(variables.alert, variables.delivery) : undefined,
  };
}
