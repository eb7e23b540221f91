import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../app/api/http';
import { useT } from '../../app/i18n/I18nProvider';
import { employeeMessages } from './employees.i18n';

/** The error dialogs of this screen: titled 'Error' with the server's message (spec 001 §8). */
export function useEmployeeDialogs() {
  const { modal } = App.useApp();
  const t = useT(employeeMessages);

  const showError = useCallback(
    (error: unknown) => {
      // 401 is handled by the app shell (back to sign-in); a dialog on top would only be noise.
      if (error instanceof ApiError && error.status === 401) return;
      const content =
        error instanceof ApiError && error.status === 0
          ? t('networkError')
          : error instanceof Error && error.message
            ? error.message
            : t('networkError');
      modal.error({ title: t('errorTitle'), content, okText: t('close') });
    },
    [modal, t],
  );

  const showNotSuccessful = useCallback(
    (content: string) => modal.error({ title: t('notSuccessful'), content, okText: t('close') }),
    [modal, t],
  );

  return { showError, showNotSuccessful };
}
