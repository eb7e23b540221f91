import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { sftpMessages } from './sftp-servers.i18n';

/** Spec 001 §8: failures show a 'Not successful' dialog with the server's message. */
export function useSftpDialogs() {
  const showErrorDialog = useErrorDialog();
  const t = useT(sftpMessages);
  const showError = useCallback(
    (error: unknown) => {
      // 401: the app shell already takes the user back to sign-in.
      if (error instanceof ApiError && error.status === 401) return;
      showErrorDialog(error, { title: t('notSuccessful') });
    },
    [showErrorDialog, t],
  );
  return { showError };
}
