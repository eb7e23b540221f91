import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { jobConfigMessages } from './job-config.i18n';

/** Spec 001 §8: failures show a 'Not successful' dialog with the server's message. */
export function useJobConfigDialogs() {
  const showErrorDialog = useErrorDialog();
  const { modal } = App.useApp();
  const t = useT(jobConfigMessages);
  const showError = useCallback(
    (error: unknown) => {
      // 401: the app shell already takes the user back to sign-in.
      if (error instanceof ApiError && error.status === 401) return;
      showErrorDialog(error, { title: t('notSuccessful') });
    },
    [showErrorDialog, t],
  );
  const showSuccess = useCallback(
    (text: string) => modal.success({ title: text, okText: t('ok') }),
    [modal, t],
  );
  return { showError, showSuccess };
}
