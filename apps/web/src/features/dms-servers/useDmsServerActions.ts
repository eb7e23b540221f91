import type { DmsServer } from '@lis/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../app/i18n/I18nProvider';
import { addDmsServer, deleteDmsServer, dmsServerKeys, editDmsServer } from './dms-server-api';
import { toDmsServerPayload, type DmsServerFormMode, type DmsServerFormValues } from './dms-server-form';
import { dmsServerMessages } from './dms-servers.i18n';
import { useDmsServerDialogs } from './useDmsServerDialogs';

interface SaveVariables {
  mode: DmsServerFormMode;
  values: DmsServerFormValues;
}

/** Add, edit and delete; every change is followed by a reload of the list. */
export function useDmsServerActions(companyLabel: (code: string) => string) {
  const t = useT(dmsServerMessages);
  const { modal, message } = App.useApp();
  const { showNotSuccessful } = useDmsServerDialogs();
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  // What the form shows; kept after closing so the title does not change during the close animation.
  const [formTarget, setFormTarget] = useState<{ mode: DmsServerFormMode; server: DmsServer | null }>({
    mode: 'add',
    server: null,
  });

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: dmsServerKeys.lists() }),
    [queryClient],
  );

  const { mutateAsync: save, isPending: saving } = useMutation({
    mutationFn: ({ mode, values }: SaveVariables) =>
      mode === 'add' ? addDmsServer(toDmsServerPayload(values)) : editDmsServer(toDmsServerPayload(values)),
  });

  const openAdd = useCallback(() => {
    setFormTarget({ mode: 'add', server: null });
    setFormOpen(true);
  }, []);

  const openEdit = useCallback((server: DmsServer) => {
    setFormTarget({ mode: 'edit', server });
    setFormOpen(true);
  }, []);

  const closeForm = useCallback(() => setFormOpen(false), []);

  /** Spec 001 §5: SID, Company Code and Dms Server ID are required. */
  const warnIncomplete = useCallback(() => {
    modal.warning({ title: t('incompleteTitle'), content: t('incomplete'), okText: t('ok') });
  }, [modal, t]);

  /** Spec 001 §8: 'Success / saved data successfully' and a reload; a failure keeps the form open. */
  const submit = useCallback(
    async (values: DmsServerFormValues) => {
      try {
        await save({ mode: formTarget.mode, values });
        closeForm();
        modal.success({ title: t('success'), content: t('saved'), okText: t('ok') });
      } catch (error) {
        showNotSuccessful(error);
      } finally {
        void reload();
      }
    },
    [save, formTarget.mode, closeForm, modal, t, showNotSuccessful, reload],
  );

  const confirmDelete = useCallback(
    (server: DmsServer) => {
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { id: server.dms_serverid, company: companyLabel(server.companycode) }),
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await deleteDmsServer(server.companycode, server.dms_serverid);
            message.success(t('deleted'));
          } catch (error) {
            showNotSuccessful(error);
          } finally {
            void reload();
          }
        },
      });
    },
    [modal, t, companyLabel, message, showNotSuccessful, reload],
  );

  return {
    formOpen,
    formTarget,
    saving,
    openAdd,
    openEdit,
    closeForm,
    submit,
    warnIncomplete,
    confirmDelete,
  };
}
