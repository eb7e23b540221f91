import { App } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { pullJobMessages } from './pull-jobs.i18n';

/** Spec 001 §8 "DMS and pull jobs": 'Success / saved data successfully', or 'Not successful' + message. */
export function usePullJobDialogs() {
  const { modal } = App.useApp();
  const t = useT(pullJobMessages);
  const { showNotSuccessful: showError } = useResourceErrors(t('notSuccessful'));
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
