import { App } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { chainJobMessages } from './chain-jobs.i18n';

/** Spec 001 §8: a refused call shows 'Not successful' with the server's message; success says so. */
export function useChainJobDialogs() {
  const { modal } = App.useApp();
  const t = useT(chainJobMessages);
  const { showNotSuccessful: showError } = useResourceErrors(t('notSuccessful'));

  const showSuccess = useCallback(
    (content: string) => modal.success({ title: t('successTitle'), content, okText: t('ok') }),
    [modal, t],
  );

  return { showError, showSuccess };
}
