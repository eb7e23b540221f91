import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { apiServerMessages } from './api-servers.i18n';

/** Error dialogs with the server's message (spec 001 §8). */
export function useApiServerDialogs() {
  const showErrorDialog = useErrorDialog();
  const t = useT(apiServerMessages);

  /** A failed list: 'Error'. */
  const showError = useCallback(
    (error: unknown) => {
      // 401: the app shell already takes the user back to sign-in; a dialog on top would only be noise.
      if (error instanceof ApiError && error.status === 401) return;
      showErrorDialog(error);
    },
    [showErrorDialog],
  );

  /** A refused save, delete or test: 'Not successful' (or `title`) with the server's message. */
  const showNotSuccessful = useCallback(
    (error: unknown, title?: string) => {
      if (error instanceof ApiError && error.status === 401) return;
      const answered = error instanceof ApiError && error.status > 0;
      showErrorDialog(error, answered ? { title: title ?? t('notSuccessful') } : undefined);
    },
    [showErrorDialog, t],
  );

  return { showError, showNotSuccessful };
}
