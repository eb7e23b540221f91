import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../platform/api/http';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { fetchPullJobLog, pullJobKeys } from './pull-job-api';
import { pullJobMessages } from './pull-jobs.i18n';

/**
 * Spec 001 §6: the log is of the companies where the signed-in user is admin ('*': all of them). A user
 * the admin lookup does not find, or who has no company, is the spec's 'NOUSER' state: nothing is loaded.
 */
export function usePullJobLog() {
  const user = useCurrentUser();
  const noUser = !user.loading && (!user.found || user.companies.length === 0);
  const query = useQuery({
    queryKey: pullJobKeys.log(),
    queryFn: ({ signal }) => fetchPullJobLog(signal),
    enabled: !user.loading && !noUser,
    retry: false,
  });

  const showErrorDialog = useErrorDialog();
  const t = useT(pullJobMessages);
  const shown = useRef<unknown>(null);
  const { error } = query;
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    if (error instanceof ApiError && error.status === 401) return;
    showErrorDialog(error, { title: t('notSuccessful') });
  }, [error, showErrorDialog, t]);

  return {
    noUser,
    /** Loading: the user lookup or the first load is running (the table shows a 'Loading...' row). */
    loading: user.loading || (query.isPending && query.fetchStatus !== 'idle'),
    refreshing: query.isFetching,
    rows: query.isError ? [] : (query.data?.result_list ?? []),
    refresh: () => void query.refetch(),
  };
}
