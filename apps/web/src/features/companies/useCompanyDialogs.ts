import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { companyMessages } from './companies.i18n';

/** The error dialogs of the drawer, with the server's message. */
export function useCompanyDialogs() {
  const showErrorDialog = useErrorDialog();
  const t = useT(companyMessages);

  const showError = useCallback(
    (error: unknown) => {
      // 401: the app shell already takes the user back to sign-in; a dialog on top would only be noise.
      if (error instanceof ApiError && error.status === 401) return;
      // 409 (the code exists) and 404 (the company is gone) are refusals, not failures of the server.
      const refused = error instanceof ApiError && (error.status === 409 || error.status === 404);
      showErrorDialog(error, refused ? { title: t('notSuccessful') } : undefined);
    },
    [showErrorDialog, t],
  );

  return { showError };
}
