import type { Alert } from '@lis/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorEffect } from '../../ui/resource/useErrorEffect';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import {
  alertListQuery,
  eventListQuery,
  eventOfAddress,
  type AlertFilterValues,
  type AlertTab,
} from './alert-filters';
import { acknowledgeAlert, alertKeys, fetchAlerts } from './alerts-api';
import { alertsMessages } from './alerts.i18n';

/** Alerts are live: the list is asked again this often while the screen is open. */
export const ALERTS_REFRESH_MS = 30_000;
const PAGE_SIZE = 25;

/**
 * The Alerts screen's state: tab, filters, page, the list, and Acknowledge (with its modal's alert).
 * An address with `?event=` (the link an alert is sent with) lists that one alert, whatever its state,
 * until `showAll`.
 */
export function useAlertList() {
  const t = useT(alertsMessages);
  const { message } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<AlertTab>('open');
  const [filters, setFilters] = useState<AlertFilterValues>({});
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZE });
  const [acknowledging, setAcknowledging] = useState<Alert>();
  const [params, setParams] = useSearchParams();
  const event = eventOfAddress(params);

  const eventQuery = event === undefined ? undefined : eventListQuery(event, page.pageSize);
  const query = eventQuery ?? alertListQuery(tab, filters, page.page, page.pageSize);
  const list = useQuery({
    queryKey: alertKeys.list(query),
    queryFn: ({ signal }) => fetchAlerts(query, signal),
    refetchInterval: ALERTS_REFRESH_MS,
    retry: false,
    // An `?event=` that cannot be an event id is not asked for: nothing is found.
    enabled: event === undefined || eventQuery !== undefined,
  });
  useErrorEffect(list.error, errors.showRefused);

  const acknowledge = useMutation({
    mutationFn: ({ alert, comment }: { alert: Alert; comment: string }) =>
      acknowledgeAlert({ event_id: alert.event_id, comment }),
    onSuccess: () => {
      setAcknowledging(undefined);
      void message.success(t('acknowledged'));
    },
    onError: (error) => errors.showRefused(error),
    // The list and the header's count both change (another operator may have been first: reloaded too).
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });

  return {
    /** The event id of the address, when it names one. */
    event,
    showAll: () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('event');
        return next;
      }),
    tab,
    changeTab: (next: AlertTab) => {
      setTab(next);
      setPage((current) => ({ ...current, page: 1 }));
    },
    search: (next: AlertFilterValues) => {
      setFilters(next);
      setPage((current) => ({ ...current, page: 1 }));
    },
    list: {
      rows: list.data?.result_list ?? [],
      total: list.data?.total_count ?? 0,
      isPending: list.isPending && list.fetchStatus !== 'idle',
      isFetching: list.isFetching,
    },
    page,
    changePage: (next: number, pageSize: number) => setPage({ page: next, pageSize }),
    acknowledging,
    startAcknowledge: setAcknowledging,
    cancelAcknowledge: () => setAcknowledging(undefined),
    acknowledge: (alert: Alert, comment: string) => acknowledge.mutate({ alert, comment }),
    saving: acknowledge.isPending,
  };
}
