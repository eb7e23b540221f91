import type { Alert } from '@lis/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorEffect } from '../../ui/resource/useErrorEffect';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { alertListQuery, type AlertFilterValues, type AlertTab } from './alert-filters';
import { acknowledgeAlert, alertKeys, fetchAlerts } from './alerts-api';
import { alertsMessages } from './alerts.i18n';

/** Alerts are live: the list is asked again this often while the screen is open. */
export const ALERTS_REFRESH_MS = 30_000;
const PAGE_SIZE = 25;

/** The Alerts screen's state: tab, filters, page, the list, and Acknowledge (with its modal's alert). */
export function useAlertList() {
  const t = useT(alertsMessages);
  const { message } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<AlertTab>('open');
  const [filters, setFilters] = useState<AlertFilterValues>({});
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZE });
  const [acknowledging, setAcknowledging] = useState<Alert>();

  const query = alertListQuery(tab, filters, page.page, page.pageSize);
  const list = useQuery({
    queryKey: alertKeys.list(query),
    queryFn: ({ signal }) => fetchAlerts(query, signal),
    refetchInterval: ALERTS_REFRESH_MS,
    retry: false,
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
      isPending: list.isPending,
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
