import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { pullJobMessages } from './pull-jobs.i18n';

/** Spec 001 §8 "DMS and pull jobs": 'Success / saved data successfully', or 'Not successful' + message. */
export function usePullJobDialogs() {
  const showErrorDialog = useErrorDialog();
  const { modal } = App.useApp();
  const t = useT(pullJobMessages);
  const showError = useCallback(
    (error: unknown) => {
      // 401: the app shell already takes the user back to sign-in.
      if (error instanceof ApiError && error.status === 401) return;
      showErrorDialog(error, { title: t('notSuccessful') });
    },
    [showErrorDialog, t],
  );
  const showSuccess = useCallback(
    (message: string) => {
      modal.success({ title: t('success'), content: message, okText: t('close') });
    },
    [modal, t],
  );
  const showWarning = useCallback(
    (content: string) => {
      modal.warning({ title: t('warningTitle'), content, okText: t('close') });
    },
    [modal, t],
  );
  return { showError, showSuccess, showWarning };
}
