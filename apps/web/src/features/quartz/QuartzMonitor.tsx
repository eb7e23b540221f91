import { ReloadOutlined } from '@ant-design/icons';
import type { QuartzRow } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../platform/api/http';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { changeTrigger, fetchQuartz, quartzKeys } from './quartz-api';
import { companyOfGroup, EMPTY_QUARTZ_FILTERS, filterQuartzRows, type QuartzFilters } from './quartz-filter';
import { QuartzFilterPanel } from './QuartzFilterPanel';
import { QuartzTable } from './QuartzTable';
import { quartzMessages } from './quartz.i18n';

/**
 * Quartz Monitor (spec 001 "Quartz Monitor screen", DESIGN §3): every trigger of the user's companies,
 * filtered in the browser; the stop button really pauses and resumes a trigger (admins only).
 */
export function QuartzMonitor() {
  const t = useT(quartzMessages);
  const { modal, message } = App.useApp();
  const showErrorDialog = useErrorDialog();
  const { role } = useCurrentUser();
  const canControl = role === 'admin' || role === 'super_admin';
  const [filters, setFilters] = useState<QuartzFilters>(EMPTY_QUARTZ_FILTERS);
  const [busyTrigger, setBusyTrigger] = useState<string>();

  const query = useQuery({
    queryKey: quartzKeys.list(),
    queryFn: ({ signal }) => fetchQuartz(signal),
    retry: false,
  });
  const { data, error, refetch } = query;

  const showError = useCallback(
    (failure: unknown) => {
      // 401: the shell already takes the user back to sign-in.
      if (failure instanceof ApiError && failure.status === 401) return;
      showErrorDialog(failure);
    },
    [showErrorDialog],
  );
  const showErrorRef = useRef(showError);
  useEffect(() => {
    showErrorRef.current = showError;
  });
  useEffect(() => {
    if (error) showErrorRef.current(error);
  }, [error]);

  const rows = useMemo(
    () => (query.isError ? [] : filterQuartzRows(data?.result_list ?? [], filters)),
    [query.isError, data, filters],
  );

  const confirmAction = useCallback(
    (action: 'pause' | 'resume', row: QuartzRow) => {
      const values = {
        legacyId: row.jobName,
        company: companyOfGroup(row.jobGroup),
        expression: row.expression,
      };
      modal.confirm({
        title: action === 'pause' ? t('stopTitle') : t('resumeTitle'),
        content: action === 'pause' ? t('stopContent', values) : t('resumeContent', values),
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { danger: action === 'pause' },
        onOk: async () => {
          setBusyTrigger(row.trigger_id);
          try {
            await changeTrigger(action, row);
            message.success(action === 'pause' ? t('stopDone') : t('resumeDone'));
          } catch (failure) {
            showError(failure);
          } finally {
            setBusyTrigger(undefined);
            void refetch();
          }
        },
      });
    },
    [modal, message, t, showError, refetch],
  );

  return (
    <PageContainer
      title={t('title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void refetch()}>
          {t('reload')}
        </Button>
      }
    >
      <QuartzFilterPanel onChange={setFilters} />
      <QuartzTable
        rows={rows}
        loading={query.isFetching && !query.isPending}
        pending={query.isPending}
        canControl={canControl}
        busyTrigger={busyTrigger}
        onAction={confirmAction}
      />
    </PageContainer>
  );
}
