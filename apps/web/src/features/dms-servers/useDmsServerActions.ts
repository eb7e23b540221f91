import type { DmsServer } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { addDmsServer, deleteDmsServer, dmsServerKeys, editDmsServer } from './dms-server-api';
import { toDmsServerPayload, type DmsServerFormValues } from './dms-server-form';
import { dmsServerMessages } from './dms-servers.i18n';

/** Add, edit and delete; every change is followed by a reload of the list (spec 001 §8). */
export function useDmsServerActions(companyLabel: (code: string) => string) {
  const t = useT(dmsServerMessages);
  const { modal, message } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: dmsServerKeys.lists() });

  const form = useResourceForm<DmsServer | null, DmsServerFormValues>({
    empty: () => null,
    save: (mode, values) =>
      mode === 'add' ? addDmsServer(toDmsServerPayload(values)) : editDmsServer(toDmsServerPayload(values)),
    // 'Success / saved data successfully'; a failure keeps the form open.
    onSaved: () => modal.success({ title: t('success'), content: t('saved'), okText: t('ok') }),
    onError: errors.showRefused,
    reload,
  });

  const confirmDelete = useDeleteConfirmation<DmsServer>({
    t,
    content: (server) =>
      t('deleteContent', { id: server.dms_serverid, company: companyLabel(server.companycode) }),
    remove: (server) => deleteDmsServer(server.companycode, server.dms_serverid),
    onDeleted: () => message.success(t('deleted')),
    onError: errors.showRefused,
    reload,
  });

  /** Spec 001 §5: SID, Company Code and Dms Server ID are required. */
  const warnIncomplete = useCallback(() => {
    modal.warning({ title: t('incompleteTitle'), content: t('incomplete'), okText: t('ok') });
  }, [modal, t]);

  return { form, confirmDelete, warnIncomplete, showListError: errors.showError };
}
