import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { employeeMessages } from './employees.i18n';

/** The error dialogs of this screen: titled 'Error' with the server's message (spec 001 §8). */
export function useEmployeeDialogs() {
  const showErrorDialog = useErrorDialog();
  const t = useT(employeeMessages);

  const showError = useCallback(
    (error: unknown) => {
      // 401: the app shell already takes the user back to sign-in; a dialog on top would only be noise.
      if (error instanceof ApiError && error.status === 401) return;
      showErrorDialog(error);
    },
    [showErrorDialog],
  );

  /** Spec 001 §8: 'Not successful: User Name duplicates existing data'. */
  const showNotSuccessful = useCallback(
    (content: string) => showErrorDialog(content, { title: t('notSuccessful') }),
    [showErrorDialog, t],
  );

  return { showError, showNotSuccessful };
}
