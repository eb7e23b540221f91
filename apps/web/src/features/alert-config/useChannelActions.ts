import type { AlertChannel, AlertChannelTestResponse } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { alertConfigKeys, deleteChannel, saveChannel, testChannel } from './alert-config-api';
import { alertConfigMessages } from './alert-config.i18n';
import { toChannelWrite, type ChannelFormValues } from './channel-form';

/** New, Edit, Delete and Send test alert of a company's channels; every change reloads its lists. */
export function useChannelActions(companyLabel: (code: string) => string) {
  const t = useT(alertConfigMessages);
  const { message } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: alertConfigKeys.all }),
    [queryClient],
  );

  const form = useResourceForm<AlertChannel | null, ChannelFormValues>({
    empty: () => null,
    save: (mode, values) => saveChannel(mode, toChannelWrite(values, mode)),
    onSaved: () => message.success(t('saved')),
    onError: errors.showRefused,
    reload,
    reloadAfter: 'saved',
  });

  const confirmDelete = useDeleteConfirmation<AlertChannel>({
    t,
    content: (row) => t('deleteChannel', { name: row.name, company: companyLabel(row.company_code) }),
    remove: (row) => deleteChannel({ company_code: row.company_code, name: row.name }),
    onDeleted: () => message.success(t('deleted')),
    onError: errors.showRefused,
    reload,
  });

  const [testing, setTesting] = useState<string>();
  const [tested, setTested] = useState<{ name: string; result: AlertChannelTestResponse } | null>(null);
  const test = useCallback(
    async (row: AlertChannel) => {
      setTesting(row.name);
      try {
        setTested({
          name: row.name,
          result: await testChannel({ company_code: row.company_code, name: row.name }),
        });
      } catch (error) {
        errors.showRefused(error);
      } finally {
        setTesting(undefined);
      }
    },
    [errors],
  );

  return {
    form,
    confirmDelete,
    testing,
    test: (row: AlertChannel) => void test(row),
    tested,
    closeTest: () => setTested(null),
    showListError: errors.showError,
  };
}
