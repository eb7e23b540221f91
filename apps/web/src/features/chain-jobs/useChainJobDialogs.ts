import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { chainJobMessages } from './chain-jobs.i18n';

/** Spec 001 §8: a refused call shows 'Not successful' with the server's message; success says so. */
export function useChainJobDialogs() {
  const showErrorDialog = useErrorDialog();
  const { modal } = App.useApp();
  const t = useT(chainJobMessages);

  const showError = useCallback(
    (error: unknown, title?: string) => {
      // 401: the app shell already takes the user back to sign-in.
      if (error instanceof ApiError && error.status === 401) return;
      showErrorDialog(error, { title: title ?? t('notSuccessful') });
    },
    [showErrorDialog, t],
  );

  const showSuccess = useCallback(
    (content: string) => modal.success({ title: t('successTitle'), content, okText: t('ok') }),
    [modal, t],
  );

  return { showError, showSuccess };
}
