import type { User } from '@lis/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError } from '../../app/api/http';
import { useLanguage, useT } from '../../app/i18n/I18nProvider';
import { plural } from '../../app/i18n/language';
import { createUser, deleteUser, editUser, employeeKeys, importUsers } from './employee-api';
import { toUserPayload, type EmployeeFormMode, type EmployeeFormValues } from './employee-form';
import { employeeMessages, UPLOAD_COUNT_KEYS } from './employees.i18n';
import { useEmployeeDialogs } from './useEmployeeDialogs';

/** Spec 001: the screen is in one manage mode at a time; Select is the resting one. */
export type ManageMode = 'select' | 'add' | 'edit' | 'delete';

interface SaveVariables {
  mode: EmployeeFormMode;
  values: EmployeeFormValues;
}

/** Add, edit, delete and Excel upload, each followed by a reload of the list. */
export function useEmployeeActions() {
  const t = useT(employeeMessages);
  const { language } = useLanguage();
  const { modal, message } = App.useApp();
  const { showError, showNotSuccessful } = useEmployeeDialogs();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<ManageMode>('select');
  // What the form shows; kept after closing so the title does not change during the close animation.
  const [formTarget, setFormTarget] = useState<{ mode: EmployeeFormMode; user: User | null }>({
    mode: 'add',
    user: null,
  });

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
    [queryClient],
  );

  const { mutateAsync: save, isPending: saving } = useMutation({
    mutationFn: ({ mode: saveMode, values }: SaveVariables) =>
      saveMode === 'add' ? createUser(toUserPayload(values)) : editUser(toUserPayload(values)),
  });

  const openAdd = useCallback(() => {
    setFormTarget({ mode: 'add', user: null });
    setMode('add');
  }, []);

  const openEdit = useCallback((user: User) => {
    setFormTarget({ mode: 'edit', user });
    setMode('edit');
  }, []);

  const closeForm = useCallback(() => setMode('select'), []);

  /** On failure the form stays open so nothing typed is lost; the list reloads either way. */
  const submit = useCallback(
    async (values: EmployeeFormValues) => {
      if (mode !== 'add' && mode !== 'edit') return;
      try {
        await save({ mode, values });
        message.success(t('saved'));
        closeForm();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) showNotSuccessful(t('duplicate'));
        else showError(error);
      } finally {
        void reload();
      }
    },
    [mode, save, message, t, closeForm, showNotSuccessful, showError, reload],
  );

  const confirmDelete = useCallback(
    (user: User) => {
      setMode('delete');
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { id: user.id }),
        okText: t('yes'),
        cancelText: t('no'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await deleteUser(user.id);
            message.success(t('deleted'));
          } catch (error) {
            showError(error);
          } finally {
            void reload();
          }
        },
        afterClose: () => setMode('select'),
      });
    },
    [modal, message, t, showError, reload],
  );

  const confirmUpload = useCallback(
    (file: File) => {
      modal.confirm({
        title: t('uploadTitle'),
        content: t('uploadContent', { name: file.name }),
        okText: t('yes'),
        cancelText: t('no'),
        onOk: async () => {
          try {
            const answer = await importUsers(file);
            const counts = t(plural(language, answer.created, UPLOAD_COUNT_KEYS), {
              created: answer.created,
              updated: answer.updated,
            });
            modal.success({
              title: t('uploadDone'),
              content: `${answer.message} ${counts}`.trim(),
              okText: t('close'),
            });
          } catch (error) {
            showError(error);
          } finally {
            void reload();
          }
        },
      });
    },
    [modal, t, language, showError, reload],
  );

  return {
    mode,
    formOpen: mode === 'add' || mode === 'edit',
    formTarget,
    saving,
    openAdd,
    openEdit,
    closeForm,
    submit,
    confirmDelete,
    confirmUpload,
  };
}
