import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { dmsServerMessages } from './dms-servers.i18n';

/** Error dialogs with the server's message (spec 001 §8). */
export function useDmsServerDialogs() {
  const showErrorDialog = useErrorDialog();
  const t = useT(dmsServerMessages);

  /** A failed list: 'Error'. */
  const showError = useCallback(
    (error: unknown) => {
      // 401: the app shell already takes the user back to sign-in; a dialog on top would only be noise.
      if (error instanceof ApiError && error.status === 401) return;
      showErrorDialog(error);
    },
    [showErrorDialog],
  );

  /** A refused save or delete: 'Not successful' with the server's message. */
  const showNotSuccessful = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return;
      const answered = error instanceof ApiError && error.status > 0;
      showErrorDialog(error, answered ? { title: t('notSuccessful') } : undefined);
    },
    [showErrorDialog, t],
  );

  return { showError, showNotSuccessful };
}
