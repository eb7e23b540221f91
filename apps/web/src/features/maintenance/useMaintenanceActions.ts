import type { MaintenanceWindow } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { deleteMaintenanceWindow, maintenanceKeys, saveMaintenanceWindow } from './maintenance-api';
import { toWrite, type MaintenanceFormValues } from './maintenance-form';
import { maintenanceMessages } from './maintenance.i18n';

/** New, Edit (or View) and Delete; every change reloads the lists (and each window's state with them). */
export function useMaintenanceActions(companyLabel: (code: string) => string) {
  const t = useT(maintenanceMessages);
  const { message } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.lists() }),
    [queryClient],
  );

  const form = useResourceForm<MaintenanceWindow | null, MaintenanceFormValues>({
    empty: () => null,
    save: (mode, values) => saveMaintenanceWindow(mode, toWrite(values)),
    onSaved: () => message.success(t('saved')),
    onError: errors.showRefused,
    reload,
    reloadAfter: 'saved',
  });

  const confirmDelete = useDeleteConfirmation<MaintenanceWindow>({
    t,
    content: (row) => t('deleteContent', { name: row.name, company: companyLabel(row.company_code) }),
    remove: (row) => deleteMaintenanceWindow(row.company_code, row.name),
    onDeleted: () => message.success(t('deleted')),
    onError: errors.showRefused,
    reload,
  });

  return { form, confirmDelete, showListError: errors.showError };
}
