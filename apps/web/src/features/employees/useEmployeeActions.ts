import type { User } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../platform/api/http';
import { useLanguage, useT } from '../../platform/i18n/I18nProvider';
import { plural } from '../../platform/i18n/language';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { createUser, deleteUser, editUser, employeeKeys, importUsers } from './employee-api';
import { toUserPayload, type EmployeeFormValues } from './employee-form';
import { employeeMessages, UPLOAD_COUNT_KEYS } from './employees.i18n';

/** Add, edit, delete and Excel upload, each followed by a reload of the list. */
export function useEmployeeActions() {
  const t = useT(employeeMessages);
  const { language } = useLanguage();
  const { modal, message } = App.useApp();
  // Titled 'Error' with the server's message (spec 001 §8).
  const { showError, showNotSuccessful } = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
    [queryClient],
  );

  /** On failure the form stays open so nothing typed is lost; the list reloads either way. */
  const form = useResourceForm<User | null, EmployeeFormValues>({
    empty: () => null,
    save: (mode, values) =>
      mode === 'add' ? createUser(toUserPayload(values)) : editUser(toUserPayload(values)),
    onSaved: () => message.success(t('saved')),
    // Spec 001 §8: 'Not successful: User Name duplicates existing data'.
    onError: (error) =>
      error instanceof ApiError && error.code === 'USER_NAME_TAKEN'
        ? showNotSuccessful(t('duplicate'))
        : showError(error),
    reload,
  });

  const confirmDelete = useDeleteConfirmation({
    t,
    content: (user: User) => t('deleteContent', { id: user.id }),
    remove: (user: User) => deleteUser(user.id),
    onDeleted: () => message.success(t('deleted')),
    onError: showError,
    reload,
  });

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

  return { form, confirmDelete, confirmUpload, showListError: showError };
}
