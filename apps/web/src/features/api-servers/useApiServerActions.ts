import type { ApiServer, FappTestResponse } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import {
  addApiServer,
  apiServerKeys,
  deleteApiServer,
  editApiServer,
  testApiServerForm,
  testSavedApiServer,
} from './api-server-api';
import { toApiServerPayload, toApiTestCall, type ApiServerFormValues } from './api-server-form';
import { apiServerMessages } from './api-servers.i18n';

export interface TestOutcome {
  url: string;
  result: FappTestResponse;
}

/** Add, edit, delete and Test Connection; every change is followed by a reload of the list. */
export function useApiServerActions(companyLabel: (code: string, name?: string) => string) {
  const t = useT(apiServerMessages);
  const { modal, message } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState(false);
  const [testOutcome, setTestOutcome] = useState<TestOutcome | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: apiServerKeys.lists() });

  /** Spec 001 §8: success says so and reloads; a failure keeps the form open with the server's message. */
  const form = useResourceForm<ApiServer | null, ApiServerFormValues>({
    empty: () => null,
    save: (mode, values) =>
      mode === 'add'
        ? addApiServer(toApiServerPayload(values, mode))
        : editApiServer(toApiServerPayload(values, mode)),
    onSaved: () => message.success(t('saved')),
    onError: errors.showRefused,
    reload,
  });

  const confirmDelete = useDeleteConfirmation<ApiServer>({
    t,
    content: (server) =>
      t('deleteContent', {
        id: server.api_serverid,
        company: companyLabel(server.companycode, server.companyname),
      }),
    remove: (server) => deleteApiServer(server.companycode, server.api_serverid),
    onDeleted: () => message.success(t('deleted')),
    onError: errors.showRefused,
    reload,
  });

  const { target, close } = form;
  const { showRefused } = errors;
  /**
   * Spec 001 §4–5: 'FAPP Test?' first; then the form closes and the function server's info is asked
   * for; the result modal opens on success, the server's message otherwise.
   */
  const confirmTest = useCallback(
    (values: ApiServerFormValues) => {
      const call = toApiTestCall(values, target.mode, target.record);
      const url = values.api_url_callfunction.trim();
      modal.confirm({
        title: t('testTitle'),
        content: t('testContent'),
        okText: t('yes'),
        cancelText: t('no'),
        onOk: async () => {
          close();
          setTesting(true);
          try {
            const result =
              call.kind === 'saved'
                ? await testSavedApiServer(call.query)
                : await testApiServerForm(call.body);
            setTestOutcome({ url, result });
          } catch (error) {
            showRefused(error, t('testFailed'));
          } finally {
            setTesting(false);
          }
        },
      });
    },
    [target, modal, t, close, showRefused],
  );

  const closeTestResult = useCallback(() => setTestOutcome(null), []);

  return {
    form,
    testing,
    testOutcome,
    confirmDelete,
    confirmTest,
    closeTestResult,
    showListError: errors.showError,
  };
}
